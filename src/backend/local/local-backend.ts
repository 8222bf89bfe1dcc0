/**
 * The local driver of the port, talking to the local data server (`local-server/`): documents by
 * `POST /api/db`, every listener over ONE WebSocket (`/api/listen`) that reconnects and
 * re-subscribes, files at `/api/files/<path>`, callables in Firebase's wire format. Runs in
 * browsers and in Node (pass `WebSocketImpl` from the `ws` package on Node 20).
 */
import { BackendError, failListenerLater, knownBackendErrorCode } from 'firestore-engine/errors';
import type {
  AcceptInviteOutput,
  SetAccountActiveOutput,
  LeadWebhooksOutput,
  ScimTokensOutput,
  Backend,
  DocSnapshot,
  ListenError,
  QueryDoc,
  QuerySpec,
  Unsubscribe,
} from '../port';
import { assertCollectionPath, assertDocPath, newDocId } from 'firestore-engine/paths';
import { decodeValue, encodeValue } from 'firestore-engine/wire';
import { parseInviteDetails } from '@/domain/invite-details';

export interface LocalBackendOptions {
  /** Origin of the local server, e.g. `http://127.0.0.1:5173` (empty: the page's origin). */
  baseUrl: string;
  /** The signed-in user's current Firebase ID token, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  WebSocketImpl?: typeof WebSocket;
  fetchImpl?: typeof fetch;
  /** Firebase project id, for the callable functions' URLs. */
  projectId?: string;
  /** How often open listeners check whether the ID token changed (ms; default 15 s). */
  tokenCheckMs?: number;
}

/** A malformed path or query, thrown by the engine's checks, as the port's error. */
function asBackendError(err: unknown): BackendError {
  return err instanceof BackendError ? err : new BackendError('invalid-argument', String(err));
}

interface ListenEntry {
  readonly id: string;
  readonly target: { kind: 'doc'; path: string } | { kind: 'query'; spec: QuerySpec };
  readonly next: (value: unknown) => void;
  readonly error: (err: ListenError) => void;
  /** The last delivered result as wire JSON, to skip repeats after a reconnect. */
  last: string | null;
  /** The socket this listener was subscribed on (each socket needs it once). */
  sentOn: WebSocket | null;
}

type ServerMessage =
  | { type: 'snapshot'; id: string; doc?: unknown; docs?: unknown }
  | { type: 'error'; id?: string; error: { code: string; message: string } }
  | { type: 'auth'; ok: boolean; error?: { code: string; message: string } };

/** Reads the `acceptInvite` callable's result, refusing a malformed one. */
function acceptInviteOutput(raw: unknown): AcceptInviteOutput {
  const result = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const { accountId, defaultTeam, teams, cardId } = result;
  if (
    typeof accountId !== 'string' ||
    typeof defaultTeam !== 'string' ||
    !Array.isArray(teams) ||
    !teams.every((t): t is string => typeof t === 'string')
  ) {
    throw new BackendError('internal', 'The invitation answer is malformed.');
  }
  return { accountId, defaultTeam, teams, ...(typeof cardId === 'string' ? { cardId } : {}) };
}

/** Reads the `setAccountActive` callable's result, refusing a malformed one. */
function setAccountActiveOutput(raw: unknown): SetAccountActiveOutput {
  const result = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const { accountId, isActive } = result;
  if (typeof accountId !== 'string' || typeof isActive !== 'boolean') {
    throw new BackendError('internal', 'The account status answer is malformed.');
  }
  return { accountId, isActive };
}

function websocketUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/api/listen`;
}

export function createLocalBackend(options: LocalBackendOptions): Backend {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const projectId = options.projectId ?? 'demo-cardbuilder';
  const tokenCheckMs = options.tokenCheckMs ?? 15_000;

  function baseUrl(): string {
    if (options.baseUrl !== '') return options.baseUrl.replace(/\/+$/, '');
    const location = (globalThis as { location?: { origin: string } }).location;
    if (!location) throw new Error('createLocalBackend: baseUrl is required outside a browser.');
    return location.origin;
  }

  async function authHeaders(): Promise<Record<string, string>> {
    const token = await options.getIdToken();
    // Every request learns the current token; a listening socket is told when it changed.
    void socketAuth(token);
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  async function parseAnswer(res: Response): Promise<Record<string, unknown>> {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new BackendError(
        res.ok ? 'internal' : 'unavailable',
        `The local server answered ${res.status} without JSON.`,
      );
    }
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const error = record.error as
      { code?: unknown; status?: unknown; message?: unknown } | undefined;
    if (!res.ok || error) {
      throw new BackendError(
        knownBackendErrorCode(error?.code ?? error?.status) ?? 'internal',
        typeof error?.message === 'string'
          ? error.message
          : `The local server answered ${res.status}.`,
      );
    }
    return record;
  }

  async function request(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetchImpl(url, init);
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      throw new BackendError(
        'unavailable',
        `The local server cannot be reached (${String(err)}${cause ? `: ${String(cause)}` : ''}).`,
      );
    }
    return parseAnswer(res);
  }

  async function db(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const encoded = JSON.stringify(encodeValue(body));
    return request(`${baseUrl()}/api/db`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await authHeaders()) },
      body: encoded,
    });
  }

  /** One call of a callable, in Firebase's callable protocol as the local server serves it. */
  async function callFunction(name: string, data: unknown): Promise<Record<string, unknown>> {
    return request(`${baseUrl()}/functions/${projectId}/us-central1/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await authHeaders()) },
      body: JSON.stringify({ data }),
    });
  }

  // ---- the shared listening socket ---------------------------------------------------------------

  const entries = new Map<string, ListenEntry>();
  let socket: WebSocket | null = null;
  let socketOpen = false;
  let sentToken: string | null | undefined;
  let reconnectDelay = 250;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenTimer: ReturnType<typeof setInterval> | undefined;
  let nextListenId = 1;

  function sendRaw(message: unknown): void {
    if (socket && socketOpen) socket.send(JSON.stringify(message));
  }

  async function socketAuth(token?: string | null): Promise<void> {
    if (!socket || !socketOpen) return;
    const current = token !== undefined ? token : await options.getIdToken().catch(() => null);
    if (current === sentToken) return;
    sentToken = current;
    sendRaw({ type: 'auth', token: current });
  }

  function sendListen(entry: ListenEntry): void {
    if (!socket || !socketOpen || entry.sentOn === socket || !entries.has(entry.id)) return;
    entry.sentOn = socket;
    sendRaw({ type: 'listen', id: entry.id, target: encodeValue(entry.target) });
  }

  function onMessage(raw: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'snapshot') {
      const entry = entries.get(message.id);
      if (!entry) return;
      const payload = message.doc !== undefined ? message.doc : message.docs;
      const text = JSON.stringify(payload);
      if (text === entry.last) return;
      entry.last = text;
      try {
        entry.next(decodeValue(payload));
      } catch (err) {
        // A callback that throws ends its listener with `internal` instead of leaving it waiting.
        entries.delete(entry.id);
        sendRaw({ type: 'unlisten', id: entry.id });
        const detail = err instanceof Error ? err.message : String(err);
        entry.error({ code: 'internal', message: `The listener's callback failed: ${detail}` });
        maybeClose();
      }
    } else if (message.type === 'error') {
      if (message.id === undefined) {
        console.warn('[local-backend] the server refused a message:', message.error);
        return;
      }
      const entry = entries.get(message.id);
      if (!entry) return;
      entries.delete(message.id);
      entry.error({
        code: knownBackendErrorCode(message.error.code) ?? 'internal',
        message: message.error.message,
      });
      maybeClose();
    } else if (message.type === 'auth' && !message.ok) {
      console.warn('[local-backend] the server refused the ID token:', message.error);
    }
  }

  function connect(): void {
    if (socket || entries.size === 0) return;
    const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
    if (!Impl)
      throw new Error(
        'No WebSocket implementation: pass WebSocketImpl (the ws package) on Node 20.',
      );
    const ws = new Impl(websocketUrl(baseUrl()));
    socket = ws;
    socketOpen = false;
    sentToken = undefined;
    ws.onopen = () => {
      void (async () => {
        const token = await options.getIdToken().catch(() => null);
        if (socket !== ws) return;
        socketOpen = true;
        reconnectDelay = 250;
        sentToken = token;
        // Auth first: the server handles one socket's messages in order.
        sendRaw({ type: 'auth', token });
        for (const entry of entries.values()) sendListen(entry);
        tokenTimer = setInterval(() => void socketAuth(), tokenCheckMs);
        (tokenTimer as { unref?: () => void }).unref?.();
      })();
    };
    ws.onmessage = (event) => {
      if (socket === ws)
        onMessage(typeof event.data === 'string' ? event.data : String(event.data));
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      socketOpen = false;
      clearInterval(tokenTimer);
      if (entries.size === 0) return;
      // The server forgets a closed socket's listeners: come back and subscribe them all again.
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        connect();
      }, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 5000);
    };
    ws.onerror = () => {
      // onclose follows and reconnects.
    };
  }

  function maybeClose(): void {
    // Deferred, so that an unsubscribe followed at once by a subscribe keeps the socket.
    queueMicrotask(() => {
      if (entries.size > 0) return;
      if (reconnectTimer) {
        clearTimeout(reconnectTimer);
        reconnectTimer = undefined;
      }
      const ws = socket;
      socket = null;
      socketOpen = false;
      clearInterval(tokenTimer);
      ws?.close();
    });
  }

  function listen(
    target: ListenEntry['target'],
    next: (value: unknown) => void,
    error: (err: ListenError) => void,
  ): Unsubscribe {
    const entry: ListenEntry = {
      id: String(nextListenId++),
      target,
      next,
      error,
      last: null,
      sentOn: null,
    };
    entries.set(entry.id, entry);
    if (socket && socketOpen) {
      // Tell the socket about a changed token first, so the listener is judged with it.
      void socketAuth().then(() => sendListen(entry));
    } else connect();
    return () => {
      if (!entries.delete(entry.id)) return;
      sendRaw({ type: 'unlisten', id: entry.id });
      maybeClose();
    };
  }

  // ---- files -----------------------------------------------------------------------------------

  function fileUrl(path: string): string {
    return `${baseUrl()}/api/files/${path.split('/').map(encodeURIComponent).join('/')}`;
  }

  return {
    kind: 'local',
    newId: newDocId,

    async get(path) {
      assertDocPath(path);
      const answer = await db({ op: 'get', path });
      return decodeValue(answer.doc) as DocSnapshot;
    },

    async set(path, data, setOptions) {
      assertDocPath(path);
      await db({ op: 'set', path, data, merge: setOptions?.merge === true });
    },

    async update(path, data) {
      assertDocPath(path);
      await db({ op: 'update', path, data });
    },

    async delete(path) {
      assertDocPath(path);
      await db({ op: 'delete', path });
    },

    async add(collectionPath, data) {
      assertCollectionPath(collectionPath);
      const answer = await db({ op: 'add', collection: collectionPath, data });
      return answer.id as string;
    },

    async query(spec) {
      const answer = await db({ op: 'query', query: spec });
      return decodeValue(answer.docs) as QueryDoc[];
    },

    onDoc(path, next, error) {
      try {
        assertDocPath(path);
      } catch (err) {
        return failListenerLater(error, asBackendError(err));
      }
      return listen({ kind: 'doc', path }, (v) => next(v as DocSnapshot), error);
    },

    onQuery(spec, next, error) {
      try {
        assertCollectionPath(spec.collection);
        encodeValue(spec);
      } catch (err) {
        return failListenerLater(error, asBackendError(err));
      }
      return listen({ kind: 'query', spec }, (v) => next(v as QueryDoc[]), error);
    },

    async batch(ops) {
      await db({ op: 'batch', ops });
    },

    files: {
      async upload(path, data, contentType) {
        const answer = await request(fileUrl(path), {
          method: 'PUT',
          headers: { 'Content-Type': contentType, ...(await authHeaders()) },
          body: data,
        });
        return answer.url as string;
      },
      async downloadUrl(path) {
        const answer = await request(fileUrl(path), {
          method: 'GET',
          headers: await authHeaders(),
        });
        return answer.url as string;
      },
      async delete(path) {
        await request(fileUrl(path), { method: 'DELETE', headers: await authHeaders() });
      },
    },

    functions: {
      async createPortalLink(input) {
        const answer = await callFunction('ext-firestore-stripe-payments-createPortalLink', input);
        // The callable protocol answers { result }; older servers { data }.
        const result = (answer.result ?? answer.data) as { url?: unknown } | undefined;
        if (typeof result?.url !== 'string')
          throw new BackendError('internal', 'The portal link has no url.');
        return { url: result.url };
      },

      async acceptInvite(input) {
        const answer = await callFunction('acceptInvite', { token: input.token });
        return acceptInviteOutput(answer.result ?? answer.data);
      },

      async inviteDetails(input) {
        const answer = await callFunction('inviteDetails', { token: input.token });
        const details = parseInviteDetails(answer.result ?? answer.data);
        if (!details) throw new BackendError('internal', 'The invitation answer is malformed.');
        return details;
      },

      async setAccountActive(input) {
        const answer = await callFunction('setAccountActive', {
          accountId: input.accountId,
          isActive: input.isActive,
        });
        return setAccountActiveOutput(answer.result ?? answer.data);
      },

      async resumeSubscription(input) {
        const answer = await callFunction('resumeSubscription', {
          subscriptionId: input.subscriptionId,
        });
        const result = (answer.result ?? answer.data) as { resumed?: unknown } | undefined;
        return { resumed: result?.resumed === true };
      },

      async addScannedLead(input) {
        const answer = await callFunction('addScannedLead', input);
        const result = (answer.result ?? answer.data) as
          { leadId?: unknown; stored?: unknown } | undefined;
        if (typeof result?.leadId !== 'string') {
          throw new BackendError('internal', 'The answer to saving a scanned lead is malformed.');
        }
        return { leadId: result.leadId, stored: result.stored === true };
      },

      async leadWebhooks(input) {
        const answer = await callFunction('leadWebhooks', input);
        const result = (answer.result ?? answer.data) as LeadWebhooksOutput | undefined;
        if (typeof result?.webhookId !== 'string') {
          throw new BackendError('internal', 'The webhook answer is malformed.');
        }
        return result;
      },

      async scimTokens(input) {
        const answer = await callFunction('scimTokens', input);
        const result = (answer.result ?? answer.data) as ScimTokensOutput | null | undefined;
        return result ?? {};
      },
    },
  };
}
