/**
 * `npm start`: the whole local stack with one command. Starts the Auth emulator (accounts kept in
 * .data/auth across restarts), builds the app when its sources changed, starts the local data
 * server (SQLite in .data/db, demo data seeded into an empty folder) serving the app, prints where
 * everything is, and on Ctrl-C stops it all cleanly (the emulator exports its accounts on the way
 * out). `npm run dev` runs Vite's dev server in front of the same stack instead of a build.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startAuthEmulator, waitForHttp } from './lib/auth-emulator';

const root = resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const appPort = Number(process.env.PORT ?? 5173);
const serverPort = dev ? Number(process.env.SERVER_PORT ?? 8787) : appPort;
const authPort = Number(process.env.AUTH_PORT ?? 9099);
const dataRoot = resolve(root, process.env.DATA_ROOT ?? '.data');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIfStale(): void {
  const distIndex = join(root, 'dist', 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(root, p));
  const newestSource = Math.max(...sources.filter((p) => existsSync(p)).map(newestMtime));
  const built = existsSync(distIndex);
  if (built && statSync(distIndex).mtimeMs >= newestSource) return;
  console.log(
    built ? 'Rebuilding the app (its sources changed)...' : 'Building the app (first start)...',
  );
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(join(dataRoot, 'auth'), { recursive: true });
  mkdirSync(join(dataRoot, 'db'), { recursive: true });
  if (!dev) buildIfStale();

  console.log('Starting the Auth emulator...');
  const emulator = await startAuthEmulator({
    port: authPort,
    persistDir: join(dataRoot, 'auth'),
    quiet: true,
  });

  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: process.env.HOST ?? '127.0.0.1',
      DATA_DIR: join(dataRoot, 'db'),
      ...(dev ? {} : { APP_DIST: join(root, 'dist') }),
      SEED_DEMO: '1',
      PUBLIC_ORIGIN: `http://localhost:${appPort}`,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      GCLOUD_PROJECT: 'demo-cardbuilder',
      VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`,
    },
  });
  const children: ChildProcess[] = [server];
  await waitForHttp(`http://127.0.0.1:${serverPort}/api/health`, 60_000, server);

  if (dev) {
    const vite = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        '--port',
        String(appPort),
        '--strictPort',
      ],
      {
        cwd: root,
        stdio: 'inherit',
        detached: true,
        env: {
          ...process.env,
          LOCAL_SERVER_URL: `http://127.0.0.1:${serverPort}`,
          VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`,
        },
      },
    );
    children.push(vite);
    await waitForHttp(`http://127.0.0.1:${appPort}/`, 60_000, vite);
  }

  const app = `http://localhost:${appPort}`;
  console.log(`
  Cardbuilder is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

    App            ${app}
    Public card    ${app}/c/ada-lovelace
    Mailbox        ${app}/__/mailbox   (magic links, password resets, outgoing e-mail)
    Auth emulator  http://127.0.0.1:${authPort}
    Data           ${dataRoot} (delete it to start from the demo data again)

  Demo sign-ins (password Demo-pass1):
    superadmin@cardbuilder.local   super admin, sees every account
    owner@acme.example             owner of Acme Co (Growth plan, two teams, three cards)
    owner@globex.example           owner of Globex (free plan, at its card cap)
    owner@initech.example          owner of Initech (Corporate plan, 100 cards, public directory)

  Press Ctrl-C to stop.
`);

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await Promise.all(children.map((c) => stopChild(c, 'SIGTERM')));
    await emulator.stop();
    console.log(`Stopped. Your data is kept in ${dataRoot}.`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`A part of the stack exited (code ${String(code)}); stopping the rest.`);
        void stop();
      }
    });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
