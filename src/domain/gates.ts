/**
 * Feature gates (docs/product.md §6): which paid features an account and user may use. Callers recompute
 * them whenever the account or the user changes (docs/product.md §4).
 */
import type { Plan } from './model';

export interface GateAccount {
  id: string;
  plan?: Pick<Plan, 'type' | 'isPaidAccount'> | null;
}

export interface GateUser {
  isSuperAdmin?: boolean | null;
}

export interface Gates {
  canHideBranding: boolean;
  canUploadBgImage: boolean;
  canPickColors: boolean;
  canUploadLogo: boolean;
  canAddDisclaimer: boolean;
  canAddCollaborators: boolean;
  canViewBeta: boolean;
}

/** The collaborator gate opens when the account's collaborator limit is greater than this (docs/product.md §9). */
export const COLLABORATOR_GATE_THRESHOLD = 5;

/** Plan types that may hide the product's branding (docs/product.md §6). */
export const BRANDING_FREE_PLAN_TYPES: readonly string[] = ['corporate', 'growth'];

/**
 * Decides the feature gates (docs/product.md §6): canHideBranding for a corporate or growth plan or the one
 * internal account; the four paid features when isPaidAccount is exactly true; collaborators when the
 * limit is greater than 5; beta for super admins. A missing account or user opens nothing. An empty
 * internalAccountId never matches.
 */
export function computeGates(input: {
  account: GateAccount | null | undefined;
  user: GateUser | null | undefined;
  collaboratorLimit: number | null | undefined;
  internalAccountId?: string | null | undefined;
}): Gates {
  const { account, user, collaboratorLimit, internalAccountId } = input;
  const plan = account?.plan ?? null;
  const isInternal =
    account !== null &&
    account !== undefined &&
    typeof internalAccountId === 'string' &&
    internalAccountId !== '' &&
    account.id === internalAccountId;
  const isPaid = plan?.isPaidAccount === true;
  return {
    canHideBranding:
      (typeof plan?.type === 'string' && BRANDING_FREE_PLAN_TYPES.includes(plan.type)) ||
      isInternal,
    canUploadBgImage: isPaid,
    canPickColors: isPaid,
    canUploadLogo: isPaid,
    canAddDisclaimer: isPaid,
    canAddCollaborators:
      typeof collaboratorLimit === 'number' && collaboratorLimit > COLLABORATOR_GATE_THRESHOLD,
    canViewBeta: user?.isSuperAdmin === true,
  };
}
