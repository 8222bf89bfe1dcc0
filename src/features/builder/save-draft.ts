/**
 * Saving the draft: check it, check its handle is free, upload the images waiting in the file
 * slots, then create the card (one batch with its handle claim) or update it (one batch with the
 * handle change). Every refusal comes back as a message a person can act on.
 */
import type { CardDraft } from '@/domain/builder';
import type { Card, Plan } from '@/domain/model';
import { isCardCapReached } from '@/domain/plan';
import { createCard, isHandleTaken, saveCard } from '@/data/cards';
import type { NewCard } from '@/data/cards';
import { IMAGE_SLOTS, uploadCardImage } from '@/data/files';
import type { ImageSlot } from '@/data/files';
import type { CardPatch } from '@/domain/builder';
import type { FileSlots } from './builder-store';
import { HANDLE_TAKEN_MESSAGE, draftProblems, hasProblems, loadLinkRules } from './validation';

export const CAP_REACHED_MESSAGE =
  "You've used every card your plan includes. Upgrade your plan to add more cards.";
export const INVALID_DRAFT_MESSAGE = 'Please fix the highlighted fields before saving.';
export const SAVE_FAILED_MESSAGE = "The card couldn't be saved. Please try again.";
export const UPLOAD_FAILED_MESSAGE = "An image couldn't be uploaded. Please try again.";

export type SaveOutcome =
  | {
      ok: true;
      cardId: string;
      created: boolean;
      /** What saving changed in the draft (trimmed name and handle, uploaded image URLs). */
      applied: CardPatch;
    }
  | { ok: false; reason: 'invalid' | 'handle-taken' | 'cap' | 'error'; message: string };

/** Where each image slot lives in a card. */
export function slotPatch(slot: ImageSlot, url: string): CardPatch {
  switch (slot) {
    case 'photoAvatar':
    case 'photoBg':
    case 'photoLogo':
      return { template: { [slot]: url } };
    case 'ogImage':
      return { appShare: { ogImage: url } };
    case 'photoSignatureLogo':
      return { signatureBasic: { photoSignatureLogo: url } };
  }
}

function mergePatches(a: CardPatch, b: CardPatch): CardPatch {
  return {
    ...a,
    ...b,
    ...(a.template || b.template ? { template: { ...a.template, ...b.template } } : {}),
    ...(a.appShare || b.appShare ? { appShare: { ...a.appShare, ...b.appShare } } : {}),
    ...(a.signatureBasic || b.signatureBasic
      ? { signatureBasic: { ...a.signatureBasic, ...b.signatureBasic } }
      : {}),
  };
}

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
}

/** The editable card the draft describes, with uploaded image URLs in place. */
function cardFromDraft(draft: CardDraft, uploaded: CardPatch): Card {
  const template = { ...draft.template, ...uploaded.template };
  const appShare = { ...draft.appShare, ...uploaded.appShare };
  const signatureBasic = { ...draft.signatureBasic, ...uploaded.signatureBasic };
  return {
    id: draft.id ?? '',
    accountId: draft.accountId ?? '',
    isArchived: false,
    handle: (draft.handle ?? '').trim(),
    handleAllowIndex: draft.handleAllowIndex === true,
    name: (draft.name ?? '').trim(),
    title: draft.title ?? '',
    company: draft.company ?? '',
    email: draft.email ?? '',
    contacts: draft.contacts ?? [],
    appForm: draft.appForm ?? {},
    template,
    signatureBasic,
    appShare,
  };
}

export async function saveDraft(input: {
  draft: CardDraft;
  files: FileSlots;
  /** The stored card with the draft's id, or undefined for a new card. */
  stored: Card | undefined;
  ownerId: string;
  plan: Plan | null | undefined;
}): Promise<SaveOutcome> {
  const { draft, files, stored } = input;
  if (!draft.id || !draft.accountId) {
    return { ok: false, reason: 'error', message: SAVE_FAILED_MESSAGE };
  }
  let kindRule;
  try {
    kindRule = await loadLinkRules();
  } catch (err) {
    console.error('[builder] loading the link rules failed', err);
    return { ok: false, reason: 'error', message: SAVE_FAILED_MESSAGE };
  }
  if (hasProblems(draftProblems(draft, stored, kindRule))) {
    return { ok: false, reason: 'invalid', message: INVALID_DRAFT_MESSAGE };
  }
  const handle = (draft.handle ?? '').trim();
  const isNew = stored === undefined;
  if (isNew && (!input.plan || isCardCapReached(input.plan))) {
    return { ok: false, reason: 'cap', message: CAP_REACHED_MESSAGE };
  }
  try {
    if ((isNew || stored.handle !== handle) && (await isHandleTaken(handle, draft.id))) {
      return { ok: false, reason: 'handle-taken', message: HANDLE_TAKEN_MESSAGE };
    }
  } catch (err) {
    console.error('[builder] checking the handle failed', err);
    return { ok: false, reason: 'error', message: SAVE_FAILED_MESSAGE };
  }

  let uploaded: CardPatch = {};
  try {
    for (const slot of IMAGE_SLOTS) {
      const image = files[slot];
      if (!image) continue;
      const url = await uploadCardImage({
        accountId: draft.accountId,
        cardId: draft.id,
        slot,
        data: image.blob,
        contentType: image.contentType,
      });
      uploaded = mergePatches(uploaded, slotPatch(slot, url));
    }
  } catch (err) {
    console.error('[builder] uploading an image failed', err);
    return { ok: false, reason: 'error', message: UPLOAD_FAILED_MESSAGE };
  }

  const card = cardFromDraft(draft, uploaded);
  try {
    if (isNew) {
      const created: NewCard = { ...card, ownerId: input.ownerId, teamId: draft.teamId };
      await createCard(created);
    } else {
      await saveCard(card, stored.handle);
    }
    const applied = mergePatches({ name: card.name, handle: card.handle }, uploaded);
    return { ok: true, cardId: card.id, created: isNew, applied };
  } catch (err) {
    console.error('[builder] saving the card failed', err);
    if (codeOf(err) === 'permission-denied') {
      // Either someone claimed the handle a moment ago, or (on create) the card cap was reached.
      const taken = await isHandleTaken(handle, card.id).catch(() => false);
      if (taken) return { ok: false, reason: 'handle-taken', message: HANDLE_TAKEN_MESSAGE };
      if (isNew) return { ok: false, reason: 'cap', message: CAP_REACHED_MESSAGE };
    }
    return { ok: false, reason: 'error', message: SAVE_FAILED_MESSAGE };
  }
}
