import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { RememberedParam } from '@/data/remembered-param';

/**
 * The value of `param` in this page's address, remembered for after the sign-in (which may leave
 * the page and come back); null when the address has none.
 */
export function useRememberedParam(param: RememberedParam): string | null {
  const { search } = useLocation();
  const value = param.fromSearch(search);
  useEffect(() => {
    if (value !== null) param.remember(value);
  }, [param, value]);
  return value;
}
