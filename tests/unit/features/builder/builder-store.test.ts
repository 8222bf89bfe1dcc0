import { describe, expect, it } from 'vitest';
import type { Card } from '@/domain/model';
import { createBuilderStore, draftFromCard } from '@/features/builder/builder-store';

function card(overrides: Partial<Card> = {}): Card {
  return {
    id: 'c1',
    handle: 'ada-lovelace',
    handleAllowIndex: true,
    name: 'Ada Lovelace',
    title: 'Analyst',
    accountId: 'acme',
    isArchived: false,
    contacts: [{ id: 'l1', name: 'Phone', label: 'Mobile', value: '+1 555 0100' }],
    appForm: { enabled: true },
    template: { accentColor: '#f5c542', buttonStyle: 'fill' },
    signatureBasic: { enabled: true },
    appShare: { title: 'Ada' },
    company: 'Acme',
    email: 'ada@acme.test',
    dateCreated: new Date('2025-01-01T00:00:00Z'),
    dateUpdated: new Date('2025-01-02T00:00:00Z'),
    ...overrides,
  };
}

describe('builder store', () => {
  it('starts with an empty draft, idle flags, mobile canvas and closed dialogs', () => {
    const s = createBuilderStore().getState();
    expect(s.draft).toEqual({});
    expect(s.status).toEqual({ touched: false, saving: false, success: false });
    expect(s.canvasMode).toBe('mobile');
    expect(s.files).toEqual({
      photoAvatar: null,
      photoBg: null,
      photoLogo: null,
      ogImage: null,
      photoSignatureLogo: null,
    });
    expect(s.duplicateDialog).toEqual({ show: false, cardToDuplicate: null });
    expect(s.deleteDialog).toEqual({ show: false, cardToDelete: null });
  });

  it('a loaded card is untouched until a field changes, and touched again only while different', () => {
    const store = createBuilderStore();
    const stored = card();
    store.getState().setCards([stored]);
    store.getState().loadCard(stored);
    expect(store.getState().status.touched).toBe(false);
    store.getState().patch({ title: 'Countess' });
    expect(store.getState().status.touched).toBe(true);
    store.getState().patch({ title: 'Analyst' });
    expect(store.getState().status.touched).toBe(false);
  });

  it('merges group patches and replaces contacts whole', () => {
    const store = createBuilderStore();
    store.getState().loadCard(card());
    store.getState().patch({ template: { buttonStyle: 'ghost' }, appShare: { description: 'Hi' } });
    store.getState().patch({ contacts: [] });
    const { draft } = store.getState();
    expect(draft.template).toEqual({ accentColor: '#f5c542', buttonStyle: 'ghost' });
    expect(draft.appShare).toEqual({ title: 'Ada', description: 'Hi' });
    expect(draft.contacts).toEqual([]);
  });

  it('dates and bookkeeping on the stored card never count as changes', () => {
    const store = createBuilderStore();
    store.getState().setCards([card()]);
    store.getState().loadCard(card());
    store.getState().setCards([card({ dateUpdated: new Date('2026-01-01T00:00:00Z') })]);
    expect(store.getState().status.touched).toBe(false);
  });

  it('a saved change that comes back from the backend clears touched', () => {
    const store = createBuilderStore();
    store.getState().setCards([card()]);
    store.getState().loadCard(card());
    store.getState().patch({ name: 'Ada King' });
    store.getState().saveStarted();
    expect(store.getState().status.saving).toBe(true);
    store.getState().setCards([card({ name: 'Ada King' })]);
    store.getState().saveFinished(true);
    expect(store.getState().status).toEqual({ touched: false, saving: false, success: true });
    store.getState().patch({ title: 'x' });
    expect(store.getState().status.success).toBe(false);
  });

  it("a new card's handle follows its name in the chosen format until typed by hand", () => {
    const store = createBuilderStore();
    store.getState().setHandleFormat('f-lastname');
    store.getState().startNewCard({ id: 'new', accountId: 'acme' });
    store.getState().patch({ name: 'Grace Hopper' });
    expect(store.getState().draft.handle).toBe('g-hopper');
    store.getState().setHandle('amazing-grace');
    store.getState().patch({ name: 'Grace B. Hopper' });
    expect(store.getState().draft.handle).toBe('amazing-grace');
  });

  it('a stored card never has its handle regenerated from a name change', () => {
    const store = createBuilderStore();
    store.getState().loadCard(card());
    store.getState().patch({ name: 'Someone Else' });
    expect(store.getState().draft.handle).toBe('ada-lovelace');
  });

  it('closes the open card when it disappears from the stored cards', () => {
    const store = createBuilderStore();
    store.getState().setCards([card()]);
    store.getState().loadCard(card());
    store.getState().setCards([]);
    expect(store.getState().draft).toEqual({});
  });

  it('opens and closes the duplicate and delete dialogs with their card', () => {
    const store = createBuilderStore();
    const c = card();
    store.getState().openDuplicate(c);
    expect(store.getState().duplicateDialog).toEqual({ show: true, cardToDuplicate: c });
    store.getState().closeDuplicate();
    expect(store.getState().duplicateDialog.show).toBe(false);
    store.getState().openDelete(c);
    expect(store.getState().deleteDialog).toEqual({ show: true, cardToDelete: c });
    store.getState().closeDelete();
    expect(store.getState().deleteDialog).toEqual({ show: false, cardToDelete: null });
  });

  it('keeps picked images in their slot and clears them on save and reset', () => {
    const store = createBuilderStore();
    const image = {
      blob: new Blob(['x']),
      contentType: 'image/png',
      previewUrl: 'data:image/png;base64,eA==',
    };
    store.getState().setFile('ogImage', image);
    expect(store.getState().files.ogImage).toBe(image);
    store.getState().saveFinished(true);
    expect(store.getState().files.ogImage).toBeNull();
    store.getState().setFile('photoLogo', image);
    store.getState().reset();
    expect(store.getState().files.photoLogo).toBeNull();
  });

  it('reset empties the draft and the stored list (the account changed)', () => {
    const store = createBuilderStore();
    store.getState().setCards([card()]);
    store.getState().loadCard(card());
    store.getState().setCanvasMode('desktop');
    store.getState().reset();
    expect(store.getState().draft).toEqual({});
    expect(store.getState().cards).toEqual([]);
    expect(store.getState().cardsLoaded).toBe(false);
  });

  it('draftFromCard keeps only what a person edits plus ids', () => {
    const draft = draftFromCard(card());
    expect(Object.keys(draft).sort()).toEqual(
      [
        'id',
        'accountId',
        'handle',
        'handleAllowIndex',
        'name',
        'title',
        'company',
        'email',
        'contacts',
        'appForm',
        'template',
        'signatureBasic',
        'appShare',
      ].sort(),
    );
  });
});
