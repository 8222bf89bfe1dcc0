/**
 * What a build of the app is made from, for the start scripts that rebuild it only when it
 * changed (`npm start`, the Firebase stack): the sources, the shell, and vite.config.ts with the
 * parts of scripts/lib it reads (the chunk groups among them).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const APP_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/lib'];

/** The newest modification time under `path` (files and folders), 0 when missing. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** When the app's build inputs under `root` last changed (`extra` paths counted too). */
export function newestAppSource(root: string, extra: readonly string[] = []): number {
  return Math.max(...[...APP_SOURCES, ...extra].map((path) => newestMtime(join(root, path))));
}
