/**
 * tsconfig's path aliases (`@/` for src/, and the packages' names) in the form Vite takes, for the
 * bundle, the test projects and the pre-render step's own Vite server; tsc, tsx, esbuild and
 * Playwright read them from tsconfig.json itself, so that file is the one list.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Alias } from 'vite';

interface TsconfigPaths {
  compilerOptions: { paths: Record<string, [string]> };
}

export function pathAliases(root: string): Alias[] {
  const tsconfig = JSON.parse(
    readFileSync(resolve(root, 'tsconfig.json'), 'utf8'),
  ) as TsconfigPaths;
  return Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => ({
    // `@/*` -> /^@\//: the prefix up to the star, escaped for a regular expression.
    find: new RegExp(`^${name.slice(0, -1).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
    replacement: `${resolve(root, target.slice(0, -1))}/`,
  }));
}
