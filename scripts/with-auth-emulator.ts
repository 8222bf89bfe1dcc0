/**
 * Runs a command with a fresh Auth emulator (port 9399, nothing persisted) and the environment the
 * server, firebase-admin and the tests expect: `tsx scripts/with-auth-emulator.ts vitest run ...`.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ID, startAuthEmulator } from './lib/auth-emulator';
import { StartupError } from './lib/processes';

export const TEST_AUTH_PORT = Number(process.env.TEST_AUTH_PORT ?? 9399);

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: with-auth-emulator <command> [args...]');
  const emulator = await startAuthEmulator({
    port: TEST_AUTH_PORT,
    quiet: true,
    portVariable: 'TEST_AUTH_PORT',
    command: `npm run ${process.env.npm_lifecycle_event ?? 'test:contract'}`,
  });
  const child = spawn(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: {
      ...process.env,
      PATH: `${resolve(import.meta.dirname, '..', 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      GCLOUD_PROJECT: PROJECT_ID,
      AUTH_EMULATOR_URL: emulator.url,
    },
  });
  const code = await new Promise<number>((done) => child.on('exit', (c) => done(c ?? 1)));
  await emulator.stop();
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? `\n${err.message}\n` : err);
  process.exit(1);
});
