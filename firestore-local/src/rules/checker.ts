/**
 * The static check a rules file must pass before it is used, as Firebase's compiler does:
 * every name resolves (variables to function slots, path variables or `request`/`resource`;
 * calls to a function declared in an enclosing scope or to a built-in), every call has the
 * right number of arguments, and no function reaches itself through calls (recursion is not
 * allowed, directly or mutually). Resolution is written into the tree for the evaluator.
 */
import type { Expr, FunctionDecl, MatchNode, RulesFile, VarRef } from './ast';
import { type SourceMap } from './errors';
import { compileRe2 } from './regex';
import { INT64_MAX, TYPE_NAMES } from './values';

/** Built-in functions called by bare name, with their arity, per service. */
const FIRESTORE_GLOBALS: Record<string, number> = {
  get: 1,
  exists: 1,
  getAfter: 1,
  existsAfter: 1,
};
const COMMON_GLOBALS: Record<string, number> = {
  int: 1,
  float: 1,
  string: 1,
  path: 1,
  debug: 1,
  // Documented (bool("true") == true), but Google's evaluator has no such function: the rules
  // load and every call fails with "Function not found" (see builtins.ts, convert()).
  bool: 1,
};

/** Namespaced built-ins (`math.abs(x)`), with their arity. */
export const NAMESPACES: Record<string, Record<string, number>> = {
  math: { abs: 1, ceil: 1, floor: 1, round: 1, sqrt: 1, pow: 2, isInfinite: 1, isNaN: 1 },
  timestamp: { date: 3, value: 1 },
  duration: { abs: 1, time: 4, value: 2 },
  hashing: { crc32: 1, crc32c: 1, md5: 1, sha256: 1 },
  latlng: { value: 2 },
};
const STORAGE_NAMESPACES: Record<string, Record<string, number>> = {
  firestore: { get: 1, exists: 1 },
};

interface Scope {
  /** Local names (parameters, then lets) to frame slots. */
  locals: Map<string, number>;
  /** The match block whose path variables and functions are visible (null: service body). */
  match: MatchNode | null;
  /** The function being checked, for the call graph. */
  fn: FunctionDecl | null;
}

export function checkRules(file: RulesFile, map: SourceMap): void {
  const checker = new Checker(file, map);
  checker.run();
}

class Checker {
  /** The path literal that is the receiver of bind(), whose unknown `$(name)`s are holes. */
  private holesAllowed: Expr | null = null;
  private readonly calls = new Map<FunctionDecl, { callee: FunctionDecl; pos: number }[]>();
  private readonly globals: Record<string, number>;
  private readonly namespaces: Record<string, Record<string, number>>;

  constructor(
    private readonly file: RulesFile,
    private readonly map: SourceMap,
  ) {
    const storage = file.service === 'firebase.storage';
    this.globals = storage ? COMMON_GLOBALS : { ...COMMON_GLOBALS, ...FIRESTORE_GLOBALS };
    this.namespaces = storage ? { ...NAMESPACES, ...STORAGE_NAMESPACES } : NAMESPACES;
  }

  run(): void {
    for (const fn of this.file.functions.values()) this.checkFunction(fn);
    for (const m of this.file.matches) this.checkMatch(m);
    this.checkRecursion();
  }

  private checkMatch(m: MatchNode): void {
    if (m.vars.size > 20)
      throw this.map.error(m.pos, 'more than 20 path variables in nested match statements');
    for (const fn of m.functions.values()) this.checkFunction(fn);
    for (const a of m.allows) {
      if (a.cond) this.expr(a.cond, { locals: new Map(), match: m, fn: null });
    }
    for (const c of m.children) this.checkMatch(c);
  }

  private checkFunction(fn: FunctionDecl): void {
    this.calls.set(fn, []);
    const locals = new Map<string, number>();
    fn.params.forEach((p, i) => locals.set(p, i));
    const scope: Scope = { locals, match: fn.scope, fn };
    fn.lets.forEach((l, i) => {
      this.expr(l.e, scope);
      locals.set(l.name, fn.params.length + i);
    });
    this.expr(fn.body, scope);
  }

  private findFunction(name: string, match: MatchNode | null): FunctionDecl | undefined {
    for (let m = match; m; m = m.parent) {
      const f = m.functions.get(name);
      if (f) return f;
    }
    return this.file.functions.get(name);
  }

  private resolveVar(name: string, scope: Scope): VarRef | null {
    const slot = scope.locals.get(name);
    if (slot !== undefined) return { k: 'local', slot };
    if (scope.match?.vars.has(name)) return { k: 'pathvar', name };
    if (name === 'request') return { k: 'request' };
    if (name === 'resource') return { k: 'resource' };
    return null;
  }

  private expr(e: Expr, scope: Scope): void {
    switch (e.k) {
      case 'lit':
        if (typeof e.v === 'bigint' && e.v > INT64_MAX) {
          throw this.map.error(e.pos, 'integer literal out of range');
        }
        return;
      case 'id': {
        const ref = this.resolveVar(e.name, scope);
        if (!ref) {
          const hint =
            e.name in this.namespaces ? ` ('${e.name}' is a namespace of functions)` : '';
          throw this.map.error(e.pos, `unknown variable '${e.name}'${hint}`);
        }
        e.ref = ref;
        return;
      }
      case 'member':
        this.expr(e.obj, scope);
        return;
      case 'index':
        this.expr(e.obj, scope);
        this.expr(e.index, scope);
        return;
      case 'range':
        this.expr(e.obj, scope);
        this.expr(e.lo, scope);
        this.expr(e.hi, scope);
        return;
      case 'call': {
        for (const a of e.args) this.expr(a, scope);
        const fn = this.findFunction(e.name, scope.match);
        if (fn) {
          if (fn.params.length !== e.args.length) {
            throw this.map.error(
              e.pos,
              `function '${e.name}' takes ${fn.params.length} argument${fn.params.length === 1 ? '' : 's'} but is called with ${e.args.length}`,
            );
          }
          e.fn = fn;
          if (scope.fn) this.calls.get(scope.fn)?.push({ callee: fn, pos: e.pos });
          return;
        }
        const arity = this.globals[e.name];
        if (arity === undefined) throw this.map.error(e.pos, `unknown function '${e.name}'`);
        if (arity !== e.args.length) {
          throw this.map.error(
            e.pos,
            `function '${e.name}' takes ${arity} argument${arity === 1 ? '' : 's'} but is called with ${e.args.length}`,
          );
        }
        e.builtin = e.name;
        return;
      }
      case 'method': {
        for (const a of e.args) this.expr(a, scope);
        const obj = e.obj;
        if (obj.k === 'id' && !this.resolveVar(obj.name, scope)) {
          const ns = this.namespaces[obj.name];
          if (ns) {
            const arity = ns[e.name];
            if (arity === undefined) {
              throw this.map.error(e.pos, `unknown function '${obj.name}.${e.name}'`);
            }
            if (arity !== e.args.length) {
              throw this.map.error(
                e.pos,
                `function '${obj.name}.${e.name}' takes ${arity} argument${arity === 1 ? '' : 's'} but is called with ${e.args.length}`,
              );
            }
            e.ns = obj.name;
            return;
          }
        }
        if (e.name === 'bind' && obj.k === 'path') this.holesAllowed = obj;
        this.expr(obj, scope);
        // Google compiles a pattern written in the rules when it loads them, for matches() and
        // split() (not replace()): an invalid one refuses the whole file.
        const pattern = e.args[0];
        if ((e.name === 'matches' || e.name === 'split') && pattern?.k === 'lit') {
          if (typeof pattern.v === 'string') {
            try {
              compileRe2(pattern.v);
            } catch (err) {
              const why = err instanceof Error ? err.message : String(err);
              throw this.map.error(pattern.pos, `invalid regular expression: ${why}`);
            }
          }
        }
        return;
      }
      case 'unary':
        this.expr(e.e, scope);
        return;
      case 'binary':
      case 'and':
      case 'or':
        this.expr(e.l, scope);
        this.expr(e.r, scope);
        return;
      case 'cond':
        this.expr(e.c, scope);
        this.expr(e.t, scope);
        this.expr(e.f, scope);
        return;
      case 'is':
        if (!TYPE_NAMES.has(e.type)) throw this.map.error(e.pos, `unknown type '${e.type}'`);
        this.expr(e.e, scope);
        return;
      case 'list':
        for (const i of e.items) this.expr(i, scope);
        return;
      case 'map':
        for (const [k, v] of e.entries) {
          this.expr(k, scope);
          this.expr(v, scope);
        }
        return;
      case 'path':
        for (const seg of e.segments) {
          const only = seg.parts.length === 1 ? seg.parts[0] : undefined;
          if (only !== undefined && typeof only !== 'string' && only.k === 'id') {
            if (this.holesAllowed === e && !this.resolveVar(only.name, scope)) {
              // `(/path/$(name)).bind({...})` with no variable `name`: a hole bind() fills.
              seg.hole = only.name;
              continue;
            }
          }
          for (const p of seg.parts) if (typeof p !== 'string') this.expr(p, scope);
        }
        return;
    }
  }

  /** Refuses any cycle in the call graph, naming the chain at the call that closes it. */
  private checkRecursion(): void {
    const state = new Map<FunctionDecl, 'active' | 'done'>();
    const stack: FunctionDecl[] = [];
    const visit = (fn: FunctionDecl): void => {
      state.set(fn, 'active');
      stack.push(fn);
      for (const { callee, pos } of this.calls.get(fn) ?? []) {
        const s = state.get(callee);
        if (s === 'active') {
          const chain = [...stack.slice(stack.indexOf(callee)), callee]
            .map((f) => f.name)
            .join(' → ');
          throw this.map.error(
            pos,
            `recursive call to '${callee.name}' (${chain}): recursion is not allowed`,
          );
        }
        if (s === undefined) visit(callee);
      }
      stack.pop();
      state.set(fn, 'done');
    };
    for (const fn of this.calls.keys()) if (!state.has(fn)) visit(fn);
  }
}
