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
    for (const file of ['src/server/fence-probe.ts', 'local-server/fence-probe.ts']) {
      const messages = await messagesFor(
        file,
        "export { handleProblem } from '@/features/builder/validation';\n",
      );
      expect(messages.join('\n')).toContain('Server code does not import features');
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
