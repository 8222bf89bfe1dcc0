/**
 * Start-up, in steps that each run in a task of their own. Evaluated as one module graph, the app's
 * code (React DOM, the router, Firebase Auth, the stores and their schemas) took one task of half a
 * second and more on a slow phone, the page frozen throughout. Sign-in and the backend's driver
 * come first, so that the stored session is read, its token refreshed and the driver downloaded
 * while the rest loads; then React DOM; then the
 * router, the stores and the routes, which render (`app/start-app.tsx`). The build links every
 * step's code from the page (`startupPreload` in vite.config.ts), so the downloads still overlap:
 * only the evaluation is spread out.
 */
import { appConfig } from './app/config';
import { paintFirstFrame } from './app/first-paint';

/** Ends the current task: the browser paints and handles input before the next step runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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
  initAuth(config);
  await nextTask();
  step('React DOM');
  await import('react-dom/client');
  await nextTask();
  step('app');
  const { startApp } = await import('./app/start-app');
  await nextTask();
  step('render');
  await startApp(config, backend);
}

void start();
