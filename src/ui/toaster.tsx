/**
 * The notification area (docs/product.md §2, §9): toasts at the bottom centre on small screens and the top centre
 * otherwise, each shown for 5000 ms. At the top they start below the sticky header
 * (`--header-height`), so a toast never covers the navigation a person may want next. It mounts
 * with the first toast (`toast.ts` loads the library then).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Toaster as HotToaster } from 'react-hot-toast';
import { TOAST_DURATION_MS, maxWidthQuery } from './layout';
import { loadToasts, subscribeToastsRequested, toastsRequested } from './toast';
import { useMediaQuery } from './use-media-query';

/** Where top-centre toasts start: below the sticky header, with a small gap. */
export const TOASTS_BELOW_HEADER = 'calc(var(--header-height, 64px) + 12px)';

export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToastsRequested, toastsRequested, () => false);
  // Held in state, not a lazy component: nothing suspends, so the toaster shows as soon as the
  // library is in, also when the first notice comes inside a test's act().
  const [Toaster, setToaster] = useState<typeof HotToaster | null>(null);
  const small = useMediaQuery(maxWidthQuery('small'));
  useEffect(() => {
    if (!requested) return;
    let current = true;
    void loadToasts().then((library) => {
      if (current) setToaster(() => library.Toaster);
    });
    return () => {
      current = false;
    };
  }, [requested]);
  if (!Toaster) return null;
  return (
    <Toaster
      position={small ? 'bottom-center' : 'top-center'}
      containerStyle={small ? {} : { top: TOASTS_BELOW_HEADER }}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: {
          fontFamily: 'var(--font-sans)',
          fontSize: 'var(--font-size-sm)',
          color: 'var(--color-text)',
          borderRadius: 'var(--radius-md)',
          boxShadow: 'var(--shadow-md)',
          maxWidth: 420,
        },
      }}
    />
  );
}
