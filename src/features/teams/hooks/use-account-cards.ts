import { useEffect, useState } from 'react';
import { watchAccountCards } from '../../../data/cards';
import type { Card } from '../../../domain/model';

/** Follows the account's cards that are not archived; null until the first answer. */
export function useAccountCards(accountId: string | null): Card[] | null {
  const [state, setState] = useState<{ accountId: string; cards: Card[] } | null>(null);
  useEffect(() => {
    if (!accountId) return;
    return watchAccountCards(
      accountId,
      (cards) => setState({ accountId, cards }),
      (err) => {
        console.error('[teams] following the cards failed', err);
        setState({ accountId, cards: [] });
      },
    );
  }, [accountId]);
  return state && state.accountId === accountId ? state.cards : null;
}
