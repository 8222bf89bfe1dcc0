/**
 * The local server as the benches run it: `local-server/main.ts` on a data folder of the bench's
 * own, serving a built app, signing people in through the given Auth emulator.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

export function startBenchServer(options: {
  port: number;
  dataDir: string;
  emulator: { readonly host: string; readonly url: string };
  /** The built app to serve (another build can be measured against this one). */
  appDist?: string;
  /** More variables for the server (`SEED_DEMO`, say). */
  env?: Readonly<Record<string, string>>;
  stdio?: StdioOptions;
}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'local-server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      APP_DIST: options.appDist ?? join(root, 'dist'),
      PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`,
      FIREBASE_AUTH_EMULATOR_HOST: options.emulator.host,
      VITE_AUTH_EMULATOR_URL: options.emulator.url,
      ...options.env,
    },
    stdio: options.stdio ?? 'ignore',
  });
}
