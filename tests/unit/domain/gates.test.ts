import { describe, it, expect } from 'vitest';
import { computeGates } from '@/domain/gates';

function account(type: string, isPaidAccount: boolean, id = 'acc-1') {
  return { id, plan: { type, isPaidAccount } };
}

const normalUser = { isSuperAdmin: false };

describe('computeGates', () => {
  it('lets corporate plans hide branding', () => {
    expect(
      computeGates({ account: account('corporate', true), user: normalUser, collaboratorLimit: 0 })
        .canHideBranding,
    ).toBe(true);
  });

  it('lets growth plans hide branding', () => {
    expect(
      computeGates({ account: account('growth', true), user: normalUser, collaboratorLimit: 0 })
        .canHideBranding,
    ).toBe(true);
  });

  it('does not let other plan types hide branding, even when paid', () => {
    expect(
      computeGates({ account: account('starter', true), user: normalUser, collaboratorLimit: 0 })
        .canHideBranding,
    ).toBe(false);
  });

  it('lets the internal account hide branding whatever its plan', () => {
    expect(
      computeGates({
        account: account('free', false, 'internal'),
        user: normalUser,
        collaboratorLimit: 0,
        internalAccountId: 'internal',
      }).canHideBranding,
    ).toBe(true);
  });

  it('never matches an empty internal account id', () => {
    expect(
      computeGates({
        account: account('free', false, ''),
        user: normalUser,
        collaboratorLimit: 0,
        internalAccountId: '',
      }).canHideBranding,
    ).toBe(false);
  });

  it('opens the four paid features when isPaidAccount is true', () => {
    const gates = computeGates({
      account: account('starter', true),
      user: normalUser,
      collaboratorLimit: 0,
    });
    expect(gates.canUploadBgImage).toBe(true);
    expect(gates.canPickColors).toBe(true);
    expect(gates.canUploadLogo).toBe(true);
    expect(gates.canAddDisclaimer).toBe(true);
  });

  it('gives a free account none of the paid features', () => {
    expect(
      computeGates({ account: account('free', false), user: normalUser, collaboratorLimit: 0 }),
    ).toEqual({
      canHideBranding: false,
      canUploadBgImage: false,
      canPickColors: false,
      canUploadLogo: false,
      canAddDisclaimer: false,
      canAddCollaborators: false,
      canViewBeta: false,
    });
  });

  it('keeps paid features closed for a corporate plan that is not paid', () => {
    const gates = computeGates({
      account: account('corporate', false),
      user: normalUser,
      collaboratorLimit: 0,
    });
    expect(gates.canHideBranding).toBe(true);
    expect(gates.canUploadBgImage).toBe(false);
  });

  it('opens collaborators only when the limit is greater than 5', () => {
    const at = (limit: number) =>
      computeGates({ account: account('free', false), user: normalUser, collaboratorLimit: limit })
        .canAddCollaborators;
    expect(at(5)).toBe(false);
    expect(at(6)).toBe(true);
    expect(at(0)).toBe(false);
  });

  it('shows beta features to super admins only', () => {
    const gatesFor = (user: { isSuperAdmin?: boolean } | null) =>
      computeGates({ account: account('free', false), user, collaboratorLimit: 0 }).canViewBeta;
    expect(gatesFor({ isSuperAdmin: true })).toBe(true);
    expect(gatesFor({ isSuperAdmin: false })).toBe(false);
    expect(gatesFor({})).toBe(false);
    expect(gatesFor(null)).toBe(false);
  });

  it('opens nothing plan-related without an account', () => {
    const gates = computeGates({ account: null, user: normalUser, collaboratorLimit: null });
    expect(Object.values(gates).every((open) => open === false)).toBe(true);
  });
});
