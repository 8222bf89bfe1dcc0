import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Card, Plan, Team } from '@/domain/model';
import { cardLimit } from '@/domain/plan';
import { CAP_REACHED_MESSAGE } from '../save-draft';
import type { CardListing } from '../use-card-listing';

/** The height of one row of the list, in px (builder.css `.card-list__row`). */
export const CARD_ROW_HEIGHT = 60;
/** Rows drawn above and below the visible ones, so a fast scroll shows no gap. */
const OVERSCAN = 6;
/** The viewport assumed before the list is measured (and where nothing is laid out, in tests). */
const FALLBACK_VIEWPORT = 600;

/**
 * The rows a scroll position shows: only these are in the page, so an account's 10,000 cards cost
 * the same to draw as 20. Rows have one fixed height, which is all the windowing needs (a library
 * that measures rows would buy nothing here).
 */
export function visibleRange(
  count: number,
  scrollTop: number,
  viewport: number,
): { start: number; end: number } {
  const height = viewport > 0 ? viewport : FALLBACK_VIEWPORT;
  const start = Math.max(0, Math.floor(scrollTop / CARD_ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scrollTop + height) / CARD_ROW_HEIGHT) + OVERSCAN);
  return { start, end };
}

/** The account's cards (searchable, filtered, paged), the plan's usage and a way to start a card. */
export function CardList(props: {
  cards: readonly Card[];
  loaded: boolean;
  /** Search, filters and paging; without it the list shows `cards` as given. */
  listing?: CardListing;
  teams?: readonly Team[];
  openId: string | undefined;
  /** The open draft is a new card not stored yet. */
  newOpen: boolean;
  touched: boolean;
  plan: Plan | null;
  capNotice: boolean;
  onOpen: (card: Card) => void;
  onNew: () => void;
}) {
  const { cards, plan } = props;
  const limit = plan ? cardLimit(plan) : 0;
  const inUse = plan ? plan.cardsInUse : 0;
  return (
    <aside className="card-list" aria-labelledby="card-list-title">
      <div className="card-list__head">
        <h2 id="card-list-title" className="card-list__title">
          Cards
        </h2>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={props.onNew}
        >
          <span aria-hidden="true">+</span> New card
        </button>
      </div>
      {plan ? (
        <div className="card-usage">
          <span>
            {inUse} of {limit} cards used
          </span>
          <span className="card-usage__bar" aria-hidden="true">
            <span style={{ width: `${limit > 0 ? Math.min(100, (inUse / limit) * 100) : 100}%` }} />
          </span>
        </div>
      ) : null}
      {props.capNotice ? (
        <div className="cap-notice" role="alert">
          <p>{CAP_REACHED_MESSAGE}</p>
          <Link to="/pricing" className="cap-notice__link">
            Upgrade your plan
          </Link>
        </div>
      ) : null}
      {props.listing ? <ListTools listing={props.listing} teams={props.teams ?? []} /> : null}
      {!props.loaded ? (
        <p className="builder-empty" role="status">
          {props.listing?.searching ? 'Searching…' : 'Loading cards…'}
        </p>
      ) : (
        <>
          <ListCount shown={cards.length} inUse={plan ? inUse : null} listing={props.listing} />
          {props.newOpen ? (
            <span className="card-list__item card-list__item--current" aria-current="true">
              <span className="card-list__name">New card</span>
              <span className="card-list__meta">Not created yet</span>
            </span>
          ) : null}
          {cards.length > 0 ? (
            <WindowedCards
              cards={cards}
              openId={props.openId}
              touched={props.touched}
              onOpen={props.onOpen}
              onEnd={() => {
                if (props.listing?.hasMore && props.listing.search === '') props.listing.loadMore();
              }}
            />
          ) : !props.newOpen ? (
            <p className="builder-empty">
              {props.listing && (props.listing.search !== '' || hasFilter(props.listing))
                ? 'No cards match.'
                : 'No cards yet: create your first one.'}
            </p>
          ) : null}
          {props.listing?.hasMore && props.listing.search === '' ? (
            <button
              type="button"
              className="button button--small card-list__more"
              onClick={props.listing.loadMore}
              disabled={props.listing.loadingMore}
            >
              {props.listing.loadingMore ? 'Loading…' : 'Load more cards'}
            </button>
          ) : null}
        </>
      )}
    </aside>
  );
}

function hasFilter(listing: CardListing): boolean {
  return Boolean(listing.filter.teamId || listing.filter.sync);
}

function ListTools(props: { listing: CardListing; teams: readonly Team[] }) {
  const { listing } = props;
  return (
    <div className="card-list__tools">
      <label className="card-list__search">
        <span className="visually-hidden">Search cards</span>
        <input
          type="search"
          placeholder="Name, handle or team"
          value={listing.search}
          maxLength={200}
          onChange={(event) => listing.setSearch(event.target.value)}
        />
      </label>
      <div className="card-list__filters">
        {props.teams.length > 1 ? (
          <label>
            <span className="visually-hidden">Team</span>
            <select
              value={listing.filter.teamId ?? ''}
              onChange={(event) =>
                listing.setFilter({ ...listing.filter, teamId: event.target.value || undefined })
              }
            >
              <option value="">All teams</option>
              {props.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          <span className="visually-hidden">Team sync</span>
          <select
            value={listing.filter.sync ?? ''}
            onChange={(event) =>
              listing.setFilter({
                ...listing.filter,
                sync: (event.target.value || undefined) as CardListing['filter']['sync'],
              })
            }
          >
            <option value="">Any team sync</option>
            <option value="links-off">Not taking team links</option>
            <option value="branding-off">Not taking branding</option>
          </select>
        </label>
      </div>
    </div>
  );
}

/** How many cards the list shows against the account's true count (the plan's, not the page's). */
function ListCount(props: {
  shown: number;
  inUse: number | null;
  listing?: CardListing | undefined;
}) {
  const { listing } = props;
  if (!listing) return null;
  let text: string;
  if (listing.search !== '') {
    text = listing.hasMore
      ? `First ${props.shown} matches: type more to narrow the search`
      : `${props.shown} ${props.shown === 1 ? 'match' : 'matches'}`;
  } else if (hasFilter(listing)) {
    text = `${props.shown}${listing.hasMore ? '+' : ''} ${props.shown === 1 ? 'card' : 'cards'} in this view`;
  } else if (props.inUse !== null) {
    text = `Showing ${props.shown} of ${props.inUse} cards`;
  } else {
    text = `Showing ${props.shown} cards`;
  }
  return (
    <p className="card-list__count" role="status">
      {text}
    </p>
  );
}

function WindowedCards(props: {
  cards: readonly Card[];
  openId: string | undefined;
  touched: boolean;
  onOpen: (card: Card) => void;
  onEnd: () => void;
}) {
  const { cards } = props;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const node = viewportRef.current;
    if (node) setScroll({ top: node.scrollTop, height: node.clientHeight });
  }, []);
  const { start, end } = visibleRange(cards.length, scroll.top, scroll.height);
  const nearEnd = end >= cards.length;
  const onEnd = props.onEnd;
  useEffect(() => {
    // Scrolling to the end of what is loaded reads the next page.
    if (nearEnd && scroll.top > 0) onEnd();
  }, [nearEnd, scroll.top, onEnd]);
  return (
    <div
      ref={viewportRef}
      className="card-list__viewport"
      onScroll={(event) =>
        setScroll({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })
      }
    >
      <ul
        className="card-list__items"
        style={{ height: cards.length * CARD_ROW_HEIGHT }}
        aria-label="Your cards"
      >
        {cards.slice(start, end).map((card, offset) => {
          const index = start + offset;
          const open = card.id === props.openId;
          return (
            <li
              key={card.id}
              className="card-list__row"
              style={{ transform: `translateY(${index * CARD_ROW_HEIGHT}px)` }}
              aria-setsize={cards.length}
              aria-posinset={index + 1}
            >
              <button
                type="button"
                className={`card-list__item${open ? ' card-list__item--current' : ''}`}
                aria-current={open ? 'true' : undefined}
                onClick={() => props.onOpen(card)}
              >
                <span
                  className="card-list__dot"
                  style={{
                    background: card.template.accentColor ?? 'var(--color-accent, #4f46e5)',
                  }}
                  aria-hidden="true"
                />
                <span className="card-list__text">
                  <span className="card-list__name">{card.name || 'Untitled card'}</span>
                  <span className="card-list__meta">
                    /{card.handle}
                    {open && props.touched ? ' · unsaved' : ''}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
