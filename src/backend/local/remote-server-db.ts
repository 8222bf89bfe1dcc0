/**
 * The server port over HTTP to the local data server's admin endpoint (`local-server/admin-route.ts`):
 * what the Cloud Functions use in the offline deploy rehearsal, where no Firestore emulator can run,
 * so that the functions read and write the same documents as the local stack. Values travel in the
 * local wire format; a transaction sends its reads with its writes and the server commits only if
 * they all still hold (checked and committed in one synchronous step), else the work runs again.
 * The endpoint takes a shared secret, never an end user's token: it is a server-to-server door.
 */
import { BackendError, knownBackendErrorCode } from 'firestore-engine/errors';
import {
  runOptimisticTransaction,
  type OptimisticStore,
  type TransactionReads,
} from 'firestore-engine/optimistic-transaction';
import { decodeValue, encodeValue } from 'firestore-engine/wire';
import type { DocSnapshot, QueryDoc, WriteOp } from '../port';
import type { ServerDb } from '../server-port';

export interface RemoteServerDbOptions {
  /** Origin of the local data server, e.g. `http://127.0.0.1:5176`. */
  readonly baseUrl: string;
  /** The secret the server's admin endpoint was started with. */
  readonly token: string;
  readonly fetchImpl?: typeof fetch;
}

/** The path of the admin endpoint on the local data server. */
export const ADMIN_DB_PATH = '/api/admin/db';

export function createRemoteServerDb(options: RemoteServerDbOptions): ServerDb {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const url = `${options.baseUrl.replace(/\/+$/, '')}${ADMIN_DB_PATH}`;

  async function call(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
        body: JSON.stringify(encodeValue(body)),
      });
    } catch (err) {
      throw new BackendError(
        'unavailable',
        `The local data server cannot be reached (${String(err)}).`,
      );
    }
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const error = answer.error as { code?: unknown; message?: unknown } | undefined;
    if (!res.ok || error) {
      const code = knownBackendErrorCode(error?.code) ?? 'internal';
      throw new BackendError(
        code,
        typeof error?.message === 'string'
          ? error.message
          : `The local data server answered ${res.status}.`,
      );
    }
    return decodeValue(answer) as Record<string, unknown>;
  }

  const get = async (path: string) => (await call({ op: 'get', path })).doc as DocSnapshot;
  const query = async (spec: unknown) =>
    (await call({ op: 'query', query: spec })).docs as QueryDoc[];
  const store: OptimisticStore = {
    get,
    query,
    async commitIf(reads: TransactionReads, ops: readonly WriteOp[]) {
      const answer = await call({ op: 'commit', ops, expect: reads });
      return answer.committed === true;
    },
  };
  return {
    get,
    query,
    async batch(ops) {
      await call({ op: 'commit', ops });
    },
    runTransaction: (work) => runOptimisticTransaction(store, work),
  };
}
