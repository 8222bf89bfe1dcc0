/**
 * Checks, shortly after typing stops, whether the draft's handle is free (its `handles/{handle}`
 * claim is missing or is this card's own) and, when taken, finds a free suggestion (-2, -3, ...).
 */
import { useEffect, useState } from 'react';
import { isHandleTaken, suggestFreeHandle } from '@/data/cards';
import { handleProblem } from './validation';

export type HandleCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'free' }
  | { state: 'taken'; suggestion: string | null }
  | { state: 'error' };

export const HANDLE_CHECK_DELAY_MS = 300;

export function useHandleCheck(handle: string, cardId: string | undefined): HandleCheck {
  const [result, setResult] = useState<{ handle: string; check: HandleCheck }>({
    handle: '',
    check: { state: 'idle' },
  });
  const valid = handle !== '' && handleProblem(handle) === null;

  useEffect(() => {
    if (!valid) return;
    let active = true;
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const taken = await isHandleTaken(handle, cardId);
          if (!active) return;
          if (!taken) {
            setResult({ handle, check: { state: 'free' } });
            return;
          }
          const suggestion = await suggestFreeHandle(handle, cardId);
          if (active) setResult({ handle, check: { state: 'taken', suggestion } });
        } catch (err) {
          console.error('[builder] checking the handle failed', err);
          if (active) setResult({ handle, check: { state: 'error' } });
        }
      })();
    }, HANDLE_CHECK_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [handle, cardId, valid]);

  if (!valid) return { state: 'idle' };
  return result.handle === handle ? result.check : { state: 'checking' };
}
