/**
 * Which `match` blocks apply to a path, with their path variables bound. A block applies when
 * its whole pattern (its ancestors' patterns, then its own) matches the complete path; a
 * block whose pattern matches only a prefix passes the rest to its children. `{x}` matches
 * one segment; `{x=**}` matches zero or more segments in rules_version 2 (one or more in
 * version 1) and binds them as a path. A pattern that can split the path in several ways
 * yields one application per way; all of them are tried.
 */
import type { MatchNode, PatternSegment } from './ast';
import { RPath, SymbolicId, type Value } from './values';

export interface Application {
  node: MatchNode;
  vars: ReadonlyMap<string, Value>;
}

/** Stands for the document id of a list query: matches any `{var}`, never a literal. */
export const QUERY_DOC = '\u0000query-document';

function bindOne(seg: string, name: string): Value {
  return seg === QUERY_DOC ? new SymbolicId(name) : seg;
}

function bindRest(segs: string[], name: string): Value {
  return segs.includes(QUERY_DOC) ? new SymbolicId(name) : new RPath(segs);
}

/** Every way `pattern` matches a prefix of segs[start..]: the end index and the new bindings. */
function matchPattern(
  pattern: PatternSegment[],
  segs: string[],
  start: number,
  vars: Map<string, Value>,
  minRest: number,
  out: { end: number; vars: Map<string, Value> }[],
  pi = 0,
): void {
  if (pi === pattern.length) {
    out.push({ end: start, vars });
    return;
  }
  const p = pattern[pi] as PatternSegment;
  if (p.k === 'rest') {
    for (let end = start + minRest; end <= segs.length; end++) {
      const next = new Map(vars);
      next.set(p.name, bindRest(segs.slice(start, end), p.name));
      matchPattern(pattern, segs, end, next, minRest, out, pi + 1);
    }
    return;
  }
  if (start >= segs.length) return;
  const seg = segs[start] as string;
  if (p.k === 'lit') {
    if (seg !== p.text) return;
    matchPattern(pattern, segs, start + 1, vars, minRest, out, pi + 1);
    return;
  }
  const next = new Map(vars);
  next.set(p.name, bindOne(seg, p.name));
  matchPattern(pattern, segs, start + 1, next, minRest, out, pi + 1);
}

export function findApplications(
  roots: MatchNode[],
  segs: string[],
  version: '1' | '2',
): Application[] {
  const apps: Application[] = [];
  const minRest = version === '2' ? 0 : 1;
  const visit = (node: MatchNode, start: number, vars: Map<string, Value>): void => {
    const ways: { end: number; vars: Map<string, Value> }[] = [];
    matchPattern(node.pattern, segs, start, vars, minRest, ways);
    for (const w of ways) {
      if (w.end === segs.length) apps.push({ node, vars: w.vars });
      for (const child of node.children) visit(child, w.end, w.vars);
    }
  };
  for (const root of roots) visit(root, 0, new Map());
  return apps;
}

/** Path matching is pure, so the applications for a path are cached (bounded). */
export class ApplicationCache {
  private readonly cache = new Map<string, Application[]>();

  constructor(
    private readonly roots: MatchNode[],
    private readonly version: '1' | '2',
  ) {}

  find(segs: string[]): Application[] {
    const key = segs.join('/');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const apps = findApplications(this.roots, segs, this.version);
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(key, apps);
    return apps;
  }
}
