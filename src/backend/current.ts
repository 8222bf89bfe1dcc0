/**
 * Holds the backend the app runs on. The shell (`src/app/backend-choice.ts`) installs the driver
 * picked from configuration at start-up; component tests install the in-memory driver. Repositories
 * call `backend()` and never know which driver answers.
 */
import type { Backend } from './port';

let current: Backend | undefined;

export function setBackend(next: Backend): void {
  current = next;
}

export function backend(): Backend {
  if (!current) throw new Error('No backend installed: call setBackend() at start-up.');
  return current;
}
