/** The plan chosen before sign-up, carried to account setup (src/data/chosen-plan.ts). */
import { describe, expect, it } from 'vitest';
import {
  chosenPlanFromSearch,
  pathAfterSetup,
  rememberChosenPlan,
  takeChosenPlan,
} from '@/data/chosen-plan';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the chosen plan', () => {
  it('reads a price id from ?plan=, nothing that could be a path or an address', () => {
    expect(chosenPlanFromSearch('?plan=price_growth_monthly')).toBe('price_growth_monthly');
    expect(chosenPlanFromSearch('?plan=../admin')).toBeNull();
    expect(chosenPlanFromSearch('?plan=https://evil.test')).toBeNull();
    expect(chosenPlanFromSearch('')).toBeNull();
  });

  it('is remembered once: setup goes to its checkout, then forgets it', () => {
    const storage = memoryStorage();
    rememberChosenPlan('price_growth_monthly', storage);
    expect(pathAfterSetup('/builder', storage)).toBe('/pricing?plan=price_growth_monthly');
    expect(pathAfterSetup('/builder', storage)).toBe('/builder');
    expect(takeChosenPlan(storage)).toBeNull();
  });
});
