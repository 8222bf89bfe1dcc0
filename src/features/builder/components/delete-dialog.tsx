import { useState } from 'react';
import { toast } from '@/ui/toast';
import { deleteCard } from '@/data/cards';
import { cardPublicUrl, type PublicHosts } from '@/domain/urls';
import { useBuilder, useBuilderStoreApi } from '../builder-store';
import { ConfirmDialog } from './confirm-dialog';

/** Confirms deleting a card by its name; the card and its handle claim go in one batch. */
export function DeleteDialog(props: { hosts: PublicHosts }) {
  const store = useBuilderStoreApi();
  const dialog = useBuilder((s) => s.deleteDialog);
  const [busy, setBusy] = useState(false);
  const card = dialog.cardToDelete;
  const name = card?.name.trim() || 'this card';

  async function onConfirm() {
    if (!card) return;
    setBusy(true);
    try {
      await deleteCard(card);
      store.getState().closeDelete();
      toast.success(`${name} has been deleted.`);
    } catch (err) {
      console.error('[builder] deleting the card failed', err);
      toast.error(`${name} couldn't be deleted. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={dialog.show && card !== null}
      title={`Delete ${name}?`}
      confirmLabel="Delete card"
      danger
      busy={busy}
      onConfirm={() => void onConfirm()}
      onCancel={() => store.getState().closeDelete()}
    >
      <p>
        The card <strong>{name}</strong> will be removed from every list, and its public link will
        stop working:
      </p>
      {card ? <p className="dialog-url">{cardPublicUrl(card, props.hosts)}</p> : null}
      <p>This can&apos;t be undone.</p>
    </ConfirmDialog>
  );
}
