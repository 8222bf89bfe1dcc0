/**
 * Whether the component is still on screen, for work that finishes after an await: a page that has
 * been left must not navigate or set state on the page that replaced it.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
