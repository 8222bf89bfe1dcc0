/**
 * The notification area (docs/product.md §2, §9): toasts at the bottom centre on small screens and the top centre
 * otherwise, each shown for 5000 ms. At the top they start below the sticky header
 * (`--header-height`), so a toast never covers the navigation a person may want next. It mounts
 * with the first toast (`toast.ts` loads the library then).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, maxWidthQuery } from './layout';
import { loadToasts, subscribeToastsRequested, toastsRequested } from './toast';
import { useMediaQuery } from './use-media-query';

/** Where top-centre toasts start: below the sticky header, with a small gap. */
export const TOASTS_BELOW_HEADER = 'calc(var(--header-height, 64px) + 12px)';

const Toaster = lazy(() => loadToasts().then((library) => ({ default: library.Toaster })));

export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToastsRequested, toastsRequested, () => false);
  const small = useMediaQuery(maxWidthQuery('small'));
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
