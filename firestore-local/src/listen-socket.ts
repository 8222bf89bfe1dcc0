/**
 * The WebSocket side of the local server (`/api/listen`): one socket per client multiplexes all
 * its listeners. Messages of one socket are handled strictly in order (token checks are
 * asynchronous), so a `listen` sent after an `auth` is judged with that auth; a new token
 * re-judges every listener.
 */
import type { WebSocket } from 'ws';
import { BackendError } from 'firestore-engine/errors';
import type { DocSnapshot, QueryDoc, QuerySpec } from 'firestore-engine/document';
import { decodeValue, encodeValue } from 'firestore-engine/wire';
import type { DatabaseService, Subscription } from './database';
import { toBackendError } from './http-util';
import type { AuthInfo, ServerContext } from './types';

/** Firestore's advice is at most 100 snapshot listeners per client; the app needs far fewer. */
export const MAX_LISTENERS_PER_SOCKET = 100;

// The protocol, JSON text frames with wire-encoded values:
//   client → server  { type: 'auth', token: string | null }      sign in / out / refresh the token
//                    { type: 'listen', id, target: { kind: 'doc', path } | { kind: 'query', spec } }
//                    { type: 'unlisten', id }
//   server → client  { type: 'auth', ok: true, uid: string | null } | { type: 'auth', ok: false, error }
//                    { type: 'snapshot', id, doc } | { type: 'snapshot', id, docs }
//                    { type: 'error', id, error: { code, message } }   the listener has ended
//                    { type: 'error', error }                          a message that made no sense
export function handleListenSocket(
  socket: WebSocket,
  db: DatabaseService,
  ctx: ServerContext,
): void {
  let auth: AuthInfo | null = null;
  const listeners = new Map<string, { sub: Subscription; stop: () => void }>();
  let queue: Promise<void> = Promise.resolve();

  function send(message: unknown): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message));
  }

  function sendError(id: string | undefined, err: unknown): void {
    const e = toBackendError(err);
    send(
      id === undefined
        ? { type: 'error', error: { code: e.code, message: e.message } }
        : { type: 'error', id, error: { code: e.code, message: e.message } },
    );
  }

  async function handle(raw: string): Promise<void> {
    let message: { type?: unknown; id?: unknown; token?: unknown; target?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
      if (typeof message !== 'object' || message === null) throw new Error('not an object');
    } catch {
      sendError(undefined, new BackendError('invalid-argument', 'The message is not valid JSON.'));
      return;
    }
    switch (message.type) {
      case 'auth': {
        const token = message.token;
        try {
          if (token !== null && typeof token !== 'string') {
            throw new BackendError('invalid-argument', 'The token must be a string or null.');
          }
          auth = token === null ? null : await ctx.verifyIdToken(token);
          send({ type: 'auth', ok: true, uid: auth?.uid ?? null });
        } catch (err) {
          auth = null;
          const e = toBackendError(err);
          send({ type: 'auth', ok: false, error: { code: e.code, message: e.message } });
        }
        for (const { sub } of listeners.values()) {
          sub.auth = auth;
          db.reauthorize(sub);
        }
        return;
      }
      case 'listen': {
        const id = message.id;
        if (typeof id !== 'string' || id === '') {
          sendError(undefined, new BackendError('invalid-argument', 'A listen needs a string id.'));
          return;
        }
        try {
          if (listeners.has(id))
            throw new BackendError('already-exists', `Listener ${id} already exists.`);
          if (listeners.size >= MAX_LISTENERS_PER_SOCKET) {
            throw new BackendError('resource-exhausted', 'Too many listeners on one connection.');
          }
          const target = parseTarget(message.target);
          const sub: Subscription = {
            target,
            auth,
            send(result: DocSnapshot | QueryDoc[]) {
              send(
                target.kind === 'doc'
                  ? { type: 'snapshot', id, doc: encodeValue(result) }
                  : { type: 'snapshot', id, docs: encodeValue(result) },
              );
            },
            fail(error) {
              listeners.delete(id);
              send({ type: 'error', id, error });
            },
          };
          // Registered before listen() runs: the first snapshot is sent from inside it.
          listeners.set(id, { sub, stop: () => {} });
          const stop = db.listen(sub);
          const entry = listeners.get(id);
          if (entry) entry.stop = stop;
        } catch (err) {
          listeners.delete(id);
          sendError(id, err);
        }
        return;
      }
      case 'unlisten': {
        const id = message.id;
        if (typeof id !== 'string') {
          sendError(
            undefined,
            new BackendError('invalid-argument', 'An unlisten needs a string id.'),
          );
          return;
        }
        listeners.get(id)?.stop();
        listeners.delete(id);
        return;
      }
      default:
        sendError(
          undefined,
          new BackendError('invalid-argument', `Unknown message type "${String(message.type)}".`),
        );
    }
  }

  socket.on('message', (data, isBinary) => {
    const raw = isBinary ? '' : data.toString();
    queue = queue
      .then(() => handle(raw))
      .catch((err: unknown) => console.error('[local-server] listen', err));
  });
  socket.on('close', () => {
    for (const { stop } of listeners.values()) stop();
    listeners.clear();
  });
  socket.on('error', () => socket.terminate());
}

function parseTarget(
  raw: unknown,
): { kind: 'doc'; path: string } | { kind: 'query'; spec: QuerySpec } {
  if (typeof raw === 'object' && raw !== null) {
    const t = raw as { kind?: unknown; path?: unknown; spec?: unknown };
    if (t.kind === 'doc' && typeof t.path === 'string') return { kind: 'doc', path: t.path };
    if (t.kind === 'query' && typeof t.spec === 'object' && t.spec !== null) {
      return { kind: 'query', spec: decodeValue(t.spec) as QuerySpec };
    }
  }
  throw new BackendError(
    'invalid-argument',
    'A listen target must be { kind: "doc", path } or { kind: "query", spec }.',
  );
}
