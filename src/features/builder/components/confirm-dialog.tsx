import type { ReactNode } from 'react';
import { Dialog } from '@/ui/dialog';

/** A yes/no question in the app's accessible dialog; the safe choice comes first. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onCancel}>
      <div className="confirm-dialog__text">{props.children}</div>
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
          onClick={props.onConfirm}
          disabled={props.busy}
          aria-busy={props.busy || undefined}
        >
          {props.busy ? <span className="spinner" aria-hidden="true" /> : null}
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
