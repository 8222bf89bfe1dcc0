/**
 * An import resolver for eslint-plugin-import that knows tsconfig's `@/` alias (src/), so the
 * layer zones and the cycle check of eslint.config.js see where an aliased import lands. Written
 * here rather than taken from eslint-import-resolver-typescript: that package needs native
 * bindings for every platform in the lockfile, which the registry this project installs from does
 * not hold. Anything that is not `@/…` is left to the node resolver listed after this one.
 */
const { statSync } = require('node:fs');
const { join } = require('node:path');

const SRC = join(__dirname, '..', '..', 'src');
const CANDIDATES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

module.exports = {
  interfaceVersion: 2,
  resolve(source) {
    if (!source.startsWith('@/')) return { found: false };
    const base = join(SRC, source.slice(2));
    for (const suffix of CANDIDATES) {
      if (isFile(base + suffix)) return { found: true, path: base + suffix };
    }
    return { found: false };
  },
};
