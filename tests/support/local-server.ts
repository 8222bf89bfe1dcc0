/**
 * Starts the real local data server for a test: a free port, a fresh temporary data folder, the Auth
 * emulator from the environment. `close()` stops it and removes the folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createLocalBackend } from '@/backend/local/local-backend';
import type { Backend } from '@/backend/port';
import type { AccessPolicy } from 'firestore-local/access-policy';
import { startServer } from 'firestore-local/create-server';
import type { CommitTrigger, RouteHandler, ServerContext } from 'firestore-local/types';
import { authEmulatorHost, TEST_PROJECT_ID } from './auth-emulator';
import { rulesPolicy } from './policies';

export interface TestServer {
  url: string;
  ctx: ServerContext;
  dataDir: string;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    policy?: AccessPolicy;
    routes?: RouteHandler[];
    triggers?: CommitTrigger[];
    /** Reuse a data folder (kept on close); default: a fresh one, removed on close. */
    dataDir?: string;
    /** Default: a free port. */
    port?: number;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'cardbuilder-test-')));
  const server = await startServer({
    port: options.port ?? 0,
    dataDir,
    projectId: TEST_PROJECT_ID,
    authEmulatorHost: authEmulatorHost(),
    policy: options.policy ?? rulesPolicy(),
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.triggers ? { triggers: options.triggers } : {}),
  });
  return {
    url: server.url,
    ctx: server.ctx,
    dataDir,
    idle: server.idle,
    async close() {
      await server.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A local driver talking to `url` as the holder of `token` (null: signed out), on Node 20. */
export function localBackendFor(
  url: string,
  token: () => string | null,
  tokenCheckMs?: number,
): Backend {
  return createLocalBackend({
    baseUrl: url,
    getIdToken: async () => token(),
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    ...(tokenCheckMs !== undefined ? { tokenCheckMs } : {}),
  });
}
