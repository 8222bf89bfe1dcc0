/**
 * The builder at /builder: the account's cards, the tabbed editor of the open card with its live
 * preview, and the duplicate, delete and discard dialogs. The route passes `renderPreview` (the
 * public card's own component) and the public `hosts`, so this feature imports neither another
 * feature nor the shell. Unsaved changes are guarded by `beforeunload` and an in-app confirmation.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';
import type { CardDraft } from '@/domain/builder';
import { randomAccentColor } from '@/domain/colors';
import { generateHandle } from '@/domain/handles';
import { mergeTeamLinks } from '@/domain/links';
import type { Card, CardTemplate, Link, Template } from '@/domain/model';
import { isCardCapReached } from '@/domain/plan';
import type { PublicHosts } from '@/domain/urls';
import type { ImportedCard } from '@/domain/vcard-import';
import { newCardId, watchAccountCard } from '@/data/cards';
import { watchTemplates } from '@/data/templates';
import { subscribeAccountChanged, useAccount, useAccountStoreApi } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  BuilderStoreContext,
  useBuilder,
  useBuilderStore,
  useBuilderStoreApi,
  type BuilderStoreApi,
} from './builder-store';
import { CardEditor } from './components/card-editor';
import { CardList } from './components/card-list';
import { VCardImport } from './components/vcard-import';
import { CardPreview } from './components/card-preview';
import { ConfirmDialog } from './components/confirm-dialog';
import { DeleteDialog } from './components/delete-dialog';
import { duplicateDialog } from './builder-parts';
import { TEAM_TEMPLATE_ID, templatePatch } from './template-patch';
import { useCardListing } from './use-card-listing';
import './builder.css';

export interface CardBuilderProps {
  /** Draws a card as its public page shows it (the public card view in preview mode). */
  renderPreview: (card: Card) => ReactNode;
  /** The public hosts, for the live public link. */
  hosts: PublicHosts;
  /** The wallet passes the Share tab offers (default both). */
  wallets?: { apple: boolean; google: boolean };
  /** The builder store to use (tests pass a fresh one); the app's by default. */
  store?: BuilderStoreApi;
}

/** A vCard's links with ids of their own, so two imports never share a link id. */
function importedLinks(card: ImportedCard): Link[] {
  const stamp = Date.now().toString(36);
  return card.contacts.map((link, i) => ({ ...link, id: `link-${stamp}-${i + 1}` }));
}

export function CardBuilder({ store = useBuilderStore, ...props }: CardBuilderProps) {
  return (
    <BuilderStoreContext.Provider value={store}>
      <BuilderScreen {...props} />
    </BuilderStoreContext.Provider>
  );
}

function BuilderScreen(props: Omit<CardBuilderProps, 'store'>) {
  useDocumentTitle('Your cards');
  const store = useBuilderStoreApi();
  const accountStore = useAccountStoreApi();
  const accountId = useAccount((s) => s.currentAccountId);
  const account = useAccount((s) => s.account);
  const accountStatus = useAccount((s) => s.status);
  const gates = useAccount((s) => s.gates);
  const teams = useAccount((s) => s.teams);
  const selectedTeamId = useAccount((s) => s.selectedTeamId);
  const user = useAuth((s) => s.user);
  const ownerId = user?.id ?? '';

  const draft = useBuilder((s) => s.draft);
  const cards = useBuilder((s) => s.cards);
  const cardsLoaded = useBuilder((s) => s.cardsLoaded);
  const touched = useBuilder((s) => s.status.touched);
  const duplicating = useBuilder((s) => s.duplicateDialog.show);
  const duplicate = duplicateDialog.useLoaded(duplicating).part;

  const [templates, setTemplates] = useState<Template[]>([]);
  const [capNotice, setCapNotice] = useState(false);
  const [pending, setPending] = useState<{ run: () => void } | null>(null);

  // The draft belongs to one account: reset it whenever the current account changes (docs/product.md §4),
  // and when the builder opens on another account than the draft's.
  useEffect(() => {
    const state = store.getState();
    if (state.draft.accountId !== undefined && state.draft.accountId !== accountId) state.reset();
    return subscribeAccountChanged(() => store.getState().reset(), accountStore);
  }, [store, accountStore, accountId]);

  const listing = useCardListing(accountId, teams);
  // The open card is followed on its own (one document), wherever it is in the list: a card on a
  // page not loaded, or outside the search, still knows its stored version and its deletion.
  const [openStored, setOpenStored] = useState<{ id: string; card: Card | null } | null>(null);
  useEffect(() => {
    const id = draft.id;
    if (!accountId || id === undefined) return;
    return watchAccountCard(
      accountId,
      id,
      (card) => setOpenStored({ id, card }),
      (err) => console.error('[builder] following the open card failed', err),
    );
  }, [accountId, draft.id]);

  // The builder store's stored cards are the listed ones and the open one (its live version wins).
  useEffect(() => {
    if (!accountId || !listing.loaded) return;
    if (accountStore.getState().currentAccountId !== accountId) return;
    const open = openStored !== null && openStored.id === draft.id ? openStored.card : undefined;
    let known = listing.cards;
    if (open !== undefined) {
      known = known.filter((card) => card.id !== openStored?.id);
      if (open) known = [...known, open];
    }
    store.getState().setCards(known);
  }, [accountId, listing.loaded, listing.cards, openStored, draft.id, store, accountStore]);

  useEffect(
    () =>
      watchTemplates(setTemplates, (err) =>
        console.error('[builder] loading templates failed', err),
      ),
    [],
  );

  // Open the first card when nothing is open.
  const firstListed = listing.search === '' && listing.loaded ? listing.cards[0] : undefined;
  useEffect(() => {
    if (cardsLoaded && draft.id === undefined && firstListed)
      store.getState().loadCard(firstListed);
  }, [cardsLoaded, firstListed, draft.id, store]);

  useEffect(() => {
    if (!touched) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [touched]);

  // Leaving the builder inside the app with unsaved changes asks first, like closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      store.getState().status.touched && currentLocation.pathname !== nextLocation.pathname,
  );

  /** Runs an action that replaces the draft, asking first when it has unsaved changes. */
  const guarded = useCallback(
    (run: () => void) => {
      if (store.getState().status.touched) setPending({ run });
      else run();
    },
    [store],
  );

  const plan = account?.plan ?? null;
  const listError = listing.error;

  /** Opens a new unsaved card: blank, or filled from a vCard the owner picked (`from`). */
  function onNew(from?: ImportedCard) {
    if (!accountId || !plan || isCardCapReached(plan)) {
      setCapNotice(true);
      return;
    }
    setCapNotice(false);
    guarded(() => {
      const team = teams.find((t) => t.id === selectedTeamId) ?? teams[0] ?? null;
      // The account's first card is, nearly always, the card of the person who just signed up:
      // start it with the name and e-mail they gave. Later cards are for colleagues: blank.
      const first =
        store.getState().cards.length === 0 &&
        from === undefined &&
        listing.search === '' &&
        !listing.filter.teamId &&
        !listing.filter.sync;
      const name = from ? from.name : first ? (user?.displayName ?? '').trim() : '';
      const fresh: CardDraft = {
        id: newCardId(),
        accountId,
        ownerId,
        handle: name ? generateHandle(name, store.getState().handleFormat) : '',
        handleAllowIndex: true,
        name,
        title: from?.title ?? '',
        company: from?.company || (account?.name ?? ''),
        email: from ? from.email : first ? (user?.email ?? '') : '',
        contacts: mergeTeamLinks(from ? importedLinks(from) : [], team?.links ?? []),
        appForm: { enabled: false, fields: { name: true, email: true, phone: true } },
        template: team?.template
          ? templatePatch(TEAM_TEMPLATE_ID, team.template)
          : {
              templateId: templates[0]?.id ?? '',
              ...templates[0]?.template,
              accentColor: randomAccentColor(),
            },
        signatureBasic: { enabled: true, includePhoto: true },
        appShare: {},
      };
      if (team) fresh.teamId = team.id;
      store.getState().startNewCard(fresh);
    });
  }

  function onOpen(card: Card) {
    if (card.id === store.getState().draft.id) return;
    guarded(() => store.getState().loadCard(card));
  }

  function onDiscard() {
    const state = store.getState();
    const stored = state.cards.find((c) => c.id === state.draft.id);
    setPending({
      run: () => {
        if (stored) store.getState().loadCard(stored);
        else store.getState().closeDraft();
      },
    });
  }

  const stored = cards.find((c) => c.id === draft.id);
  const isOpen = draft.id !== undefined;
  const team = teams.find((t) => t.id === draft.teamId) ?? null;
  const teamTemplate: CardTemplate | null = team?.template ?? null;

  if (!accountId || accountStatus === 'loading' || accountStatus === 'idle') {
    return (
      <div className="builder">
        <h1 className="builder__title">Your cards</h1>
        <p className="builder-empty" role="status">
          Loading your account…
        </p>
      </div>
    );
  }

  return (
    <div className="builder">
      <div className="builder__top">
        <h1 className="builder__title">Your cards</h1>
        {account ? <p className="builder__lead">{account.name}</p> : null}
        <div className="builder__top-actions">
          <VCardImport disabled={!accountId} onUse={(card) => onNew(card)} />
        </div>
      </div>
      {listError ? (
        <p className="alert alert--error" role="alert">
          {listError}
        </p>
      ) : null}
      <div className={`builder__layout${isOpen ? '' : ' builder__layout--empty'}`}>
        <CardList
          cards={
            openStored?.card === null
              ? listing.cards.filter((card) => card.id !== openStored.id)
              : listing.cards
          }
          loaded={listing.loaded}
          listing={listing}
          teams={teams}
          openId={draft.id}
          newOpen={isOpen && stored === undefined}
          touched={touched}
          plan={plan}
          capNotice={capNotice}
          onOpen={onOpen}
          onNew={() => onNew()}
        />
        {isOpen ? (
          <>
            <CardEditor
              key={draft.id}
              draft={draft}
              stored={stored}
              hosts={props.hosts}
              {...(props.wallets ? { wallets: props.wallets } : {})}
              gates={gates}
              templates={templates}
              teamTemplate={teamTemplate}
              teamName={team?.name ?? null}
              plan={plan}
              ownerId={ownerId}
              onCapReached={() => setCapNotice(true)}
              onDiscard={onDiscard}
              renderPreview={props.renderPreview}
            />
            <CardPreview draft={draft} renderPreview={props.renderPreview} />
          </>
        ) : (
          <section className="builder-welcome" aria-labelledby="builder-welcome-title">
            <h2 id="builder-welcome-title">Create your first card</h2>
            <p>
              Add your name, contacts and links, pick a look, and share one link that works
              everywhere.
            </p>
            <button type="button" className="button button--primary" onClick={() => onNew()}>
              Create a card
            </button>
          </section>
        )}
      </div>
      {duplicate ? <duplicate.DuplicateDialog plan={plan} ownerId={ownerId} /> : null}
      <DeleteDialog hosts={props.hosts} />
      <ConfirmDialog
        open={pending !== null}
        title="Discard unsaved changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => {
          const action = pending;
          setPending(null);
          action?.run();
        }}
        onCancel={() => setPending(null)}
      >
        <p>The changes you made to this card since it was last saved will be lost.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave with unsaved changes?"
        confirmLabel="Leave and discard"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>The changes you made to this card since it was last saved will be lost.</p>
      </ConfirmDialog>
    </div>
  );
}
