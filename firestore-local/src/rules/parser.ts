/**
 * Recursive-descent parser for rules files: `rules_version`, one `service` block, nested
 * `match` blocks with `{var}` and `{var=**}` segments, `allow` statements and `function`
 * declarations with `let` bindings. Expressions follow the precedence Google's evaluator uses,
 * lowest first: `?:`, `||`, `&&`, `in`, `is`, `== !=`, `< <= > >=`, `+ -`, `* / %`, unary
 * `! -`, then member access, calls, indexing and ranges (see parseBinary). A `/` where an operand is expected starts a path
 * literal (`/databases/$(database)/documents/users/$(uid)`). Errors carry the exact offset.
 */
import type {
  AllowStmt,
  BinaryOp,
  Expr,
  FunctionDecl,
  MatchNode,
  Method,
  PathSegment,
  PatternSegment,
  RulesFile,
} from './ast';
import { type SourceMap } from './errors';
import { RulesBytes } from './values';

type Tok =
  | { t: 'id'; v: string; pos: number; end: number }
  | { t: 'int'; v: bigint; pos: number; end: number }
  | { t: 'float'; v: number; pos: number; end: number }
  | { t: 'str'; v: string; pos: number; end: number }
  | { t: 'bytes'; v: Uint8Array; pos: number; end: number }
  | { t: 'p'; v: string; pos: number; end: number }
  | { t: 'eof'; v: ''; pos: number; end: number };

const PUNCT2 = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const PUNCT1 = new Set([...'()[]{},;:.?!<>+-*/%=']);
const METHODS: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};
/** Characters allowed in literal path segments, besides balanced parentheses. */
const PATH_CHAR = /[A-Za-z0-9_\-.~%@+:!*,;='&]/;
/** The narrower set for path literals inside expressions, where `=`, `!`, `+` are operators. */
const PATH_EXPR_CHAR = /[A-Za-z0-9_\-.~%@:]/;
const MAX_MATCH_DEPTH = 10;

/** Binding strength of a binary operator token (higher binds tighter), or undefined. */
const LEVELS: Record<string, number> = {
  '||': 1,
  '&&': 2,
  in: 3,
  is: 4,
  '==': 5,
  '!=': 5,
  '<': 6,
  '<=': 6,
  '>': 6,
  '>=': 6,
  '+': 7,
  '-': 7,
  '*': 8,
  '/': 8,
  '%': 8,
};

function binaryLevel(t: Tok): number | undefined {
  if (t.t === 'p' || (t.t === 'id' && (t.v === 'in' || t.v === 'is'))) return LEVELS[t.v];
  return undefined;
}

export class Parser {
  private pos = 0;
  private peeked: Tok | null = null;
  /** Where the last token taken by next() ended. */
  private lastEnd = 0;
  private readonly src: string;

  constructor(private readonly map: SourceMap) {
    this.src = map.source;
  }

  parseFile(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.isId('rules_version')) {
      this.next();
      this.expectP('=');
      const v = this.next();
      if (v.t !== 'str' || (v.v !== '1' && v.v !== '2')) {
        throw this.map.error(v.pos, "rules_version must be '1' or '2'");
      }
      version = v.v;
      this.expectP(';');
    }
    const svc = this.next();
    if (svc.t !== 'id' || svc.v !== 'service') {
      throw this.map.error(svc.pos, "expected 'service'");
    }
    const nameTok = this.peek();
    let name = this.expectId('a service name');
    while (this.isP('.')) {
      this.next();
      name += '.' + this.expectId('a service name');
    }
    if (name !== 'cloud.firestore' && name !== 'firebase.storage') {
      throw this.map.error(
        nameTok.pos,
        `unknown service '${name}' (expected cloud.firestore or firebase.storage)`,
      );
    }
    const file: RulesFile = {
      version,
      service: name,
      servicePos: svc.pos,
      functions: new Map(),
      matches: [],
    };
    this.expectP('{');
    while (!this.isP('}')) {
      const t = this.peek();
      if (t.t === 'eof') throw this.map.error(t.pos, "expected '}' to close the service block");
      if (this.isId('match')) file.matches.push(this.parseMatch(null, 1));
      else if (this.isId('function')) this.addFunction(file.functions, this.parseFunction(null));
      else throw this.map.error(t.pos, "expected 'match' or 'function'");
    }
    this.next();
    const end = this.peek();
    if (end.t !== 'eof') throw this.map.error(end.pos, 'unexpected text after the service block');
    return file;
  }

  private addFunction(into: Map<string, FunctionDecl>, fn: FunctionDecl): void {
    if (into.has(fn.name)) {
      throw this.map.error(fn.pos, `function '${fn.name}' is already declared in this scope`);
    }
    into.set(fn.name, fn);
  }

  private parseMatch(parent: MatchNode | null, depth: number): MatchNode {
    const kw = this.next();
    if (depth > MAX_MATCH_DEPTH) {
      throw this.map.error(kw.pos, `match statements nest at most ${MAX_MATCH_DEPTH} deep`);
    }
    const pattern = this.scanPattern();
    const vars = new Set(parent?.vars ?? []);
    for (const seg of pattern.segments) {
      if (seg.k !== 'lit') {
        if (vars.has(seg.name)) {
          throw this.map.error(pattern.pos, `path variable '${seg.name}' is already bound`);
        }
        vars.add(seg.name);
      }
    }
    const node: MatchNode = {
      pos: kw.pos,
      pattern: pattern.segments,
      parent,
      children: [],
      allows: [],
      functions: new Map(),
      vars,
    };
    this.expectP('{');
    while (!this.isP('}')) {
      const t = this.peek();
      if (t.t === 'eof') throw this.map.error(t.pos, "expected '}' to close the match block");
      if (this.isId('match')) node.children.push(this.parseMatch(node, depth + 1));
      else if (this.isId('allow')) node.allows.push(this.parseAllow());
      else if (this.isId('function')) this.addFunction(node.functions, this.parseFunction(node));
      else throw this.map.error(t.pos, "expected 'match', 'allow' or 'function'");
    }
    this.next();
    return node;
  }

  /** A match path: `/seg/{var}/{rest=**}`, read character by character. */
  private scanPattern(): { pos: number; segments: PatternSegment[] } {
    this.skipWs();
    const start = this.pos;
    const segments: PatternSegment[] = [];
    if (this.src[this.pos] !== '/')
      throw this.map.error(this.pos, "expected a path starting with '/'");
    while (this.src[this.pos] === '/') {
      this.pos++;
      const segStart = this.pos;
      if (this.src[this.pos] === '{') {
        const close = this.src.indexOf('}', this.pos);
        if (close < 0) throw this.map.error(this.pos, "expected '}' to close the path variable");
        const inner = this.src.slice(this.pos + 1, close);
        const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=\s*\*\*\s*)?$/.exec(inner);
        if (!m || m[1] === undefined) {
          throw this.map.error(segStart, 'expected {name} or {name=**} in the match path');
        }
        segments.push(m[2] ? { k: 'rest', name: m[1] } : { k: 'var', name: m[1] });
        this.pos = close + 1;
      } else {
        let text = '';
        while (this.pos < this.src.length) {
          const c = this.src[this.pos] as string;
          if (PATH_CHAR.test(c) || c === '(' || c === ')' || c === '$') {
            text += c;
            this.pos++;
          } else break;
        }
        if (text === '') throw this.map.error(segStart, 'expected a path segment');
        segments.push({ k: 'lit', text });
      }
    }
    this.peeked = null;
    return { pos: start, segments };
  }

  private parseAllow(): AllowStmt {
    const kw = this.next();
    const methods = new Set<Method>();
    for (;;) {
      const t = this.peek();
      const name = this.expectId('a method (read, write, get, list, create, update, delete)');
      const ms = METHODS[name];
      if (!ms) throw this.map.error(t.pos, `unknown method '${name}'`);
      for (const m of ms) methods.add(m);
      if (!this.isP(',')) break;
      this.next();
    }
    let cond: Expr | null = null;
    if (this.isP(':')) {
      this.next();
      const t = this.peek();
      if (t.t !== 'id' || t.v !== 'if') throw this.map.error(t.pos, "expected 'if'");
      this.next();
      cond = this.parseExpr();
    }
    // Google's parser takes the `;` as optional (`allow read: if x }` and even two allows on one
    // line load), but refuses a second one (`;;`).
    const end = this.isP(';') ? this.next().end : this.lastEnd;
    const text = this.src.slice(kw.pos, end).replace(/\s+/g, ' ');
    return { pos: kw.pos, methods, cond, text, line: this.map.position(kw.pos).line };
  }

  private parseFunction(scope: MatchNode | null): FunctionDecl {
    this.next();
    const nameTok = this.peek();
    const name = this.expectId('a function name');
    this.expectP('(');
    const params: string[] = [];
    if (!this.isP(')')) {
      for (;;) {
        const pt = this.peek();
        const p = this.expectId('a parameter name');
        if (params.includes(p)) throw this.map.error(pt.pos, `duplicate parameter '${p}'`);
        params.push(p);
        if (!this.isP(',')) break;
        this.next();
      }
    }
    this.expectP(')');
    if (params.length > 7) {
      throw this.map.error(
        nameTok.pos,
        `function '${name}' has ${params.length} parameters (at most 7)`,
      );
    }
    this.expectP('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.isId('let')) {
      const lt = this.next();
      const ln = this.expectId('a variable name');
      if (params.includes(ln) || lets.some((l) => l.name === ln)) {
        throw this.map.error(lt.pos, `'${ln}' is already defined in this function`);
      }
      this.expectP('=');
      const e = this.parseExpr();
      this.expectP(';');
      lets.push({ name: ln, pos: lt.pos, e });
    }
    if (lets.length > 10) {
      throw this.map.error(
        nameTok.pos,
        `function '${name}' has ${lets.length} let bindings (at most 10)`,
      );
    }
    const r = this.peek();
    if (r.t !== 'id' || r.v !== 'return') throw this.map.error(r.pos, "expected 'return'");
    this.next();
    const body = this.parseExpr();
    if (this.isP(';')) this.next();
    this.expectP('}');
    return { name, pos: nameTok.pos, params, lets, body, scope };
  }

  // ------------------------------------------------------------------ expressions

  parseExpr(): Expr {
    const c = this.parseBinary(0);
    if (this.isP('?')) {
      const q = this.next();
      const t = this.parseExpr();
      this.expectP(':');
      const f = this.parseExpr();
      return { k: 'cond', pos: q.pos, c, t, f };
    }
    return c;
  }

  /**
   * Binary operators by precedence climbing, with the levels Google's evaluator uses (measured
   * on the Firestore emulator, which differs from the reference page's table): `||`, `&&`,
   * `in`, `is`, `== !=`, `< <= > >=`, `+ -`, `* / %`, all left-associative. `is` is a postfix
   * operator at its level, so `a == b is bool` is `(a == b) is bool`, `1 in l is bool` is
   * `1 in (l is bool)`, and whatever follows `x is T` applies to the whole of it: `x is int < 2`
   * is `(x is int) < 2`.
   */
  private parseBinary(minLevel: number): Expr {
    let l = this.parseUnary();
    for (;;) {
      const t = this.peek();
      const level = binaryLevel(t);
      if (level === undefined || level < minLevel) return l;
      this.next();
      if (t.v === 'is') {
        const tt = this.peek();
        const type = this.expectId('a type name');
        l = { k: 'is', pos: tt.pos, e: l, type };
        continue;
      }
      if (t.v === '/') this.refuseGluedSlash(t);
      const r = this.parseBinary(level + 1);
      if (t.v === '&&') l = { k: 'and', pos: t.pos, l, r };
      else if (t.v === '||') l = { k: 'or', pos: t.pos, l, r };
      else l = { k: 'binary', pos: t.pos, op: t.v as BinaryOp, l, r };
    }
  }

  /**
   * Google's lexer reads a `/` followed directly by anything but a space as the start of a path,
   * so `4/2` and `a/(b)` do not load there; refuse them here too, with a hint.
   */
  private refuseGluedSlash(t: Tok): void {
    const c = this.src[t.end];
    if (c !== undefined && !/\s/.test(c)) {
      throw this.map.error(
        t.pos,
        "a '/' directly followed by text starts a path; write division with a space after '/'",
      );
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.t === 'p' && (t.v === '!' || t.v === '-')) {
      this.next();
      const e = this.parseUnary();
      // Fold negative literals so -9223372036854775808 is representable.
      if (t.v === '-' && e.k === 'lit' && typeof e.v === 'number')
        return { k: 'lit', pos: t.pos, v: -e.v };
      if (t.v === '-' && e.k === 'lit' && typeof e.v === 'bigint' && e.v > 0n) {
        return { k: 'lit', pos: t.pos, v: -e.v };
      }
      return { k: 'unary', pos: t.pos, op: t.v, e };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(e: Expr): Expr {
    for (;;) {
      const t = this.peek();
      if (t.t !== 'p') return e;
      if (t.v === '.') {
        this.next();
        const nt = this.peek();
        const name = this.expectId('a field or method name');
        if (this.isP('(')) {
          const args = this.parseArgs();
          e = { k: 'method', pos: nt.pos, obj: e, name, args };
        } else {
          e = { k: 'member', pos: nt.pos, obj: e, name };
        }
      } else if (t.v === '[') {
        this.next();
        const index = this.parseExpr();
        if (this.isP(':')) {
          this.next();
          const hi = this.parseExpr();
          this.expectP(']');
          e = { k: 'range', pos: t.pos, obj: e, lo: index, hi };
        } else {
          this.expectP(']');
          e = { k: 'index', pos: t.pos, obj: e, index };
        }
      } else return e;
    }
  }

  private parseArgs(): Expr[] {
    this.expectP('(');
    const args: Expr[] = [];
    if (!this.isP(')')) {
      for (;;) {
        args.push(this.parseExpr());
        if (!this.isP(',')) break;
        this.next();
      }
    }
    this.expectP(')');
    return args;
  }

  private parsePrimary(): Expr {
    const first = this.peek();
    if (first.t === 'p' && first.v === '/') {
      this.pos = first.pos;
      this.peeked = null;
      return this.parsePathLiteral();
    }
    const t = this.next();
    switch (t.t) {
      case 'int':
      case 'float':
      case 'str':
        return { k: 'lit', pos: t.pos, v: t.v };
      case 'bytes':
        return { k: 'lit', pos: t.pos, v: new RulesBytes(t.v) };
      case 'id': {
        if (t.v === 'true' || t.v === 'false') return { k: 'lit', pos: t.pos, v: t.v === 'true' };
        if (t.v === 'null') return { k: 'lit', pos: t.pos, v: null };
        if (this.isP('(')) {
          const args = this.parseArgs();
          return { k: 'call', pos: t.pos, name: t.v, args };
        }
        return { k: 'id', pos: t.pos, name: t.v };
      }
      case 'p': {
        if (t.v === '(') {
          const e = this.parseExpr();
          this.expectP(')');
          return e;
        }
        if (t.v === '[') {
          const items: Expr[] = [];
          while (!this.isP(']')) {
            items.push(this.parseExpr());
            if (!this.isP(',')) break;
            this.next();
          }
          this.expectP(']');
          return { k: 'list', pos: t.pos, items };
        }
        if (t.v === '{') {
          const entries: [Expr, Expr][] = [];
          while (!this.isP('}')) {
            const key = this.parseExpr();
            this.expectP(':');
            entries.push([key, this.parseExpr()]);
            if (!this.isP(',')) break;
            this.next();
          }
          this.expectP('}');
          return { k: 'map', pos: t.pos, entries };
        }
        break;
      }
      default:
        break;
    }
    throw this.map.error(
      t.pos,
      t.t === 'eof' ? 'unexpected end of file' : `unexpected '${this.text(t)}'`,
    );
  }

  /** `/a/(default)/$(expr)/b_$(x)`: literal text and interpolations, segment by segment. */
  private parsePathLiteral(): Expr {
    const start = this.pos;
    const segments: PathSegment[] = [];
    while (this.src[this.pos] === '/') {
      this.pos++;
      const parts: (string | Expr)[] = [];
      let text = '';
      let depth = 0;
      while (this.pos < this.src.length) {
        const c = this.src[this.pos] as string;
        if (c === '$' && this.src[this.pos + 1] === '(') {
          if (text) parts.push(text);
          text = '';
          this.pos += 2;
          this.peeked = null;
          const e = this.parseExpr();
          const close = this.peek();
          if (close.t !== 'p' || close.v !== ')') {
            throw this.map.error(close.pos, "expected ')' to close $(...)");
          }
          this.pos = close.end;
          this.peeked = null;
          parts.push(e);
        } else if (c === '(') {
          depth++;
          text += c;
          this.pos++;
        } else if (c === ')') {
          if (depth === 0) break;
          depth--;
          text += c;
          this.pos++;
        } else if (PATH_EXPR_CHAR.test(c)) {
          text += c;
          this.pos++;
        } else break;
      }
      if (text) parts.push(text);
      if (parts.length === 0) throw this.map.error(this.pos, 'expected a path segment');
      segments.push({ parts });
    }
    this.peeked = null;
    return { k: 'path', pos: start, segments };
  }

  // ------------------------------------------------------------------ tokens

  private text(t: Tok): string {
    return this.src.slice(t.pos, t.end);
  }

  private isP(v: string): boolean {
    const t = this.peek();
    return t.t === 'p' && t.v === v;
  }

  private isId(v: string): boolean {
    const t = this.peek();
    return t.t === 'id' && t.v === v;
  }

  private expectP(v: string): Tok {
    const t = this.peek();
    if (t.t !== 'p' || t.v !== v) {
      const got = t.t === 'eof' ? 'end of file' : `'${this.text(t)}'`;
      throw this.map.error(t.pos, `expected '${v}' but found ${got}`);
    }
    return this.next();
  }

  private expectId(what: string): string {
    const t = this.peek();
    if (t.t !== 'id') {
      const got = t.t === 'eof' ? 'end of file' : `'${this.text(t)}'`;
      throw this.map.error(t.pos, `expected ${what} but found ${got}`);
    }
    this.next();
    return t.v;
  }

  private peek(): Tok {
    if (this.peeked === null) this.peeked = this.lex();
    return this.peeked;
  }

  private next(): Tok {
    const t = this.peek();
    this.peeked = null;
    this.lastEnd = t.end;
    return t;
  }

  private skipWs(): void {
    if (this.peeked !== null) return;
    const s = this.src;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else if (c === 47 && s.charCodeAt(this.pos + 1) === 47) {
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl < 0 ? s.length : nl + 1;
      } else if (c === 47 && s.charCodeAt(this.pos + 1) === 42) {
        const close = s.indexOf('*/', this.pos + 2);
        if (close < 0) throw this.map.error(this.pos, 'unterminated comment');
        this.pos = close + 2;
      } else return;
    }
  }

  private lex(): Tok {
    this.skipWs();
    const s = this.src;
    const pos = this.pos;
    if (pos >= s.length) return { t: 'eof', v: '', pos, end: pos };
    const c = s[pos] as string;
    if (/[A-Za-z_]/.test(c)) {
      const quote = s[pos + 1];
      if ((c === 'b' || c === 'B') && (quote === "'" || quote === '"')) {
        this.pos++;
        const str = this.lexString(false);
        const bytes = Uint8Array.from(str.raw ?? [...Buffer.from(str.v, 'utf8')]);
        return { t: 'bytes', v: bytes, pos, end: this.pos };
      }
      if ((c === 'r' || c === 'R') && (quote === "'" || quote === '"')) {
        this.pos++;
        const str = this.lexString(true);
        return { t: 'str', v: str.v, pos, end: this.pos };
      }
      let end = pos + 1;
      while (end < s.length && /[A-Za-z0-9_]/.test(s[end] as string)) end++;
      this.pos = end;
      return { t: 'id', v: s.slice(pos, end), pos, end };
    }
    if (/[0-9]/.test(c)) return this.lexNumber();
    if (c === "'" || c === '"') {
      const str = this.lexString(false);
      return { t: 'str', v: str.v, pos, end: this.pos };
    }
    const two = s.slice(pos, pos + 2);
    if (PUNCT2.has(two)) {
      this.pos += 2;
      return { t: 'p', v: two, pos, end: pos + 2 };
    }
    if (PUNCT1.has(c)) {
      this.pos++;
      return { t: 'p', v: c, pos, end: pos + 1 };
    }
    throw this.map.error(pos, `unexpected character '${c}'`);
  }

  private lexNumber(): Tok {
    const s = this.src;
    const pos = this.pos;
    const hex = /^0[xX][0-9a-fA-F]+/.exec(s.slice(pos, pos + 40));
    if (hex) {
      this.pos += hex[0].length;
      return { t: 'int', v: this.intLiteral(BigInt(hex[0]), pos), pos, end: this.pos };
    }
    const m = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(s.slice(pos, pos + 400));
    const text = m?.[0] ?? '';
    this.pos += text.length;
    if (m?.[2] !== undefined) {
      // Google's parser has no exponent notation: 1.0e20 and 2e-7 do not load there.
      throw this.map.error(pos, 'a number cannot have an exponent (write 100000000000000000000.0)');
    }
    if (m?.[1] !== undefined) {
      return { t: 'float', v: Number(text), pos, end: this.pos };
    }
    return { t: 'int', v: this.intLiteral(BigInt(text), pos), pos, end: this.pos };
  }

  private intLiteral(v: bigint, pos: number): bigint {
    // 2^63 is allowed only as the operand of unary minus; the checker refuses it elsewhere.
    if (v > 9223372036854775808n) throw this.map.error(pos, 'integer literal out of range');
    return v;
  }

  private lexString(raw: boolean): { v: string; raw?: number[] } {
    const s = this.src;
    const quote = s[this.pos] as string;
    const start = this.pos;
    this.pos++;
    let out = '';
    const bytes: number[] = [];
    let sawByteEscape = false;
    // A \xHH or \OOO escape (4 characters): one byte, which a bytes literal keeps as it is.
    const byteEscape = (code: number) => {
      bytes.push(code);
      sawByteEscape = true;
      this.pos += 4;
      out += String.fromCharCode(code);
    };
    for (;;) {
      if (this.pos >= s.length || s[this.pos] === '\n') {
        throw this.map.error(start, 'unterminated string');
      }
      const c = s[this.pos] as string;
      if (c === quote) {
        this.pos++;
        break;
      }
      if (c === '\\' && !raw) {
        const e = s[this.pos + 1];
        let ch: string;
        let len = 2;
        switch (e) {
          case 'n':
            ch = '\n';
            break;
          case 't':
            ch = '\t';
            break;
          case 'r':
            ch = '\r';
            break;
          case 'a':
            ch = '\x07';
            break;
          case 'b':
            ch = '\b';
            break;
          case 'f':
            ch = '\f';
            break;
          case 'v':
            ch = '\v';
            break;
          case '\\':
          case "'":
          case '"':
          case '`':
          case '?':
            ch = e;
            break;
          case 'x':
          case 'X': {
            const h = /^[0-9a-fA-F]{2}/.exec(s.slice(this.pos + 2, this.pos + 4));
            if (!h) throw this.map.error(this.pos, 'invalid \\x escape');
            byteEscape(parseInt(h[0], 16));
            continue;
          }
          case 'u':
          case 'U': {
            const n = e === 'u' ? 4 : 8;
            const h = new RegExp(`^[0-9a-fA-F]{${n}}`).exec(
              s.slice(this.pos + 2, this.pos + 2 + n),
            );
            if (!h) throw this.map.error(this.pos, `invalid \\${e} escape`);
            const cp = parseInt(h[0], 16);
            if (cp > 0x10ffff) throw this.map.error(this.pos, 'invalid code point');
            ch = String.fromCodePoint(cp);
            len = 2 + n;
            break;
          }
          default: {
            const o = /^[0-3][0-7]{2}/.exec(s.slice(this.pos + 1, this.pos + 4));
            if (!o) throw this.map.error(this.pos, `invalid escape '\\${e ?? ''}'`);
            byteEscape(parseInt(o[0], 8));
            continue;
          }
        }
        out += ch;
        bytes.push(...Buffer.from(ch, 'utf8'));
        this.pos += len;
        continue;
      }
      const cp = s.codePointAt(this.pos) as number;
      const chr = String.fromCodePoint(cp);
      out += chr;
      bytes.push(...Buffer.from(chr, 'utf8'));
      this.pos += chr.length;
    }
    // Byte literals keep \xHH escapes as raw bytes; strings keep them as code points.
    return sawByteEscape ? { v: out, raw: bytes } : { v: out };
  }
}
