/**
 * A short confirmation ("Link copied", "QR code downloaded") shown beside the buttons that caused
 * it, where the person is looking, and read out by screen readers (a polite live region that is
 * on the page before anything is said, so the change is announced). It goes after a few seconds:
 * a confirmation is not a state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text';
import './action-status.css';

/** How long a confirmation stays. */
export const ACTION_STATUS_MS = 3000;

export interface ActionStatusState {
  readonly message: string;
  readonly tone: 'done' | 'problem';
  /** Shows `text` for a few seconds (a problem stays until the next action). */
  say(text: string, tone?: 'done' | 'problem'): void;
}

export function useActionStatus(): ActionStatusState {
  const [state, setState] = useState<{ message: string; tone: 'done' | 'problem' }>({
    message: '',
    tone: 'done',
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const say = useCallback((text: string, tone: 'done' | 'problem' = 'done') => {
    clearTimeout(timer.current);
    setState({ message: text, tone });
    if (tone === 'done') {
      timer.current = setTimeout(() => setState({ message: '', tone: 'done' }), ACTION_STATUS_MS);
    }
  }, []);
  return { ...state, say };
}

/** The live region of a group of buttons; place it right after them. */
export function ActionStatus(props: { status: ActionStatusState }) {
  const { message, tone } = props.status;
  return (
    <p
      className={`action-status${tone === 'problem' ? ' action-status--problem' : ''}`}
      role="status"
      aria-live="polite"
    >
      {message}
    </p>
  );
}

/** Copy link, with its confirmation (or the way to copy by hand) said in `status`. */
export function useCopyLink(): { status: ActionStatusState; copy(url: string): Promise<void> } {
  const status = useActionStatus();
  const { say } = status;
  const copy = useCallback(
    async (url: string) => {
      if (await copyText(url)) say('Link copied');
      else say('Could not copy: select the link and copy it.', 'problem');
    },
    [say],
  );
  return { status, copy };
}
