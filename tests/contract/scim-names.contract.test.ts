/**
 * A SCIM userName names one user of the account, even when an identity provider sends the same
 * create several times at once (retries, two sync workers): on every server-port driver here,
 * firebase-admin on Google's Firestore emulator included, where the creates really run side by
 * side and only the name's claim, read inside each transaction, can refuse the late ones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDb } from '@/backend/server-port';
import { ScimError, type ScimUserAttributes } from '@/domain/scim';
import {
  createScimUser,
  deleteScimUser,
  listScimUsers,
  updateScimUser,
} from '@/services/scim/scim-users';
import { serverDbTargets, type ServerDbTarget } from '../support/server-db-targets';

function person(userName: string, givenName: string): ScimUserAttributes {
  return {
    userName,
    externalId: null,
    active: true,
    name: { givenName, familyName: 'Ray', formatted: `${givenName} Ray` },
    displayName: `${givenName} Ray`,
    title: '',
    emails: [userName],
  };
}

async function newAccount(db: ServerDb): Promise<string> {
  const id = `acc-${randomUUID().slice(0, 8)}`;
  await db.batch([
    {
      kind: 'set',
      path: `accounts/${id}`,
      data: {
        id,
        name: 'Names Inc',
        ownerId: 'owner',
        isActive: true,
        plan: {
          type: 'corporate',
          isPaidAccount: true,
          cardLimit: 50,
          compCards: 0,
          cardsInUse: 0,
        },
      },
    },
    {
      kind: 'set',
      path: `accounts/${id}/teams/t1`,
      data: { id: 't1', accountId: id, name: 'Sales', isArchived: false, links: [] },
    },
  ]);
  return id;
}

function runScimNamesContract(name: string, makeTarget: () => Promise<ServerDbTarget>): void {
  describe(`SCIM userNames: ${name}`, () => {
    let target: ServerDbTarget;
    let db: ServerDb;
    beforeAll(async () => {
      target = await makeTarget();
      db = target.db;
    });
    afterAll(() => target?.close());

    it('five creates of one name at once make one user; the others are refused 409 uniqueness', async () => {
      const accountId = await newAccount(db);
      const outcomes = await Promise.allSettled(
        ['Ann', 'Bea', 'Cy', 'Di', 'Ed'].map((given) =>
          createScimUser(db, accountId, person('dana.ray@names.example', given), new Date()),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) {
        if (o.status === 'rejected') {
          expect(o.reason).toBeInstanceOf(ScimError);
          expect(o.reason).toMatchObject({ status: 409, scimType: 'uniqueness' });
        }
      }
      expect(await listScimUsers(db, accountId, 'dana.ray@names.example')).toHaveLength(1);
    }, 30_000);

    it('a rename lets the old name go and takes the new one; a delete lets its name go', async () => {
      const accountId = await newAccount(db);
      const first = await createScimUser(
        db,
        accountId,
        person('a@names.example', 'Al'),
        new Date(),
      );
      await createScimUser(db, accountId, person('b@names.example', 'Bo'), new Date());
      await expect(
        updateScimUser(db, accountId, first, person('B@names.example', 'Al'), new Date()),
      ).rejects.toMatchObject({ status: 409, scimType: 'uniqueness' });

      const renamed = await updateScimUser(
        db,
        accountId,
        first,
        person('c@names.example', 'Al'),
        new Date(),
      );
      const reuse = await createScimUser(
        db,
        accountId,
        person('a@names.example', 'Ann'),
        new Date(),
      );
      await expect(
        createScimUser(db, accountId, person('C@names.example', 'Cy'), new Date()),
      ).rejects.toMatchObject({ status: 409 });

      await deleteScimUser(db, accountId, renamed.id);
      await deleteScimUser(db, accountId, reuse.id);
      await createScimUser(db, accountId, person('c@names.example', 'Cy'), new Date());
      await createScimUser(db, accountId, person('a@names.example', 'Al'), new Date());
      const names = (await listScimUsers(db, accountId, null)).map((u) => u.userName).sort();
      expect(names).toEqual(['a@names.example', 'b@names.example', 'c@names.example']);
    }, 30_000);
  });
}

for (const [name, makeTarget] of serverDbTargets('SCIM names'))
  runScimNamesContract(name, makeTarget);
