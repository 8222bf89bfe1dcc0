/**
 * The documents behind Apple Wallet passes that update (docs/wallet-updates.md has the layout),
 * all server-only: no rule in firestore.rules matches them. A registration is two documents, by
 * pass and by device, written in one batch, so either side is one read or one query.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DocSnapshot, QueryDoc, QuerySpec, WriteOp } from '@/backend/port';
import type { Card } from '@/domain/model';
import { passRecordFromDoc, passRegistrationFromDoc } from '@/domain/schemas/wallet-pass';

export const WALLET_PASSES = 'walletPasses';
export const WALLET_DEVICES = 'walletDevices';

/** What the wallet documents need of a database: the public surfaces' and the server port's. */
export interface WalletDb {
  get(path: string): DocSnapshot | Promise<DocSnapshot>;
  query(spec: QuerySpec): QueryDoc[] | Promise<QueryDoc[]>;
  batch(ops: readonly WriteOp[]): void | Promise<void>;
}

export function passPath(serial: string): string {
  return `${WALLET_PASSES}/${serial}`;
}

export function passRegistrationPath(serial: string, deviceId: string): string {
  return `${WALLET_PASSES}/${serial}/registrations/${deviceId}`;
}

export function deviceRegistrationPath(deviceId: string, serial: string): string {
  return `${WALLET_DEVICES}/${deviceId}/registrations/${serial}`;
}

export interface PassRecord {
  readonly serialNumber: string;
  readonly cardId: string;
  readonly accountId: string;
  readonly authenticationToken: string;
  readonly updatedAt: Date;
}

export async function readPassRecord(db: WalletDb, serial: string): Promise<PassRecord | null> {
  return passRecordFromDoc((await db.get(passPath(serial))).data);
}

/**
 * The card's pass record, made on the first pass served: a random 32-byte token (base64url) that
 * every later copy of the pass carries, so a phone that saved the pass yesterday and one that
 * saves it today both prove themselves with it.
 */
export async function passRecordFor(db: WalletDb, card: Card, now: Date): Promise<PassRecord> {
  const found = await readPassRecord(db, card.id);
  if (found !== null && found.cardId === card.id) return found;
  const record: PassRecord = {
    serialNumber: card.id,
    cardId: card.id,
    accountId: card.accountId,
    authenticationToken: randomBytes(32).toString('base64url'),
    updatedAt: now,
  };
  await db.batch([{ kind: 'set', path: passPath(card.id), data: { ...record } }]);
  return record;
}

/** Whether `token` is the pass's, compared in constant time (digests, so lengths may differ). */
export function tokenMatches(record: PassRecord, token: string | null): boolean {
  if (token === null) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(record.authenticationToken), digest(token));
}

/** A device registered for a pass, as the push needs it. */
export interface PassRegistration {
  readonly deviceId: string;
  readonly pushToken: string;
  readonly passTypeIdentifier: string;
}

/** A device's registration for a pass as stored; null when there is none or it is unusable. */
export async function readPassRegistration(db: WalletDb, serial: string, deviceId: string) {
  return passRegistrationFromDoc((await db.get(passRegistrationPath(serial, deviceId))).data);
}

/** The devices registered for a pass. */
export async function passRegistrations(db: WalletDb, serial: string): Promise<PassRegistration[]> {
  const docs = await db.query({ collection: `${passPath(serial)}/registrations` });
  return docs.flatMap((doc) => {
    const registration = passRegistrationFromDoc(doc.data);
    if (registration === null) return [];
    const { pushToken, passTypeIdentifier } = registration;
    return [{ deviceId: doc.id, pushToken, passTypeIdentifier }];
  });
}

/** The writes that remove one registration (both its documents). */
export function unregisterOps(deviceId: string, serial: string): WriteOp[] {
  return [
    { kind: 'delete', path: deviceRegistrationPath(deviceId, serial) },
    { kind: 'delete', path: passRegistrationPath(serial, deviceId) },
  ];
}

/** The writes that store one registration (both its documents). */
export function registerOps(
  reg: PassRegistration & { readonly serialNumber: string },
  now: Date,
): WriteOp[] {
  return [
    {
      kind: 'set',
      path: deviceRegistrationPath(reg.deviceId, reg.serialNumber),
      data: {
        serialNumber: reg.serialNumber,
        passTypeIdentifier: reg.passTypeIdentifier,
        createdAt: now,
      },
    },
    {
      kind: 'set',
      path: passRegistrationPath(reg.serialNumber, reg.deviceId),
      data: {
        deviceLibraryIdentifier: reg.deviceId,
        pushToken: reg.pushToken,
        passTypeIdentifier: reg.passTypeIdentifier,
        createdAt: now,
      },
    },
  ];
}

/** The serial numbers a device registered for a pass type. */
export async function deviceSerials(
  db: WalletDb,
  deviceId: string,
  passTypeIdentifier: string,
): Promise<string[]> {
  const docs = await db.query({
    collection: `${WALLET_DEVICES}/${deviceId}/registrations`,
    where: [{ field: 'passTypeIdentifier', op: '==', value: passTypeIdentifier }],
  });
  return docs.map((doc) => doc.id);
}
