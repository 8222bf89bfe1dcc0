/**
 * Handing an account on (People and access): the owner offers it to a collaborator, who accepts or
 * declines; until then nothing changes. Acceptance swaps the two roles in one account write that
 * firestore.rules (`acceptsOwnership`) checks field by field, and the server then moves the users'
 * `isAccountOwner` flags (src/services/members/owner-flags.ts). A subscription stays with its payer,
 * who may still bill the account as a collaborator, so the plan carries on until they cancel.
 */
import type { Account, OwnershipOffer } from './model';
import { accessRoleOf } from './people';

/** How long an offer can be accepted; `firestore.rules` holds the same number. */
export const OWNERSHIP_OFFER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The account's offer while it can still be accepted, else null. */
export function openOwnershipOffer(
  account: Pick<Account, 'ownerId' | 'collaborators' | 'ownershipOffer'>,
  now: Date,
): OwnershipOffer | null {
  const offer = account.ownershipOffer;
  if (!offer || offer.by !== account.ownerId) return null;
  if (accessRoleOf(account, offer.to) !== 'collaborator') return null;
  // An offer just written has no server time yet: it is open.
  if (offer.at !== null && now.getTime() >= offer.at.getTime() + OWNERSHIP_OFFER_DAYS * DAY_MS) {
    return null;
  }
  return offer;
}

/** When an open offer lapses, for the people page. */
export function ownershipOfferEnds(offer: OwnershipOffer): Date | null {
  return offer.at ? new Date(offer.at.getTime() + OWNERSHIP_OFFER_DAYS * DAY_MS) : null;
}

/**
 * The account fields an accepted offer writes: `uid` owns the account, the old owner takes their
 * place among the collaborators. Null when `uid` is not who the open offer names.
 */
export function ownershipAcceptance(
  account: Pick<Account, 'ownerId' | 'collaborators' | 'ownershipOffer'>,
  uid: string,
  now: Date,
): { ownerId: string; collaborators: string[] } | null {
  const offer = openOwnershipOffer(account, now);
  if (!offer || offer.to !== uid) return null;
  const others = (account.collaborators ?? []).filter((u) => u !== uid);
  return { ownerId: uid, collaborators: [...others, account.ownerId] };
}
