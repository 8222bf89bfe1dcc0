/**
 * The notification area (spec 2, 9): toasts at the bottom centre on small screens and the top centre
 * otherwise, each shown for 5000 ms.
 */
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS, maxWidthQuery } from './layout';
import { useMediaQuery } from './use-media-query';

export function AppToaster() {
  const small = useMediaQuery(maxWidthQuery('small'));
  return (
    <Toaster
      position={small ? 'bottom-center' : 'top-center'}
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
