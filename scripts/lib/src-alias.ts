/**
 * tsconfig's `@/` alias (src/) in the form Vite takes, for the bundle, the test projects and the
 * pre-render step's own Vite server; tsc, tsx, esbuild and Playwright read it from tsconfig.json.
 */
import { resolve } from 'node:path';
import type { Alias } from 'vite';

export function srcAlias(root: string): Alias[] {
  return [{ find: /^@\//, replacement: `${resolve(root, 'src')}/` }];
}
