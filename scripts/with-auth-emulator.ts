/**
 * Runs a command with a fresh Auth emulator (port 9399, nothing persisted) and the environment the
 * server, firebase-admin and the tests expect: `tsx scripts/with-auth-emulator.ts vitest run ...`.
 * With `--firestore` first, Google's Firestore emulator runs beside it (port 9380,
 * TEST_FIRESTORE_PORT) and the command gets FIRESTORE_EMULATOR_HOST.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ID, startAuthEmulator } from './lib/auth-emulator';
import { startFirestoreEmulator } from './lib/firestore-emulator';
import { StartupError } from './lib/processes';

export const TEST_AUTH_PORT = Number(process.env.TEST_AUTH_PORT ?? 9399);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const withFirestore = argv[0] === '--firestore';
  const [command, ...args] = withFirestore ? argv.slice(1) : argv;
  if (!command) throw new Error('usage: with-auth-emulator [--firestore] <command> [args...]');
  const firestore = withFirestore
    ? await startFirestoreEmulator({
        port: Number(process.env.TEST_FIRESTORE_PORT ?? 9380),
        portVariable: 'TEST_FIRESTORE_PORT',
        command: `npm run ${process.env.npm_lifecycle_event ?? 'test:firebase'}`,
        quiet: true,
      })
    : undefined;
  if (firestore) console.log(`The judge of the rules and driver cases: ${firestore.description}`);
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
      ...(firestore ? { FIRESTORE_EMULATOR_HOST: firestore.host } : {}),
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      GCLOUD_PROJECT: PROJECT_ID,
      AUTH_EMULATOR_URL: emulator.url,
    },
  });
  const code = await new Promise<number>((done) => child.on('exit', (c) => done(c ?? 1)));
  await emulator.stop();
  await firestore?.stop();
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? `\n${err.message}\n` : err);
  process.exit(1);
});
