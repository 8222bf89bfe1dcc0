/**
 * The editor of the open card: its header (name, unsaved/saved state, save, discard, duplicate,
 * delete, public link) and one tab per group of the card.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { StrokeIcon } from '@/card-view/components/stroke-icon';
import { toast } from '@/ui/toast';
import type { CardDraft } from '@/domain/builder';
import type { Gates } from '@/domain/gates';
import type { Card, CardTemplate, Plan, Template } from '@/domain/model';
import { cardPublicUrl, type PublicHosts } from '@/domain/urls';
import { useBuilder, useBuilderStoreApi } from '../builder-store';
import { saveDraft } from '../save-draft';
import { useHandleCheck, type HandleCheck } from '../use-handle-check';
import {
  EMPTY_LINK_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  draftProblems,
  loadedLinkRules,
  loadLinkRules,
  type KindRule,
} from '../validation';
import { editorTabs, preloadBuilderParts } from '../builder-parts';
import { ProfilePanel } from './profile-panel';
import { Tabs, type TabItem } from '@/ui/tabs';

/**
 * Every save's outcome shows in this one toast: a new outcome replaces the last, so "Please fix the
 * highlighted fields…" from a refused save never stays up beside "Changes saved." from the next.
 */
export const SAVE_TOAST_ID = 'card-save';

const NO_WALLETS = { apple: true, google: true };

export type EditorTab =
  'profile' | 'links' | 'lead' | 'design' | 'signature' | 'share' | 'handle' | 'analytics';

const ACTION_ICONS = {
  view: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  duplicate: 'M9 9h10v10H9zM5 15V5h10',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const;

/** A line icon of the card's actions, drawn inline (no icon font or sprite to load). */
function ActionIcon({ name }: { name: keyof typeof ACTION_ICONS }) {
  return (
    <StrokeIcon size={18}>
      <path d={ACTION_ICONS[name]} />
    </StrokeIcon>
  );
}

const OWN_HANDLE: HandleCheck = { state: 'free' };

/** Loads the link rules once the editor is on screen; them once loaded (see validation.ts). */
function useLinkRules(): KindRule | null {
  const [rule, setRule] = useState<KindRule | null>(loadedLinkRules);
  useEffect(() => {
    if (rule) return;
    let live = true;
    loadLinkRules().then(
      (loaded) => {
        if (live) setRule(() => loaded);
      },
      (err: unknown) => console.error('[builder] loading the link rules failed', err),
    );
    return () => {
      live = false;
    };
  }, [rule]);
  return rule;
}

export function CardEditor(props: {
  draft: CardDraft;
  stored: Card | undefined;
  hosts: PublicHosts;
  /** The wallet passes the Share tab offers (default both). */
  wallets?: { apple: boolean; google: boolean };
  gates: Gates;
  templates: readonly Template[];
  teamTemplate: CardTemplate | null;
  teamName: string | null;
  plan: Plan | null;
  ownerId: string;
  onCapReached: () => void;
  onDiscard: () => void;
  /** The card view the preview draws with; the Design tab's template thumbnails use it too. */
  renderPreview: (card: Card) => ReactNode;
}) {
  const store = useBuilderStoreApi();
  const status = useBuilder((s) => s.status);
  const { draft, stored, hosts } = props;
  const [tab, setTab] = useState<EditorTab>('profile');
  const [attempted, setAttempted] = useState(false);
  const kindRule = useLinkRules();
  // Downloaded as soon as the editor is on screen, so that a tab opens at once when picked; the
  // editor draws again for it only once a tab other than Profile is picked.
  useEffect(() => {
    // A failure shows where the part is used (the tab, the dialog); this only starts the download.
    preloadBuilderParts().catch(() => undefined);
  }, []);
  const problems = useMemo(() => draftProblems(draft, stored, kindRule), [draft, stored, kindRule]);
  const handle = draft.handle ?? '';
  const ownHandle = stored !== undefined && stored.handle === handle;
  const check = useHandleCheck(ownHandle ? '' : handle, draft.id);
  const isNew = stored === undefined;

  // Links the person has left (blurred): a value that does not fit its kind shows from then on,
  // not at the first keystroke of a number that is still being typed.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const onLinkLeft = useCallback(
    (id: string) => setVisited((prev) => (prev.has(id) ? prev : new Set(prev).add(id))),
    [],
  );

  // Unsafe links show at once, values that do not fit their kind once the field is left, blanks
  // only once a save was tried.
  const linkProblems = useMemo(() => {
    if (attempted) return problems.links;
    const shown: Record<string, string> = {};
    for (const [id, message] of Object.entries(problems.links)) {
      if (message === EMPTY_LINK_MESSAGE) continue;
      if (message === UNSAFE_LINK_MESSAGE || visited.has(id)) shown[id] = message;
    }
    return shown;
  }, [problems.links, attempted, visited]);
  const nameError = attempted ? problems.name : null;
  const handleError = handle !== '' || attempted ? problems.handle : null;
  const handleTaken = !ownHandle && check.state === 'taken';
  const blocking =
    Object.keys(linkProblems).length + (nameError ? 1 : 0) + (handleError || handleTaken ? 1 : 0);

  const tabs: TabItem<EditorTab>[] = [
    { key: 'profile', label: 'Profile', alert: nameError !== null },
    { key: 'links', label: 'Contacts & links', alert: Object.keys(linkProblems).length > 0 },
    { key: 'lead', label: 'Lead form' },
    { key: 'design', label: 'Design' },
    { key: 'signature', label: 'Signature' },
    { key: 'share', label: 'Share' },
    { key: 'handle', label: 'Handle', alert: handleError !== null || handleTaken },
    ...(isNew ? [] : [{ key: 'analytics' as const, label: 'Analytics' }]),
  ];
  const currentTab = tabs.some((t) => t.key === tab) ? tab : 'profile';
  const { part: tabsPart, failed: tabsFailed } = editorTabs.useLoaded(currentTab !== 'profile');

  async function onSave() {
    setAttempted(true);
    const rule = loadedLinkRules() ?? (await loadLinkRules().catch(() => null));
    const state = store.getState();
    const all = draftProblems(
      state.draft,
      state.cards.find((card) => card.id === state.draft.id),
      rule,
    );
    if (all.name) setTab('profile');
    else if (Object.keys(all.links).length > 0) setTab('links');
    else if (all.handle) setTab('handle');
    state.saveStarted();
    const outcome = await saveDraft({
      draft: state.draft,
      files: state.files,
      stored: state.cards.find((card) => card.id === state.draft.id),
      ownerId: props.ownerId,
      plan: props.plan,
    });
    if (outcome.ok) {
      store.getState().patch(outcome.applied);
      store.getState().saveFinished(true);
      setAttempted(false);
      toast.success(outcome.created ? 'Card created.' : 'Changes saved.', { id: SAVE_TOAST_ID });
      return;
    }
    store.getState().saveFinished(false);
    if (outcome.reason === 'cap') props.onCapReached();
    if (outcome.reason === 'handle-taken') setTab('handle');
    toast.error(outcome.message, { id: SAVE_TOAST_ID });
  }

  const title = (draft.name ?? '').trim() || (isNew ? 'New card' : 'Untitled card');
  const publicUrl = stored ? cardPublicUrl(stored, hosts) : null;

  return (
    <section className="card-editor" aria-labelledby="card-editor-title">
      <div className="card-editor__header">
        <div className="card-editor__heading">
          <h2 id="card-editor-title" className="card-editor__title">
            {title}
          </h2>
          <p className="card-editor__state" role="status" aria-live="polite">
            {status.saving ? (
              <span className="pill pill--busy">Saving…</span>
            ) : status.touched ? (
              <span className="pill pill--unsaved">
                {isNew ? 'New card — not created yet' : 'Unsaved changes'}
              </span>
            ) : status.success ? (
              <span className="pill pill--saved">All changes saved</span>
            ) : (
              <span className="pill">Saved</span>
            )}
          </p>
        </div>
        {/* One row at every width, even with "Discard changes" showing: the card's own actions
            are icons (named for assistive technology, with a tooltip), and on a phone the two
            draft buttons say only "Discard" and "Save". */}
        <div className="card-editor__actions">
          {publicUrl ? (
            <a
              className="icon-button card-editor__icon"
              href={publicUrl}
              target="_blank"
              rel="noopener noreferrer"
              title="View card"
            >
              <ActionIcon name="view" />
              <span className="visually-hidden">View card (opens in a new tab)</span>
            </a>
          ) : null}
          {stored ? (
            <>
              <button
                type="button"
                className="icon-button card-editor__icon"
                title="Duplicate"
                onClick={() => store.getState().openDuplicate(stored)}
              >
                <ActionIcon name="duplicate" />
                <span className="visually-hidden">Duplicate</span>
              </button>
              <button
                type="button"
                className="icon-button icon-button--danger card-editor__icon"
                title="Delete"
                onClick={() => store.getState().openDelete(stored)}
              >
                <ActionIcon name="delete" />
                <span className="visually-hidden">Delete</span>
              </button>
            </>
          ) : null}
          {status.touched ? (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={isNew ? undefined : 'Discard changes'}
              onClick={props.onDiscard}
              disabled={status.saving}
            >
              {isNew ? (
                'Cancel'
              ) : (
                <>
                  Discard
                  <span className="card-editor__long" aria-hidden="true">
                    changes
                  </span>
                </>
              )}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void onSave()}
            disabled={status.saving}
            aria-busy={status.saving || undefined}
            aria-label={isNew ? undefined : 'Save changes'}
          >
            {status.saving ? <span className="spinner" aria-hidden="true" /> : null}
            {isNew ? (
              'Create card'
            ) : (
              <>
                Save
                <span className="card-editor__long" aria-hidden="true">
                  changes
                </span>
              </>
            )}
          </button>
        </div>
      </div>
      {blocking > 0 ? (
        <p className="card-editor__problems" role="alert">
          {blocking === 1
            ? 'One thing needs fixing before this card can be saved.'
            : `${blocking} things need fixing before this card can be saved.`}
        </p>
      ) : null}
      <Tabs
        label="Card settings"
        classPrefix="builder-tabs"
        tabs={tabs}
        selected={currentTab}
        onSelect={setTab}
      >
        {currentTab === 'profile' ? <ProfilePanel draft={draft} nameError={nameError} /> : null}
        {currentTab === 'profile' ? null : tabsPart ? (
          <tabsPart.EditorTab
            tab={currentTab}
            draft={draft}
            stored={stored}
            hosts={hosts}
            wallets={props.wallets ?? NO_WALLETS}
            gates={props.gates}
            templates={props.templates}
            teamTemplate={props.teamTemplate}
            teamName={props.teamName}
            renderPreview={props.renderPreview}
            linkProblems={linkProblems}
            onLinkLeft={onLinkLeft}
            handleCheck={ownHandle ? OWN_HANDLE : check}
            handleError={handleError}
            publicUrl={publicUrl}
          />
        ) : (
          <p className="builder-empty" role={tabsFailed ? 'alert' : 'status'}>
            {tabsFailed ? "This tab couldn't be loaded. Please reload the page." : 'Loading…'}
          </p>
        )}
      </Tabs>
    </section>
  );
}
