/**
 * Setting up a new account: the account, its first team, its directory slug and the owner's
 * membership, written in one batch so that no half-made account is ever left behind (an account
 * without an owner, a slug claimed for nothing). The account store calls it; the rules check each
 * write of the batch (`firestore.rules`).
 */
import { backend } from '../backend/current';
import { accountCreateOp, slugClaimOp } from './accounts';
import { newTeamId, teamCreateOp } from './teams';
import { userJoinAccountOp } from './users';

export interface AccountSetup {
  readonly name: string;
  /** The directory slug, already cleaned (`domain/slug.ts`) and checked free. */
  readonly slug: string;
  readonly teamName: string;
  readonly ownerId: string;
}

/** Creates the account with its first team and answers their ids. */
export async function createAccountWithTeam(
  setup: AccountSetup,
): Promise<{ accountId: string; teamId: string }> {
  const db = backend();
  const accountId = db.newId();
  const teamId = newTeamId();
  await db.batch([
    accountCreateOp({ id: accountId, name: setup.name, slug: setup.slug, ownerId: setup.ownerId }),
    teamCreateOp(accountId, teamId, setup.teamName),
    slugClaimOp(setup.slug, accountId),
    userJoinAccountOp(setup.ownerId, accountId, teamId),
  ]);
  return { accountId, teamId };
}
