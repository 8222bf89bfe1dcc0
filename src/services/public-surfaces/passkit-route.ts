/**
 * Apple's PassKit web service on the card host (the `webServiceURL` of every Apple pass;
 * docs/wallet-updates.md): devices register for a pass's pushes, ask which passes changed and
 * fetch the latest one. Every call about a pass must carry that pass's `Authorization: ApplePass
 * <token>`. A registration is counted on the card's summary as a pass added. Protocol rules:
 * `domain/passkit.ts`; documents: `wallet/passkit-store.ts`.
 */
import { increment } from 'firestore-engine/transforms';
import {
  applePassToken,
  notModifiedSince,
  parsePassKitRoute,
  passesUpdatedSince,
  passKitLogMessages,
  passKitServiceUrl,
  registrationPushToken,
} from '@/domain/passkit';
import { baseHeaders } from '@/card-view/render/security-headers';
import {
  deviceRegistrationPath,
  deviceSerials,
  readPassRecord,
  readPassRegistration,
  registerOps,
  tokenMatches,
  unregisterOps,
  type PassRecord,
} from '../wallet/passkit-store';
import type { WalletConfig } from '../wallet/wallet-config';
import type { PublicContext, PublicRequest, PublicResponse } from './public-surface-types';
import { ownerMark, summaryWrite } from './surface-analytics';
import { json, methodNotAllowed } from './surface-answers';
import type { SurfaceDeps } from './surface-deps';
import { dayKey, header } from './surface-request';
import { walletAnswerFor } from './wallet-route';

export type PassKitRoute = (
  req: PublicRequest,
  ctx: PublicContext,
  segments: readonly string[],
) => Promise<PublicResponse>;

function plain(status: number, extra: Record<string, string> = {}): PublicResponse {
  return {
    status,
    headers: { ...baseHeaders(), 'Cache-Control': 'no-store', ...extra },
    body: '',
  };
}

/** Request bodies of the service are a push token or a few log lines. */
const MAX_BODY_BYTES = 16 * 1024;

export function createPassKitRoute(
  { now, cards }: SurfaceDeps,
  config: WalletConfig | undefined,
): PassKitRoute {
  return async function passKit(req, ctx, segments) {
    const apple = config?.apple ?? null;
    const route = parsePassKitRoute(req.method, segments);
    if (apple === null || route === null) return plain(404);
    if (route.kind === 'method-not-allowed') return methodNotAllowed(route.allow);

    if (route.kind === 'log') {
      for (const line of passKitLogMessages(await req.readBody(MAX_BODY_BYTES))) {
        console.warn(`[wallet] a device reports: ${line}`);
      }
      return plain(200);
    }

    if (route.passTypeIdentifier !== apple.passTypeIdentifier) {
      return route.kind === 'serials' ? plain(204) : plain(401);
    }

    if (route.kind === 'serials') {
      const serials = await deviceSerials(ctx.db, route.deviceId, route.passTypeIdentifier);
      const records = await Promise.all(serials.map((serial) => readPassRecord(ctx.db, serial)));
      const changed = passesUpdatedSince(
        records
          .filter((r): r is PassRecord => r !== null)
          .map((r) => ({ serialNumber: r.serialNumber, updatedAt: r.updatedAt })),
        req.url.searchParams.get('passesUpdatedSince'),
      );
      return changed === null ? plain(204) : json(200, changed);
    }

    // The rest is about one pass, and proves itself with its token.
    const record = await readPassRecord(ctx.db, route.serialNumber);
    const token = applePassToken(header(req, 'authorization'));
    if (record === null || !tokenMatches(record, token)) return plain(401);

    if (route.kind === 'unregister') {
      await ctx.db.batch(unregisterOps(route.deviceId, route.serialNumber));
      return plain(200);
    }

    if (route.kind === 'register') {
      const pushToken = registrationPushToken(await req.readBody(MAX_BODY_BYTES));
      if (pushToken === null) return plain(400);
      const reg = {
        deviceId: route.deviceId,
        serialNumber: route.serialNumber,
        pushToken,
        passTypeIdentifier: route.passTypeIdentifier,
      };
      const at = now();
      const existing = await ctx.db.get(deviceRegistrationPath(reg.deviceId, reg.serialNumber));
      if (existing.exists) {
        // Already registered: the push token may have changed (or the pass's side is unusable).
        const stored = await readPassRegistration(ctx.db, reg.serialNumber, reg.deviceId);
        if (stored?.pushToken !== pushToken) await ctx.db.batch(registerOps(reg, at));
        return plain(200);
      }
      // A pass added to a Wallet: counted on the card's summary in the registration's batch.
      const card = await cards.cardById(ctx.db, record.cardId);
      const mark = card === null ? null : await ownerMark(ctx.db, card);
      const day = dayKey(at);
      await ctx.db.batch([
        ...registerOps(reg, at),
        ...(card !== null && mark !== null
          ? [
              summaryWrite(card, {
                passesAdded: increment(1),
                passesAddedByDay: { [day]: increment(1) },
              }),
            ]
          : []),
      ]);
      return plain(201);
    }

    // route.kind === 'pass': the latest pass, or 304 when the device holds it.
    const lastModified = { 'Last-Modified': record.updatedAt.toUTCString() };
    if (notModifiedSince(record.updatedAt, header(req, 'if-modified-since'))) {
      return plain(304, lastModified);
    }
    const card = await cards.cardById(ctx.db, record.cardId);
    if (card === null) return plain(404);
    let answer;
    try {
      answer = await walletAnswerFor(ctx, card, 'apple', config, now(), {
        url: passKitServiceUrl(ctx.hosts.card),
        authenticationToken: record.authenticationToken,
      });
    } catch (err) {
      console.error(`[wallet] the pass of card ${card.id} could not be signed`, err);
      return plain(503);
    }
    if (answer === null || typeof answer.body === 'string') return plain(503);
    return {
      status: 200,
      headers: {
        ...baseHeaders(),
        ...answer.headers,
        ...lastModified,
        'Cache-Control': 'no-cache',
      },
      body: '',
      bytes: answer.body,
    };
  };
}
