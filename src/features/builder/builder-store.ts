/**
 * The builder's own store: the card draft, images picked but not yet uploaded, the status flags,
 * the canvas mode and the dialogs. It holds the account's stored cards so that "touched" is always
 * the domain's answer (`isDraftTouched`) for the draft against its stored card. Images upload on
 * save, not on pick, so discarding a draft leaves nothing behind.
 */
import { createContext, useContext } from 'react';
import { create, useStore } from 'zustand';
import { applyCardPatch, isDraftTouched } from '@/domain/builder';
import type { CardDraft, CardPatch } from '@/domain/builder';
import { generateHandle } from '@/domain/handles';
import type { HandleFormat } from '@/domain/handles';
import type { Card } from '@/domain/model';
import { EDITABLE_FIELDS } from '@/data/cards';
import type { ImageSlot } from '@/data/files';
import type { PendingImage } from '@/ui/image-file';

export type CanvasMode = 'mobile' | 'desktop';

/** An image picked for a slot, resized, waiting to be uploaded on save. */
export type FileSlots = Record<ImageSlot, PendingImage | null>;

export interface BuilderStatus {
  touched: boolean;
  saving: boolean;
  success: boolean;
}

export interface DuplicateDialogState {
  show: boolean;
  cardToDuplicate: Card | null;
}

export interface DeleteDialogState {
  show: boolean;
  cardToDelete: Card | null;
}

export type BuilderStore = {
  /** The card being edited; `{}` when none is open. */
  draft: CardDraft;
  /** The account's stored (non-archived) cards, as last received. */
  cards: Card[];
  cardsLoaded: boolean;
  files: FileSlots;
  status: BuilderStatus;
  canvasMode: CanvasMode;
  /** How a new handle is generated from the name. */
  handleFormat: HandleFormat;
  /** While true (a new card whose handle nobody typed), the handle follows the name. */
  handleAuto: boolean;
  duplicateDialog: DuplicateDialogState;
  deleteDialog: DeleteDialogState;

  setCards: (cards: Card[]) => void;
  /** Opens a stored card for editing (a fresh draft, no pending images). */
  loadCard: (card: Card) => void;
  /** Opens a new, not yet stored card. */
  startNewCard: (draft: CardDraft) => void;
  /** Merges a partial update into the draft (docs/product.md §4). */
  patch: (patch: CardPatch) => void;
  /** Sets the handle by hand: it stops following the name. */
  setHandle: (handle: string) => void;
  setHandleFormat: (format: HandleFormat) => void;
  setFile: (slot: ImageSlot, image: PendingImage | null) => void;
  saveStarted: () => void;
  saveFinished: (ok: boolean) => void;
  setCanvasMode: (mode: CanvasMode) => void;
  openDuplicate: (card: Card) => void;
  closeDuplicate: () => void;
  openDelete: (card: Card) => void;
  closeDelete: () => void;
  /** Closes the open card (an empty draft); the stored cards stay. */
  closeDraft: () => void;
  /** Back to the initial state: the current account changed. */
  reset: () => void;
};

export const EMPTY_FILES: Readonly<FileSlots> = {
  photoAvatar: null,
  photoBg: null,
  photoLogo: null,
  ogImage: null,
  photoSignatureLogo: null,
};

const IDLE: BuilderStatus = { touched: false, saving: false, success: false };

/**
 * The draft form of a stored card: its id, account, team and owner and the fields a person edits.
 * Stored cards are compared in this same form, so dates and bookkeeping never count as changes.
 */
export function draftFromCard(card: Card): CardDraft {
  const draft: Record<string, unknown> = { id: card.id, accountId: card.accountId };
  if (card.teamId !== undefined) draft.teamId = card.teamId;
  if (card.ownerId !== undefined) draft.ownerId = card.ownerId;
  for (const field of EDITABLE_FIELDS) draft[field] = card[field];
  draft.company = card.company ?? '';
  draft.email = card.email ?? '';
  return structuredCloneSafe(draft) as CardDraft;
}

function structuredCloneSafe<T>(value: T): T {
  return typeof structuredClone === 'function'
    ? structuredClone(value)
    : (JSON.parse(JSON.stringify(value)) as T);
}

function touchedOf(draft: CardDraft, cards: readonly Card[]): boolean {
  if (draft.id === undefined) return isDraftTouched(draft, []);
  const stored = cards.find((card) => card.id === draft.id);
  return isDraftTouched(draft, stored ? [draftFromCard(stored) as Card] : []);
}

/** A fresh builder store (the app keeps one; tests build one per test). */
export function createBuilderStore() {
  return create<BuilderStore>()((set, get) => ({
    draft: {},
    cards: [],
    cardsLoaded: false,
    files: { ...EMPTY_FILES },
    status: { ...IDLE },
    canvasMode: 'mobile',
    handleFormat: 'firstname-lastname',
    handleAuto: false,
    duplicateDialog: { show: false, cardToDuplicate: null },
    deleteDialog: { show: false, cardToDelete: null },

    setCards: (cards) => {
      const { draft } = get();
      const wasStored = draft.id !== undefined && get().cards.some((c) => c.id === draft.id);
      const stillStored = draft.id !== undefined && cards.some((c) => c.id === draft.id);
      if (wasStored && !stillStored) {
        // The open card was deleted (here or elsewhere): close it.
        set({
          cards,
          cardsLoaded: true,
          draft: {},
          files: { ...EMPTY_FILES },
          status: { ...IDLE },
        });
        return;
      }
      set((state) => ({
        cards,
        cardsLoaded: true,
        status: { ...state.status, touched: touchedOf(state.draft, cards) },
      }));
    },

    loadCard: (card) =>
      set({
        draft: draftFromCard(card),
        files: { ...EMPTY_FILES },
        status: { ...IDLE },
        handleAuto: false,
      }),

    startNewCard: (draft) =>
      set((state) => ({
        draft,
        files: { ...EMPTY_FILES },
        status: { ...IDLE, touched: touchedOf(draft, state.cards) },
        handleAuto: true,
      })),

    patch: (patch) =>
      set((state) => {
        let next = applyCardPatch(state.draft, patch);
        if (state.handleAuto && patch.name !== undefined && patch.handle === undefined) {
          next = { ...next, handle: generateHandle(patch.name, state.handleFormat) };
        }
        return {
          draft: next,
          status: { ...state.status, touched: touchedOf(next, state.cards), success: false },
        };
      }),

    setHandle: (handle) => {
      set({ handleAuto: false });
      get().patch({ handle });
    },

    setHandleFormat: (format) => set({ handleFormat: format }),

    setFile: (slot, image) => set((state) => ({ files: { ...state.files, [slot]: image } })),

    saveStarted: () =>
      set((state) => ({ status: { ...state.status, saving: true, success: false } })),

    saveFinished: (ok) =>
      set((state) => ({
        status: {
          touched: touchedOf(state.draft, state.cards),
          saving: false,
          success: ok,
        },
        ...(ok ? { files: { ...EMPTY_FILES }, handleAuto: false } : {}),
      })),

    setCanvasMode: (mode) => set({ canvasMode: mode }),

    openDuplicate: (card) => set({ duplicateDialog: { show: true, cardToDuplicate: card } }),
    closeDuplicate: () => set({ duplicateDialog: { show: false, cardToDuplicate: null } }),
    openDelete: (card) => set({ deleteDialog: { show: true, cardToDelete: card } }),
    closeDelete: () => set({ deleteDialog: { show: false, cardToDelete: null } }),

    closeDraft: () =>
      set({ draft: {}, files: { ...EMPTY_FILES }, status: { ...IDLE }, handleAuto: false }),

    reset: () =>
      set({
        draft: {},
        cards: [],
        cardsLoaded: false,
        files: { ...EMPTY_FILES },
        status: { ...IDLE },
        handleAuto: false,
        duplicateDialog: { show: false, cardToDuplicate: null },
        deleteDialog: { show: false, cardToDelete: null },
      }),
  }));
}

export type BuilderStoreApi = ReturnType<typeof createBuilderStore>;

/** The app's builder store. */
export const useBuilderStore = createBuilderStore();

/** Which builder store the screens below use: the app's, or a test's fresh one. */
export const BuilderStoreContext = createContext<BuilderStoreApi>(useBuilderStore);

/** Reads from the builder store of the nearest `BuilderStoreContext`. */
export function useBuilder<T>(selector: (state: BuilderStore) => T): T {
  return useStore(useContext(BuilderStoreContext), selector);
}

export function useBuilderStoreApi(): BuilderStoreApi {
  return useContext(BuilderStoreContext);
}
