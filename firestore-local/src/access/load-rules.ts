/**
 * Loads `firestore.rules` and `storage.rules` for the local server: parsed and checked once at
 * start (a syntax or type error stops the server with `file:line:col`, the line and a caret), and,
 * when asked to watch (`npm run dev`), parsed again whenever either file changes. A file that no
 * longer parses keeps the previous rules in force and prints why, so a typo mid-edit never opens
 * or closes the database by accident.
 */
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { parseRules, RulesError, type Ruleset } from '../rules/ruleset';
import type { RulesetHolder } from './rules-engine-policy';

export const FIRESTORE_RULES_FILE = 'firestore.rules';
export const STORAGE_RULES_FILE = 'storage.rules';

/** Where the rules files are read from unless the host says: the folder it runs in, as the Firebase CLI. */
function defaultRulesDir(): string {
  return process.cwd();
}

export interface LoadedRules {
  firestore: Ruleset;
  storage: Ruleset;
}

function parseFile(dir: string, file: string, service: Ruleset['service']): Ruleset {
  const ruleset = parseRules(readFileSync(path.join(dir, file), 'utf8'), file);
  if (ruleset.service !== service) {
    throw new Error(
      `${file}: expected \`service ${service}\`, found \`service ${ruleset.service}\`.`,
    );
  }
  return ruleset;
}

/** Parses both files; throws `RulesError` (see its `format()`) on the first problem. */
export function loadRules(dir: string = defaultRulesDir()): LoadedRules {
  return {
    firestore: parseFile(dir, FIRESTORE_RULES_FILE, 'cloud.firestore'),
    storage: parseFile(dir, STORAGE_RULES_FILE, 'firebase.storage'),
  };
}

/** A message for any failure to load the rules: the engine's formatted error, or the I/O error. */
export function describeRulesFailure(err: unknown): string {
  if (err instanceof RulesError) return err.format();
  return err instanceof Error ? err.message : String(err);
}

export interface WatchedRules extends RulesetHolder {
  close(): void;
}

/** Holds the loaded rules; with `watch`, reloads them when a rules file changes. */
export function holdRules(
  initial: LoadedRules,
  options: { watch?: boolean; dir?: string; log?: (line: string) => void } = {},
): WatchedRules {
  let rules = initial;
  const dir = options.dir ?? defaultRulesDir();
  const log = options.log ?? ((line: string) => console.log(line));
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;

  function reload(): void {
    try {
      rules = loadRules(dir);
      log('Reloaded firestore.rules and storage.rules.');
    } catch (err) {
      log(
        `The rules were not reloaded; the previous ones stay in force.\n${describeRulesFailure(err)}`,
      );
    }
  }

  if (options.watch) {
    // The folder, not the files: editors that save by renaming a new file over the old one would
    // leave a file watcher on the old inode. Saves come in several events: wait for the last.
    const names = new Set([FIRESTORE_RULES_FILE, STORAGE_RULES_FILE]);
    watchers.push(
      watch(dir, (_event, name) => {
        if (name === null || !names.has(name.toString())) return;
        clearTimeout(timer);
        timer = setTimeout(reload, 100);
      }),
    );
  }

  return {
    current: () => rules,
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
