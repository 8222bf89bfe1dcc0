import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { chosenPlanFromSearch, rememberChosenPlan } from '@/data/chosen-plan';

/**
 * Remembers the plan of `/sign-up?plan={priceId}` (the pricing table's "Start with …") for account
 * setup, which opens its checkout once the account exists (src/data/chosen-plan.ts).
 */
export function useChosenPlanFromUrl(): string | null {
  const { search } = useLocation();
  const priceId = chosenPlanFromSearch(search);
  useEffect(() => {
    if (priceId) rememberChosenPlan(priceId);
  }, [priceId]);
  return priceId;
}
