/**
 * How the local server takes its rules files: a syntax error in either stops it with
 * `file:line:col`, the line and a caret; under `npm run dev` an edited file is reloaded, and a file
 * that stops parsing mid-edit leaves the previous rules in force.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdRules, loadRules } from 'firestore-local/access/load-rules';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];

/** A folder holding copies of the repository's rules files, `edit` applied to one of them. */
function rulesDir(
  file?: 'firestore.rules' | 'storage.rules',
  edit?: (s: string) => string,
): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cardbuilder-rules-'));
  dirs.push(dir);
  for (const name of ['firestore.rules', 'storage.rules']) {
    copyFileSync(path.join(root, name), path.join(dir, name));
  }
  if (file && edit) {
    const target = path.join(dir, file);
    writeFileSync(target, edit(readFileSync(target, 'utf8')));
  }
  return dir;
}

function startServerWith(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'local-server/main.ts'], {
    cwd: root,
    env: { ...process.env, RULES_DIR: dir, PORT: '0' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the rules files at start', () => {
  it('a syntax error in firestore.rules stops the server with its place, its line and a caret', () => {
    const dir = rulesDir('firestore.rules', (s) =>
      s.replace('return request.auth != null;', 'return request.auth != = null;'),
    );
    const { status, output } = startServerWith(dir);
    expect(status).toBe(1);
    expect(output).toContain('the local data server did not start');
    expect(output).toMatch(/firestore\.rules:\d+:\d+: /);
    expect(output).toContain('      return request.auth != = null;\n');
    expect(output).toMatch(/\n {29}\^/);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('a call of an undefined function in storage.rules stops the server too', () => {
    const dir = rulesDir('storage.rules', (s) =>
      s.replace('&& isImageUpload();', '&& isImageUplod();'),
    );
    const { status, output } = startServerWith(dir);
    expect(status).toBe(1);
    expect(output).toMatch(/storage\.rules:\d+:\d+: .*isImageUplod/);
  });
});

describe('reloading the rules (npm run dev)', () => {
  const denyAll =
    "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n  }\n}\n";

  it('takes an edited file, and keeps the previous rules while the file does not parse', async () => {
    const dir = rulesDir();
    const logs: string[] = [];
    const held = holdRules(loadRules(dir), { watch: true, dir, log: (l) => logs.push(l) });
    try {
      const first = held.current().firestore;
      writeFileSync(path.join(dir, 'firestore.rules'), denyAll);
      await expect.poll(() => held.current().firestore, { timeout: 5000 }).not.toBe(first);
      expect(logs.at(-1)).toContain('Reloaded');

      const second = held.current().firestore;
      writeFileSync(path.join(dir, 'firestore.rules'), denyAll.replace('match', 'mtch'));
      await expect.poll(() => logs.length, { timeout: 5000 }).toBe(2);
      expect(logs.at(-1)).toMatch(/previous ones stay in force[\s\S]*firestore\.rules:3:/);
      expect(held.current().firestore).toBe(second);
    } finally {
      held.close();
    }
  });
});
