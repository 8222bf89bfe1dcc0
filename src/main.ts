/**
 * Start-up in steps that each run in a task of their own: evaluated as one module graph, the app
 * froze a slow phone for half a second and more. Sign-in and the backend's driver come first, so
 * the session is read while the rest loads; then React DOM; then the documents' schemas
 * (`app/start-data.ts`); then the router, stores and routes (`app/start-app.tsx`). `startupPreload` (vite.config.ts) keeps the downloads overlapping.
 */
import { appConfig } from './app/config';
import { paintFirstFrame } from './app/first-paint';
import { nextTask } from './app/next-task';

/** Marks where each step begins, for the bench's timeline (`BENCH_DETAIL`, scripts/bench-phone.ts). */
function step(name: string): void {
  performance.mark(`start-up: ${name}`);
}

async function start(): Promise<void> {
  paintFirstFrame(document.getElementById('root'));
  const config = appConfig();
  step('sign-in');
  // The backend's driver downloads meanwhile; the app waits for it before it reads any data.
  const backend = import('./app/backend-choice').then(({ installBackend }) =>
    installBackend(config),
  );
  const { initAuth } = await import('./backend/auth');
  // Evaluating Firebase Auth and starting it took a slow phone some 100 ms each: two tasks.
  await nextTask();
  initAuth(config);
  await nextTask();
  step('React DOM');
  await import('react-dom/client');
  await nextTask();
  step('schemas');
  await import('./app/start-data');
  await nextTask();
  step('app');
  const { startApp } = await import('./app/start-app');
  await nextTask();
  step('render');
  await startApp(config, backend);
}

void start();
