/**
 * Duplicates a card: the copy is named "Copy of …" and gets a new, unique handle (the original's
 * with -2, -3, ...), both editable before confirming. Refused with an upgrade link at the card cap.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/ui/toast';
import { duplicateCard, getCard, isHandleTaken, suggestFreeHandle } from '@/data/cards';
import type { Card, Plan } from '@/domain/model';
import { isCardCapReached } from '@/domain/plan';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/text-field';
import { useBuilder, useBuilderStoreApi } from '../builder-store';
import { CAP_REACHED_MESSAGE, SAVE_FAILED_MESSAGE } from '../save-draft';
import { HANDLE_TAKEN_MESSAGE, NAME_REQUIRED_MESSAGE, handleProblem } from '../validation';
import { cleanHandleInput } from './handle-panel';

export function DuplicateDialog(props: { plan: Plan | null; ownerId: string }) {
  const store = useBuilderStoreApi();
  const dialog = useBuilder((s) => s.duplicateDialog);
  const card = dialog.cardToDuplicate;
  const capReached = !props.plan || isCardCapReached(props.plan);
  const close = () => store.getState().closeDuplicate();
  const title = card ? `Duplicate ${card.name || 'card'}` : 'Duplicate card';

  return (
    <Dialog open={dialog.show && card !== null} title={title} onClose={close}>
      {capReached ? (
        <>
          <div className="cap-notice" role="alert">
            <p>{CAP_REACHED_MESSAGE}</p>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button button--secondary" onClick={close}>
              Close
            </button>
            <Link to="/pricing" className="button button--primary" onClick={close}>
              Upgrade plan
            </Link>
          </div>
        </>
      ) : card ? (
        <DuplicateForm key={card.id} card={card} ownerId={props.ownerId} onClose={close} />
      ) : null}
    </Dialog>
  );
}

function DuplicateForm(props: { card: Card; ownerId: string; onClose: () => void }) {
  const store = useBuilderStoreApi();
  const { card, onClose } = props;
  const [name, setName] = useState(`Copy of ${card.name}`.trim());
  const [handle, setHandle] = useState('');
  const [error, setError] = useState<{ field: 'name' | 'handle' | 'form'; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    suggestFreeHandle(card.handle || 'card')
      .then((suggestion) => {
        if (active && suggestion) setHandle((current) => current || suggestion);
      })
      .catch((err: unknown) => console.error('[builder] suggesting a handle failed', err));
    return () => {
      active = false;
    };
  }, [card.handle]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError({ field: 'name', message: NAME_REQUIRED_MESSAGE });
      return;
    }
    const problem = handleProblem(handle);
    if (problem) {
      setError({ field: 'handle', message: problem });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (await isHandleTaken(handle)) {
        const suggestion = await suggestFreeHandle(handle);
        setError({
          field: 'handle',
          message: suggestion ? `${HANDLE_TAKEN_MESSAGE} Try ${suggestion}.` : HANDLE_TAKEN_MESSAGE,
        });
        return;
      }
      const id = await duplicateCard(card, { name: name.trim(), handle, ownerId: props.ownerId });
      onClose();
      toast.success(`${name.trim()} is ready.`);
      if (!store.getState().status.touched) {
        const copy = await getCard(id);
        if (copy) store.getState().loadCard(copy);
      }
    } catch (err) {
      console.error('[builder] duplicating the card failed', err);
      const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
      if (code === 'permission-denied' && !(await isHandleTaken(handle).catch(() => false))) {
        setError({ field: 'form', message: CAP_REACHED_MESSAGE });
      } else if (code === 'permission-denied') {
        setError({ field: 'handle', message: HANDLE_TAKEN_MESSAGE });
      } else {
        setError({ field: 'form', message: SAVE_FAILED_MESSAGE });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="dialog-lead">
        The copy gets the same links, lead form and design, with its own handle.
      </p>
      <TextField
        label="Name of the copy"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error?.field === 'name' ? error.message : null}
        autoComplete="off"
      />
      <TextField
        label="Handle of the copy"
        value={handle}
        onChange={(e) => setHandle(cleanHandleInput(e.target.value))}
        error={error?.field === 'handle' ? error.message : null}
        autoComplete="off"
        spellCheck={false}
      />
      {error?.field === 'form' ? (
        <p className="field__error" role="alert">
          {error.message}{' '}
          {error.message === CAP_REACHED_MESSAGE ? <Link to="/pricing">Upgrade plan</Link> : null}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Duplicate card
        </button>
      </div>
    </form>
  );
}
