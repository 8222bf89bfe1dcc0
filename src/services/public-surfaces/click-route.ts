/**
 * The click-tracking redirect (`{link}/{value}/{cardId}/{linkId}/nodcard/click`): follows only a
 * link the card really has, with the same value, live now and pointing somewhere allowed (no open
 * redirect), and records the click once per visitor per link in the counting window.
 */
import { increment, serverTimestamp } from 'firestore-engine/transforms';
import { isLinkLive } from '@/domain/link-schedule';
import { isCountableLinkId } from '@/domain/links';
import { isAllowedTarget, safeLinkHref } from '@/domain/safe-url';
import { renderMessagePage } from '@/card-view/render/render-card-page';
import type { PublicContext, PublicRequest, PublicResponse } from './public-surface-types';
import { ownerMark } from './surface-analytics';
import { html, redirect } from './surface-answers';
import type { SurfaceDeps } from './surface-deps';
import { dayKey, newId } from './surface-request';
import { cardNotFound } from './visitor-language';

export type ClickRoute = (
  req: PublicRequest,
  ctx: PublicContext,
  parts: string[],
) => Promise<PublicResponse>;

export function createClickRoute({ now, cards, analytics }: SurfaceDeps): ClickRoute {
  return async function click(req, ctx, parts) {
    const [value, cardId, linkId] = parts;
    const refused = () =>
      html(
        400,
        renderMessagePage(
          'This link can’t be opened',
          'The link is not valid or no longer exists on this card.',
        ),
      );
    if (value === undefined || cardId === undefined || linkId === undefined) return refused();
    const card = await cards.cardById(ctx.db, cardId);
    if (card === null) return cardNotFound(req);
    // Only a link the card really has, with the same value, is followed: no open redirect.
    const link = card.contacts.find((l) => l.id === linkId && l.value === value);
    // A link switched off or outside its schedule is not offered: 404, nothing counted.
    if (link !== undefined && !isLinkLive(link, now())) {
      return html(
        404,
        renderMessagePage('This link isn’t available', 'Its owner switched it off.'),
      );
    }
    const target = link === undefined ? null : safeLinkHref(link);
    if (link === undefined || target === null || !isAllowedTarget(target)) return refused();
    const at = now();
    // A click is counted once per visitor per link in the window; the visitor goes on either way.
    if (!analytics.countable(req, card, `click:${link.id}`, at)) return redirect(target, 302);
    const day = dayKey(at);
    const mark = await ownerMark(ctx.db, card);
    // The card's id has another account's analytics: nothing is recorded, the visitor goes on.
    if (mark === null) return redirect(target, 302);
    // One new document per click (never the same one twice), and the summary through the buffer.
    await analytics.record(ctx.db, [
      {
        kind: 'set',
        path: `analytics/${card.id}/clicks/${newId()}`,
        data: {
          linkId: link.id,
          name: link.name.toLowerCase(),
          accountId: card.accountId,
          at: serverTimestamp(),
        },
      },
      ...mark,
    ]);
    await analytics.count(ctx.db, card, {
      clicks: increment(1),
      clicksByDay: { [day]: increment(1) },
      ...(isCountableLinkId(link.id) ? { clicksByLink: { [link.id]: increment(1) } } : {}),
    });
    return redirect(target, 302);
  };
}
