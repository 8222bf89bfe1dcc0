/**
 * Evaluates checked expressions. Errors are exceptions (EvalError), and the language's error
 * semantics live in the `&&`, `||` and `!` cases (see `evaluate`). Exceeding the access-call limit
 * is an error like any other (Google's emulator absorbs it in `x || true`).
 */
import type { Expr, FunctionDecl } from './ast';
import type { AccessSession } from './access';
import {
  add,
  asBool,
  callMethod,
  callNamespace,
  compare,
  contains,
  convert,
  divide,
  index,
  isOf,
  member,
  modulo,
  multiply,
  negate,
  range,
  segmentText,
  subtract,
} from './builtins';
import { EvalError } from './errors';
import { RMap, RPath, type Value, describe, valuesEqual } from './values';

export interface EvalContext {
  request: Value;
  resource: Value;
  pathVars: ReadonlyMap<string, Value>;
  /** Null where documents cannot be read. */
  access: AccessSession | null;
  depth: number;
  /** Values passed to debug(), for diagnostics. */
  debug: Value[] | null;
}

/** User function calls nest at most this deep. */
const MAX_CALL_DEPTH = 20;

/**
 * A `let` binding not read yet, then its value or the error evaluating it gave: evaluated when
 * first read, once (the emulator does not count the access calls of a binding never read); one
 * that fails is an error where it is read.
 */
class LazyBinding {
  private state: { value: Value } | { error: EvalError } | null = null;

  constructor(
    private readonly e: Expr,
    private readonly frame: readonly Slot[],
    private readonly ctx: EvalContext,
  ) {}

  get(): Value {
    if (this.state === null) {
      try {
        this.state = { value: evaluate(this.e, this.frame, this.ctx) };
      } catch (err) {
        this.state = { error: absorbable(err) };
      }
    }
    if ('error' in this.state) throw this.state.error;
    return this.state.value;
  }
}

type Slot = Value | LazyBinding;

function absorbable(err: unknown): EvalError {
  if (err instanceof EvalError) return err;
  throw err;
}

// `false && error` and `error && false` are false, `true || error` and `error || true` are true,
// anything else involving an error is an error, and so is a non-bool operand of a boolean operator.
export function evaluate(e: Expr, frame: readonly Slot[], ctx: EvalContext): Value {
  switch (e.k) {
    case 'lit':
      return e.v;
    case 'id': {
      const ref = e.ref;
      switch (ref?.k) {
        case 'local': {
          const v = frame[ref.slot];
          if (v instanceof LazyBinding) return v.get();
          return v as Value;
        }
        case 'pathvar': {
          const v = ctx.pathVars.get(ref.name);
          if (v === undefined) throw new EvalError(`path variable '${ref.name}' is not bound`);
          return v;
        }
        case 'request':
          return ctx.request;
        case 'resource':
          return ctx.resource;
        default:
          throw new EvalError(`unknown variable '${e.name}'`);
      }
    }
    case 'member':
      return member(evaluate(e.obj, frame, ctx), e.name);
    case 'index':
      return index(evaluate(e.obj, frame, ctx), evaluate(e.index, frame, ctx));
    case 'range':
      return range(
        evaluate(e.obj, frame, ctx),
        evaluate(e.lo, frame, ctx),
        evaluate(e.hi, frame, ctx),
      );
    case 'and': {
      let left: boolean | EvalError;
      try {
        left = asBool(evaluate(e.l, frame, ctx), "'&&'");
      } catch (err) {
        left = absorbable(err);
      }
      if (left === false) return false;
      let right: boolean;
      try {
        right = asBool(evaluate(e.r, frame, ctx), "'&&'");
      } catch (err) {
        const re = absorbable(err);
        throw left instanceof EvalError ? left : re;
      }
      if (left instanceof EvalError) {
        if (right === false) return false;
        throw left;
      }
      return right;
    }
    case 'or': {
      let left: boolean | EvalError;
      try {
        left = asBool(evaluate(e.l, frame, ctx), "'||'");
      } catch (err) {
        left = absorbable(err);
      }
      if (left === true) return true;
      let right: boolean;
      try {
        right = asBool(evaluate(e.r, frame, ctx), "'||'");
      } catch (err) {
        const re = absorbable(err);
        throw left instanceof EvalError ? left : re;
      }
      if (left instanceof EvalError) {
        if (right === true) return true;
        throw left;
      }
      return right;
    }
    case 'unary': {
      const v = evaluate(e.e, frame, ctx);
      if (e.op === '!') return !asBool(v, "'!'");
      return negate(v);
    }
    case 'cond':
      return asBool(evaluate(e.c, frame, ctx), "'?:' condition")
        ? evaluate(e.t, frame, ctx)
        : evaluate(e.f, frame, ctx);
    case 'is':
      return isOf(evaluate(e.e, frame, ctx), e.type);
    case 'binary': {
      const l = evaluate(e.l, frame, ctx);
      const r = evaluate(e.r, frame, ctx);
      switch (e.op) {
        case '==':
          return valuesEqual(l, r);
        case '!=':
          return !valuesEqual(l, r);
        case '<': {
          const c = compare(l, r);
          return c !== undefined && c < 0;
        }
        case '<=': {
          const c = compare(l, r);
          return c !== undefined && c <= 0;
        }
        case '>': {
          const c = compare(l, r);
          return c !== undefined && c > 0;
        }
        case '>=': {
          const c = compare(l, r);
          return c !== undefined && c >= 0;
        }
        case 'in':
          return contains(r, l);
        case '+':
          return add(l, r);
        case '-':
          return subtract(l, r);
        case '*':
          return multiply(l, r);
        case '/':
          return divide(l, r);
        case '%':
          return modulo(l, r);
      }
      break;
    }
    case 'list':
      return e.items.map((i) => evaluate(i, frame, ctx));
    case 'map': {
      const m = new Map<string, Value>();
      for (const [ke, ve] of e.entries) {
        const k = evaluate(ke, frame, ctx);
        if (typeof k !== 'string')
          throw new EvalError(`map keys must be strings (got ${describe(k)})`);
        m.set(k, evaluate(ve, frame, ctx));
      }
      return new RMap(m);
    }
    case 'path':
      return evalPath(e, frame, ctx);
    case 'method': {
      if (e.ns !== undefined) {
        const args = e.args.map((a) => evaluate(a, frame, ctx));
        if (e.ns === 'firestore') {
          if (!ctx.access) throw new EvalError(`firestore.${e.name}() is not available here`);
          const kind = e.name === 'exists' ? 'exists' : 'get';
          const doc = ctx.access.read(args[0] as Value, false, `firestore.${e.name}`, kind);
          if (e.name === 'exists') return doc !== null;
          if (doc === null) throw new EvalError(`firestore.get(): document does not exist`);
          return doc;
        }
        return callNamespace(e.ns, e.name, args);
      }
      const obj = evaluate(e.obj, frame, ctx);
      const args = e.args.map((a) => evaluate(a, frame, ctx));
      return callMethod(obj, e.name, args);
    }
    case 'call': {
      const args = e.args.map((a) => evaluate(a, frame, ctx));
      if (e.fn) return callFunction(e.fn, args, ctx);
      return callBuiltin(e.builtin ?? e.name, args, ctx);
    }
  }
  throw new EvalError('unsupported expression');
}

function callFunction(fn: FunctionDecl, args: Value[], ctx: EvalContext): Value {
  if (ctx.depth >= MAX_CALL_DEPTH) {
    throw new EvalError(`function call depth exceeds ${MAX_CALL_DEPTH} (in '${fn.name}')`);
  }
  ctx.depth++;
  try {
    const frame: Slot[] = args;
    for (const l of fn.lets) frame.push(new LazyBinding(l.e, frame, ctx));
    return evaluate(fn.body, frame, ctx);
  } finally {
    ctx.depth--;
  }
}

function callBuiltin(name: string, args: Value[], ctx: EvalContext): Value {
  const a0 = args[0] as Value;
  switch (name) {
    case 'get':
    case 'getAfter': {
      if (!ctx.access) throw new EvalError(`${name}() is not available here`);
      const doc = ctx.access.read(a0, name === 'getAfter', name);
      // Google's evaluator fails on a missing document rather than returning null, as the
      // reference says: even get(p) == null is an error there (measured on the emulator).
      if (doc === null) throw new EvalError(`${name}(): document ${describe(a0)} does not exist`);
      return doc;
    }
    case 'exists':
    case 'existsAfter': {
      if (!ctx.access) throw new EvalError(`${name}() is not available here`);
      return ctx.access.read(a0, name === 'existsAfter', name, 'exists') !== null;
    }
    case 'debug':
      ctx.debug?.push(a0);
      return a0;
    default:
      return convert(name, a0);
  }
}

function evalPath(
  e: Extract<Expr, { k: 'path' }>,
  frame: readonly Slot[],
  ctx: EvalContext,
): RPath {
  const segments: string[] = [];
  let holes: Map<number, string> | undefined;
  for (const seg of e.segments) {
    if (seg.hole !== undefined) {
      holes ??= new Map();
      holes.set(segments.length, seg.hole);
      segments.push(seg.hole);
      continue;
    }
    if (seg.parts.length === 1 && typeof seg.parts[0] !== 'string') {
      const v = evaluate(seg.parts[0] as Expr, frame, ctx);
      // A path value spliced in whole (`$(rest)` where rest came from {rest=**}).
      if (v instanceof RPath) {
        segments.push(...v.segments);
        continue;
      }
      segments.push(segmentText(v));
      continue;
    }
    let text = '';
    for (const p of seg.parts)
      text += typeof p === 'string' ? p : segmentText(evaluate(p, frame, ctx));
    segments.push(text);
  }
  return new RPath(segments, holes);
}

/** Evaluates an allow condition: true only for the bool true; false or an error otherwise. */
export function evaluateCondition(e: Expr, ctx: EvalContext): boolean {
  const v = evaluate(e, [], ctx);
  if (v !== true && v !== false) {
    throw new EvalError(`condition is not a bool (got ${describe(v)})`);
  }
  return v;
}
