/**
 * The e-mail to the collaborator an owner offers the account to (src/domain/ownership.ts): the
 * offer waits on People and access, and nobody looks there unprompted. Queued from the account
 * trigger (`src/services/hosted.ts`) at most once a day per account and collaborator: its id is made
 * of the account, the collaborator and the UTC day of the offer, and it is written only while the
 * account still holds that same offer.
 */
import type { DocData } from '@/backend/port';
import type { ServerDb } from '@/backend/server-port';
import { mailLine, renderMail, type MailContent } from '../mail-layout';
import { openOwnershipOffer } from '@/domain/ownership';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedUserSchema } from '@/domain/schemas/user';

interface Offer {
  to: string;
  by: string;
  at: Date;
}

/** The account's open offer; one stored without its date is none (its day names the mail). */
function offerOf(account: DocData | null | undefined): Offer | null {
  const offer = storedAccountSchema.parse(account).ownershipOffer;
  return offer?.at ? { to: offer.to, by: offer.by, at: offer.at } : null;
}

function sameOffer(a: Offer | null, b: Offer | null): boolean {
  return a !== null && b !== null && a.to === b.to && a.at.getTime() === b.at.getTime();
}

export function ownershipOfferMail(input: {
  owner: string;
  account: string;
  appOrigin: string;
}): MailContent {
  const owner = mailLine(input.owner) || 'The owner';
  const account = mailLine(input.account) || 'their account';
  return {
    subject: `${owner} offers you ownership of ${account}`,
    heading: `Ownership of ${account} is offered to you`,
    paragraphs: [
      [{ strong: owner }, ' would like you to become the owner of ', { strong: account }, '.'],
      [
        'As the owner you manage its people, billing and settings. Accept or decline on People and access within 7 days; until you accept, nothing changes.',
      ],
    ],
    action: { label: 'Open People and access', url: `${input.appOrigin}/settings/people` },
  };
}

/** Queues the offer's e-mail once; answers the mail id, or null when none was queued. */
export async function queueOwnershipOfferMail(
  db: ServerDb,
  accountId: string,
  before: DocData | null,
  after: DocData | null,
  appOrigin: string,
): Promise<string | null> {
  const offer = offerOf(after);
  if (offer === null || sameOffer(offerOf(before), offer)) return null;
  // One mail per account, collaborator and UTC day of the offer: an owner who withdraws and offers
  // again in a loop makes a new offer each time, and would otherwise mail the collaborator each time.
  const safe = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_');
  const day = offer.at.toISOString().slice(0, 10);
  const id = `ownership-${safe(accountId)}-${safe(offer.to)}-${day}`;
  return db.runTransaction(async (tx) => {
    if ((await tx.get(`mail/${id}`)).exists) return null;
    const account = await tx.get(`accounts/${accountId}`);
    if (!account.exists || !sameOffer(offerOf(account.data), offer)) return null;
    // Only an offer that can still be accepted: its collaborator still is one, its maker still
    // owns the account (not one left behind by a removal or a handover).
    const stored = storedAccountSchema.parse(account.data);
    const lists = {
      ownerId: stored.ownerId,
      collaborators: stored.collaborators ?? [],
      ownershipOffer: offer,
    };
    if (openOwnershipOffer(lists, offer.at) === null) return null;
    const [invitee, owner] = await Promise.all([
      tx.get(`users/${offer.to}`),
      tx.get(`users/${offer.by}`),
    ]);
    const to = storedUserSchema.parse(invitee.data).email ?? '';
    if (to === '') return null;
    const maker = storedUserSchema.parse(owner.data);
    const content = ownershipOfferMail({
      owner: maker.displayName || maker.email || '',
      account: stored.name,
      appOrigin,
    });
    tx.set(`mail/${id}`, { to, message: renderMail(content) });
    return id;
  });
}
