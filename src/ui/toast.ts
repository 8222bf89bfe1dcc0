/**
 * The app's notices (`toast.success`, `toast.error`), with react-hot-toast loaded when the first
 * one is shown: the library and its styling engine are about 5 KiB the first screen never needs.
 * A notice asked for meanwhile shows once the library is in; `AppToaster` mounts its area then.
 */
import type * as HotToastModule from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

type HotToast = typeof HotToastModule;

/** What a notice may set: `id` replaces the notice shown with that id, `duration` in ms. */
export type NoticeOptions = Pick<ToastOptions, 'id' | 'duration'>;

let library: Promise<HotToast> | undefined;
const listeners = new Set<() => void>();

/** Loads react-hot-toast, once; the toaster mounts from then on. */
export function loadToasts(): Promise<HotToast> {
  if (!library) {
    library = import('react-hot-toast');
    for (const listener of listeners) listener();
  }
  return library;
}

/** Whether a notice has been asked for, so that the toaster should be on the page. */
export function toastsRequested(): boolean {
  return library !== undefined;
}

/** Calls back once the first notice is asked for (for `useSyncExternalStore`). */
export function subscribeToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = {
  success(message: string, options?: NoticeOptions): void {
    void loadToasts().then(({ default: hot }) => hot.success(message, options));
  },
  error(message: string, options?: NoticeOptions): void {
    void loadToasts().then(({ default: hot }) => hot.error(message, options));
  },
};
