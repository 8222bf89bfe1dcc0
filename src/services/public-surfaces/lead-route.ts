/**
 * The lead form's POST (`{card}/{id}/lead`): rate-limited per address and per card and address,
 * size-capped, parsed against the fields the card's form really has (`lead-input.ts`), stored as
 * an entry with the consent wording read from the card, mailed to the card's owner while they
 * belong to the card's account, else to the account's owner (`lead-mail.ts`), and counted in the same
 * commit as the entry (so a 201 means the count is stored). A form post is answered with a redirect back to the card; a JSON
 * post with JSON.
 */
import type { DocData, WriteOp } from '@/backend/port';
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import type { Card } from '@/domain/model';
import { accessRoleOf } from '@/domain/people';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedUserSchema } from '@/domain/schemas/user';
import { cardPublicUrl } from '@/domain/urls';
import {
  LEAD_BODY_MAX_BYTES,
  enabledLeadFields,
  leadConsentText,
  leadFormEnabled,
} from '@/card-view/lead-fields';
import { renderMessagePage } from '@/card-view/render/render-card-page';
import { parseLead } from './lead-input';
import { leadMail } from './lead-mail';
import type {
  PublicContext,
  PublicRequest,
  PublicResponse,
  PublicSurfacesConfig,
} from './public-surface-types';
import { createRateLimiter } from './rate-limiter';
import { ownerMark, summaryWrite } from './surface-analytics';
import { html, json, redirect } from './surface-answers';
import type { SurfaceDeps } from './surface-deps';
import { dayKey, header, newId } from './surface-request';
import { cardNotFound } from './visitor-language';

/** Lead posts one address may make in a minute, whatever cards they name. */
const LEAD_POSTS_PER_ADDRESS = 60;

/** The address a user's mail can go to, or null when their stored e-mail is not one. */
function mailAddress(user: DocData | null): string | null {
  const { email } = storedUserSchema.parse(user);
  return email !== undefined && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/**
 * The e-mail of a new lead to the card's owner (the user who created it) while that person still
 * belongs to the card's account, else to the account's owner; null when the card turned it off,
 * the account is gone or nobody has an address. A lead carries a visitor's e-mail, phone and note:
 * a former collaborator or card editor must not keep receiving them (issue 23, attack 5).
 */
async function ownerMail(ctx: PublicContext, card: Card, entry: DocData): Promise<WriteOp | null> {
  if (card.appForm.notifyOwner === false) return null;
  try {
    const stored = card.accountId ? (await ctx.db.get(`accounts/${card.accountId}`)).data : null;
    if (stored === null) return null;
    const account = storedAccountSchema.parse(stored);
    const addressOf = async (uid: string) => mailAddress((await ctx.db.get(`users/${uid}`)).data);
    // The card's owner while they belong to the account now (firestore.rules' isMemberOf): a
    // person removed from the account is not sent its leads.
    let to =
      card.ownerId && accessRoleOf(account, card.ownerId) !== null
        ? await addressOf(card.ownerId)
        : null;
    if (to === null && account.ownerId !== '') to = await addressOf(account.ownerId);
    if (to === null) return null;
    const appUrl = `${(ctx.appOrigin ?? new URL(ctx.hosts.card).origin).replace(/\/+$/, '')}/builder`;
    return {
      kind: 'set',
      path: `mail/${newId()}`,
      data: leadMail({ to, cardName: card.name, lead: entry, appUrl }),
    };
  } catch (err) {
    // The lead itself matters more than its notice.
    console.error('[public-surfaces] lead e-mail skipped', err);
    return null;
  }
}

export type LeadRoute = (
  req: PublicRequest,
  ctx: PublicContext,
  id: string,
) => Promise<PublicResponse>;

export function createLeadRoute(
  { now, cards }: SurfaceDeps,
  config: Pick<PublicSurfacesConfig, 'leadsPerMinute' | 'leadKeys'>,
): LeadRoute {
  const leadLimiter = createRateLimiter({
    max: config.leadsPerMinute ?? 10,
    windowMs: 60_000,
    ...(config.leadKeys !== undefined ? { maxKeys: config.leadKeys } : {}),
  });
  // Across cards, per address: bounds the reads a flood of lead posts costs, whatever ids it names.
  const leadAddressLimiter = createRateLimiter({
    max: LEAD_POSTS_PER_ADDRESS,
    windowMs: 60_000,
  });

  return async function lead(req, ctx, id) {
    const contentType = header(req, 'content-type');
    const wantsJson =
      /application\/json/i.test(contentType) || /application\/json/i.test(header(req, 'accept'));
    const refuse = (status: number, message: string): PublicResponse =>
      wantsJson
        ? json(status, { error: { message } })
        : html(status, renderMessagePage('Your details were not sent', message));

    const tooMany = (): PublicResponse => {
      const res = refuse(429, 'Too many messages just now. Please try again in a minute.');
      return { ...res, headers: { ...res.headers, 'Retry-After': '60' } };
    };
    // Before reading anything: the address's limit across cards (a flood costs few reads).
    if (!leadAddressLimiter.hit(req.ip, now().getTime())) return tooMany();
    const declared = Number(header(req, 'content-length') || '0');
    if (declared > LEAD_BODY_MAX_BYTES) return refuse(413, 'That message is too long.');
    const body = await req.readBody(LEAD_BODY_MAX_BYTES);
    if (body === null) return refuse(413, 'That message is too long.');

    const card = await cards.cardById(ctx.db, id);
    if (card === null || !leadFormEnabled(card.appForm)) {
      return wantsJson ? json(404, { error: { message: 'No such card.' } }) : cardNotFound(req);
    }
    // The per-card limit counts only posts to a real card: made-up ids never take a key's place.
    if (!leadLimiter.hit(`${card.id}\n${req.ip}`, now().getTime())) return tooMany();
    const consentText = leadConsentText(card.appForm);
    const parsed = parseLead(
      body,
      contentType,
      enabledLeadFields(card.appForm),
      consentText !== null,
    );
    if (!parsed.ok) return refuse(parsed.status, parsed.message);

    const day = dayKey(now());
    const mark = await ownerMark(ctx.db, card);
    if (mark === null) {
      // The card's id has another account's analytics: a lead stored there would be theirs.
      return wantsJson ? json(404, { error: { message: 'No such card.' } }) : cardNotFound(req);
    }
    const mail = await ownerMail(ctx, card, parsed.lead);
    await ctx.db.batch([
      ...(mail === null ? [] : [mail]),
      {
        kind: 'set',
        path: `analytics/${card.id}/entries/${newId()}`,
        data: {
          cardId: card.id,
          accountId: card.accountId,
          ...parsed.lead,
          createdAt: serverTimestamp(),
          ...(consentText !== null
            ? { consent: { text: consentText, given: parsed.consentGiven, at: serverTimestamp() } }
            : {}),
        },
      },
      // The count in the lead's own commit: once answered 201, the lead is counted too, even if
      // the process dies the next instant (issue 26). The write carries the owner keys `mark`
      // would write. Leads are rate-limited per card and address, so this summary write is not
      // the hot path the counter buffer protects (views are).
      summaryWrite(card, { leads: increment(1), leadsByDay: { [day]: increment(1) } }),
    ]);
    if (wantsJson) return json(201, { ok: true });
    const back = new URL(cardPublicUrl(card, ctx.hosts));
    back.searchParams.set('thanks', '1');
    return redirect(back.href, 303);
  };
}
