/**
 * How the bundle cuts the code a signed-in page starts with into files (`codeSplitting.groups` in
 * vite.config.ts). Left to itself the bundler gives each set of entries that share a module a
 * file of its own: the builder's first screen loaded 32 scripts, a dozen of them under 1 KiB.
 * Through HTTP/1.1 (the local server, Hosting's emulator) a browser opens six connections to a
 * host, and each file holds one of them for a round trip; on a slow link the last files of the
 * first screen arrived half a second after the link could have delivered them.
 *
 * Four groups, in this order. None takes in what its modules import
 * (`includeDependenciesRecursively: false`): each holds only what its rule names, so no group
 * pulls a later step's code into an earlier one.
 * - **start-up-shared**: the modules two or more of the first steps of `src/main.ts` share (React,
 *   the Firebase app, the driver's holder, the engine's value types). Each is needed by an early
 *   step anyway; in one file some are evaluated a step sooner. Large ones (React DOM's renderer,
 *   Firebase Auth's core) stay in their steps' files, and so does any module that imports them.
 * - **start-data**: the documents' schemas, evaluated in a step of their own before the app.
 * - **start-app**: the app's shell (router, stores, routes), which every page loads.
 * - **shared-ui**: what the builder shares with a signed-out page (form fields, the dialog). Not
 *   in start-app: its styles would come before the theme's there, and the theme's `:focus-visible`
 *   would then win over a field's own corners; in a file of their own they come after, as before.
 * - **builder-shared**: what the builder's page shares with other signed-in pages. A signed-out
 *   page (sign-in, pricing, the landing page) keeps loading only what it needs.
 */
import { resolve } from 'node:path';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';

interface Graph {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** Larger modules (React DOM's renderer, Firebase Auth's core) stay in their own steps' files. */
const LARGEST_SHARED_MODULE = 100_000;

/** The routes a signed-out visitor opens: they keep loading only what they need. */
const SIGNED_OUT_PAGES = [
  'src/features/landing/landing-page.tsx',
  'src/features/legal/terms-page.tsx',
  'src/features/legal/privacy-page.tsx',
  'src/features/auth/sign-up-page.tsx',
  'src/features/auth/account-setup-page.tsx',
  'src/features/auth/sign-in-page.tsx',
  'src/features/auth/magic-link-page.tsx',
  'src/features/auth/forgot-password-page.tsx',
  'src/features/auth/auth-action-page.tsx',
  'src/features/billing/pricing-page.tsx',
];

type GroupName = 'start-up-shared' | 'start-data' | 'start-app' | 'shared-ui' | 'builder-shared';

/** `from` and everything it imports statically, added to `into`. */
function closure(graph: Graph, from: string, into = new Set<string>()): Set<string> {
  const pending = [from];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (into.has(next)) continue;
    into.add(next);
    pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return into;
}

function union(...sets: ReadonlySet<string>[]): Set<string> {
  return new Set(sets.flatMap((set) => [...set]));
}

function without(set: ReadonlySet<string>, ...others: ReadonlySet<string>[]): Set<string> {
  return new Set([...set].filter((module) => !others.some((other) => other.has(module))));
}

/** Which group each grouped module belongs to, worked out from the whole module graph. */
function assignGroups(root: string, graph: Graph): Map<string, GroupName> {
  const at = (path: string) => resolve(root, path);
  const main = at('src/main.ts');
  const startData = at('src/app/start-data.ts');
  const startApp = at('src/app/start-app.tsx');
  const entry = closure(graph, main);

  // The first steps: what main.ts loads before the schemas, and what those load in turn (the
  // drivers, Firebase Auth).
  const stepRoots = (graph.getModuleInfo(main)?.dynamicallyImportedIds ?? []).filter(
    (step) => step !== startData && step !== startApp,
  );
  const earlyRoots = new Set(
    stepRoots.flatMap((step) => [
      step,
      ...(graph.getModuleInfo(step)?.dynamicallyImportedIds ?? []),
    ]),
  );
  const reachedBy = new Map<string, number>();
  for (const step of earlyRoots) {
    for (const module of without(closure(graph, step), entry)) {
      reachedBy.set(module, (reachedBy.get(module) ?? 0) + 1);
    }
  }
  const early = new Set(reachedBy.keys());
  const dataClosure = closure(graph, startData);
  const appClosure = closure(graph, startApp);
  const data = without(dataClosure, entry, early);
  const app = without(appClosure, entry, early, data);

  const laterSteps = union(dataClosure, appClosure);
  const shared = new Set(
    [...reachedBy]
      .filter(([module, steps]) => steps + (laterSteps.has(module) ? 1 : 0) >= 2)
      .filter(
        ([module]) => (graph.getModuleInfo(module)?.code?.length ?? 0) <= LARGEST_SHARED_MODULE,
      )
      .map(([module]) => module),
  );
  // A module stays only if all it imports is in this file or in the entry: otherwise the file
  // would bring a step's own code (React DOM's renderer, Firebase Auth) into the first step.
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const module of shared) {
      const imports = graph.getModuleInfo(module)?.importedIds ?? [];
      if (imports.every((next) => shared.has(next) || entry.has(next))) continue;
      shared.delete(module);
      dropped = true;
    }
  }

  const builderRoute = at('src/app/builder-route.tsx');
  const signedOut = new Set<string>();
  for (const page of SIGNED_OUT_PAGES) closure(graph, at(page), signedOut);
  const builder = without(closure(graph, builderRoute), new Set([builderRoute]), entry, early);
  const sharedUi = new Set([...without(builder, data, app)].filter((m) => signedOut.has(m)));
  const builderShared = without(builder, data, app, signedOut);

  const groups = new Map<string, GroupName>();
  for (const module of shared) groups.set(module, 'start-up-shared');
  for (const module of data) groups.set(module, 'start-data');
  for (const module of app) groups.set(module, 'start-app');
  for (const module of sharedUi) groups.set(module, 'shared-ui');
  for (const module of builderShared) groups.set(module, 'builder-shared');
  return groups;
}

/** The groups for `codeSplitting.groups`, for the app whose sources are under `root`. */
export function startUpChunkGroups(root: string): CodeSplittingGroup[] {
  let groups: Map<string, GroupName> | undefined;
  const group =
    (name: GroupName) =>
    (id: string, graph: Graph): string | null => {
      groups ??= assignGroups(root, graph);
      return groups.get(id) === name ? name : null;
    };
  const names: GroupName[] = [
    'start-up-shared',
    'start-data',
    'start-app',
    'shared-ui',
    'builder-shared',
  ];
  return names.map((name) => ({
    name: group(name),
    debugName: name,
    includeDependenciesRecursively: false,
    // The builder's share is only what another page uses too: the rest stays in its own file.
    ...(name === 'builder-shared' ? { minShareCount: 2 } : {}),
  }));
}
