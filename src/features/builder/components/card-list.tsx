import { Link } from 'react-router-dom';
import type { Card, Plan } from '../../../domain/model';
import { cardLimit } from '../../../domain/plan';
import { CAP_REACHED_MESSAGE } from '../save-draft';

/** The account's cards, the plan's usage and the way to start a new card. */
export function CardList(props: {
  cards: readonly Card[];
  loaded: boolean;
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
      {!props.loaded ? (
        <p className="builder-empty" role="status">
          Loading cards…
        </p>
      ) : (
        <ul className="card-list__items">
          {props.newOpen ? (
            <li>
              <span className="card-list__item card-list__item--current" aria-current="true">
                <span className="card-list__name">New card</span>
                <span className="card-list__meta">Not created yet</span>
              </span>
            </li>
          ) : null}
          {cards.map((card) => {
            const open = card.id === props.openId;
            return (
              <li key={card.id}>
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
          {cards.length === 0 && !props.newOpen ? (
            <li className="builder-empty">No cards yet: create your first one.</li>
          ) : null}
        </ul>
      )}
    </aside>
  );
}
