/**
 * The layer fences of eslint.config.js, checked with ESLint itself: a file that crosses a fence
 * fails lint, whether it names the other file by the `@/` alias or by a relative path. Without
 * the alias resolver (eslint-import-resolver-alias, in eslint.config.js) an aliased import would not
 * resolve and the zones would let it through; these cases are what would notice.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('lint keeps the layers apart', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, by alias or by path', async () => {
    const byAlias = await messagesFor(
      'src/features/builder/fence-probe.ts',
      "export { parseCsvText } from '@/features/teams/csv';\n",
    );
    expect(byAlias.join('\n')).toContain('Features do not import each other');
    const byPath = await messagesFor(
      'src/features/builder/fence-probe.ts',
      "export { parseCsvText } from '../teams/csv';\n",
    );
    expect(byPath.join('\n')).toContain('Features do not import each other');
  });

  it('refuses server code importing a feature', async () => {
    for (const file of ['src/services/fence-probe.ts', 'local-server/fence-probe.ts']) {
      const messages = await messagesFor(
        file,
        "export { handleProblem } from '@/features/builder/validation';\n",
      );
      expect(messages.join('\n')).toContain('Server code does not import features');
    }
  });

  it('refuses the packages importing the product, by name, alias or path', async () => {
    const standIn = 'The product never imports';
    const cases: [string, string, string][] = [
      ['firestore-local/src/fence-probe.ts', '@/domain/plan', 'imports nothing of the product'],
      [
        'firestore-local/src/fence-probe.ts',
        '../../src/domain/plan',
        'imports nothing of the product',
      ],
      [
        'firestore-local/src/fence-probe.ts',
        '../../local-server/local-host',
        'imports nothing of the product',
      ],
      ['firestore-engine/src/fence-probe.ts', '@/backend/port', 'the document model alone'],
      ['firestore-engine/src/fence-probe.ts', 'firestore-local/store', 'the document model alone'],
      ['src/backend/local/fence-probe.ts', 'firestore-local/store', standIn],
      ['src/services/fence-probe.ts', '../../firestore-local/src/store', standIn],
      ['functions/src/fence-probe.ts', 'firestore-local/create-server', standIn],
    ];
    for (const [file, from, message] of cases) {
      const messages = await messagesFor(file, `export { probe } from '${from}';\n`);
      expect(messages.join('\n'), `${file} importing ${from}`).toContain(message);
    }
  });

  it('lets the local host run the stand-in, and src use the document engine', async () => {
    const allowed: [string, string][] = [
      ['local-server/fence-probe.ts', 'firestore-local/store'],
      ['src/backend/memory/fence-probe.ts', 'firestore-engine/query'],
      ['firestore-local/src/fence-probe.ts', 'firestore-engine/query'],
    ];
    for (const [file, from] of allowed) {
      const messages = await messagesFor(file, `export { probe } from '${from}';\n`);
      expect(messages.join('\n'), `${file} importing ${from}`).not.toMatch(/no-restricted-paths/);
    }
  });

  it('refuses the domain importing anything above it', async () => {
    const messages = await messagesFor(
      'src/domain/fence-probe.ts',
      "export { backend } from '@/backend/current';\n",
    );
    expect(messages.join('\n')).toContain('The domain is pure');
  });

  it("asks for '@/' instead of climbing out of a folder", async () => {
    const messages = await messagesFor(
      'src/features/builder/fence-probe.ts',
      "export { linkDisplayLabel } from '../../domain/links';\n",
    );
    expect(messages.join('\n')).toContain("with '@/…'");
    const clean = await messagesFor(
      'src/features/builder/fence-probe.ts',
      "export { linkDisplayLabel } from '@/domain/links';\n",
    );
    expect(clean).toEqual([]);
  });
});
