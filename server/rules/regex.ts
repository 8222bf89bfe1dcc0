/**
 * RE2 patterns (what `matches`, `split` and `replace` take) translated to JavaScript RegExps
 * with the `u` flag. The translation keeps RE2's meaning where the two differ: `.` does not
 * match `\n` only (JavaScript also excludes `\r` and the line separators), `\s` is the ASCII
 * `[\t\n\f\r ]`, `\A`/`\z` are text anchors, `\pL`/`\p{Greek}` are Unicode classes, `(?P<n>)` is
 * a named group, POSIX classes `[[:alpha:]]` are expanded. What RE2 does not have (backreferences,
 * lookaround, possessive quantifiers, `\u` escapes) or what JavaScript cannot express here
 * (inline flag groups other than a leading `(?i)`/`(?s)`/`(?m)`) is refused as an error, so a
 * pattern never silently means something else. Compiled patterns are cached.
 */
import { EvalError } from './errors';

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7f',
  blank: '\\t ',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);

function refuse(pattern: string, what: string): never {
  throw new EvalError(`regular expression ${JSON.stringify(pattern)}: ${what} is not supported`);
}

function hexEscape(cp: number): string {
  return `\\u{${cp.toString(16)}}`;
}

function literal(ch: string): string {
  if (SYNTAX.has(ch)) return '\\' + ch;
  const cp = ch.codePointAt(0) as number;
  if (/[A-Za-z0-9_]/.test(ch) || cp >= 0x80 || ch === ' ') return ch;
  return hexEscape(cp);
}

interface Translated {
  source: string;
  flags: string;
  /** A quantifier applied to a group that itself holds one, as in `(a+)+`. */
  nestedQuantifier: boolean;
}

export function translateRe2(pattern: string): Translated {
  let i = 0;
  let out = '';
  let flags = 'u';
  let dotAll = false;
  const n = pattern.length;

  // Leading flag groups such as (?i) or (?is).
  for (;;) {
    const m = /^\(\?([imsU]+)\)/.exec(pattern.slice(i));
    if (!m || m[1] === undefined) break;
    for (const f of m[1]) {
      if (f === 'U') refuse(pattern, 'the U (ungreedy) flag');
      if (f === 's') dotAll = true;
      else if (!flags.includes(f)) flags += f;
    }
    i += m[0].length;
  }

  const readCodePoint = (): string => {
    const cp = pattern.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    return ch;
  };

  /** An escape sequence at pattern[i] === '\\', in or out of a class. */
  const escape = (inClass: boolean): string => {
    const e = pattern[i + 1];
    if (e === undefined) refuse(pattern, 'a trailing backslash');
    i += 2;
    switch (e) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return '\\' + e;
      case 'b':
      case 'B':
        if (inClass) refuse(pattern, `\\${e} inside a class`);
        return '\\' + e;
      case 's':
        return inClass ? '\\t\\n\\f\\r ' : '[\\t\\n\\f\\r ]';
      case 'S':
        return inClass ? '\\S' : '[^\\t\\n\\f\\r ]';
      case 'A':
        if (inClass) refuse(pattern, '\\A inside a class');
        return '(?<![\\s\\S])';
      case 'z':
        if (inClass) refuse(pattern, '\\z inside a class');
        return '(?![\\s\\S])';
      case 'n':
      case 't':
      case 'r':
      case 'f':
      case 'v':
        return '\\' + e;
      case 'a':
        return '\\x07';
      case 'x': {
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(i));
        if (braced?.[1] !== undefined) {
          i += braced[0].length;
          return hexEscape(parseInt(braced[1], 16));
        }
        const two = /^[0-9a-fA-F]{2}/.exec(pattern.slice(i));
        if (!two) refuse(pattern, 'a malformed \\x escape');
        i += 2;
        return hexEscape(parseInt(two[0], 16));
      }
      case '0': {
        const oct = /^[0-7]{0,2}/.exec(pattern.slice(i))?.[0] ?? '';
        i += oct.length;
        return hexEscape(parseInt('0' + oct, 8));
      }
      case 'p':
      case 'P': {
        let name: string;
        if (pattern[i] === '{') {
          const close = pattern.indexOf('}', i);
          if (close < 0) refuse(pattern, 'a malformed \\p escape');
          name = pattern.slice(i + 1, close);
          i = close + 1;
        } else {
          name = pattern[i] ?? '';
          i++;
        }
        let negate = e === 'P';
        if (name.startsWith('^')) {
          negate = !negate;
          name = name.slice(1);
        }
        if (!/^[A-Za-z_]+$/.test(name)) refuse(pattern, `the Unicode class ${name}`);
        if (name === 'Any')
          return negate ? (inClass ? refuse(pattern, '\\P{Any}') : '[^\\s\\S]') : '\\s\\S';
        const body = name.length <= 2 ? name : `Script=${name}`;
        return `\\${negate ? 'P' : 'p'}{${body}}`;
      }
      case 'Q': {
        const end = pattern.indexOf('\\E', i);
        const text = end < 0 ? pattern.slice(i) : pattern.slice(i, end);
        i = end < 0 ? n : end + 2;
        return [...text].map(literal).join('');
      }
      default:
        if (/[1-9]/.test(e)) refuse(pattern, 'a backreference');
        if (/[A-Za-z0-9]/.test(e)) refuse(pattern, `the escape \\${e}`);
        i -= 1;
        return literal(readCodePoint());
    }
  };

  const charClass = (): string => {
    // pattern[i] === '['
    i++;
    let body = '';
    let negated = false;
    if (pattern[i] === '^') {
      negated = true;
      i++;
    }
    let first = true;
    for (;;) {
      if (i >= n) refuse(pattern, 'an unterminated character class');
      const c = pattern[i] as string;
      if (c === ']' && !first) {
        i++;
        break;
      }
      if (c === '[' && pattern[i + 1] === ':') {
        const close = pattern.indexOf(':]', i + 2);
        if (close < 0) refuse(pattern, 'a malformed POSIX class');
        let name = pattern.slice(i + 2, close);
        let neg = false;
        if (name.startsWith('^')) {
          neg = true;
          name = name.slice(1);
        }
        const set = POSIX[name];
        if (set === undefined) refuse(pattern, `the POSIX class [:${name}:]`);
        if (neg) refuse(pattern, 'a negated POSIX class');
        body += set;
        i = close + 2;
      } else if (c === '\\') {
        body += escape(true);
      } else if (c === '-') {
        const last = pattern[i + 1] === ']';
        body += first || last ? '\\-' : '-';
        i++;
      } else {
        const ch = readCodePoint();
        body += ch === '[' || ch === '^' || ch === ']' ? '\\' + ch : ch;
      }
      first = false;
    }
    return `[${negated ? '^' : ''}${body}]`;
  };

  const groups: boolean[] = [];
  let closedGroupQuantified = false;
  let nestedQuantifier = false;
  const quantified = (after: boolean): void => {
    if (after) nestedQuantifier = true;
    if (groups.length) groups[groups.length - 1] = true;
  };

  while (i < n) {
    const c = pattern[i] as string;
    const afterQuantifiedGroup = closedGroupQuantified;
    closedGroupQuantified = false;
    switch (c) {
      case '\\':
        out += escape(false);
        break;
      case '[':
        out += charClass();
        break;
      case '.':
        out += dotAll ? '[\\s\\S]' : '[^\\n]';
        i++;
        break;
      case '(': {
        groups.push(false);
        if (pattern[i + 1] !== '?') {
          out += '(';
          i++;
          break;
        }
        const rest = pattern.slice(i);
        if (rest.startsWith('(?:')) {
          out += '(?:';
          i += 3;
        } else if (/^\(\?P?<[A-Za-z_][A-Za-z0-9_]*>/.test(rest)) {
          const m = /^\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest) as RegExpExecArray;
          out += `(?<${m[1] ?? ''}>`;
          i += m[0].length;
        } else if (/^\(\?(=|!|<=|<!)/.test(rest)) {
          refuse(pattern, 'lookaround');
        } else {
          refuse(pattern, 'an inline flag group');
        }
        break;
      }
      case '*':
      case '+':
      case '?': {
        quantified(afterQuantifiedGroup);
        out += c;
        i++;
        if (pattern[i] === '?') {
          out += '?';
          i++;
        } else if (pattern[i] === '+') refuse(pattern, 'a possessive quantifier');
        break;
      }
      case '{': {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
        if (!m || m[1] === undefined) {
          out += '\\{';
          i++;
          break;
        }
        const lo = Number(m[1]);
        const hi = m[3] ? Number(m[3]) : lo;
        if (lo > 1000 || hi > 1000 || (m[3] && hi < lo)) refuse(pattern, `the repetition ${m[0]}`);
        quantified(afterQuantifiedGroup);
        out += m[0];
        i += m[0].length;
        if (pattern[i] === '?') {
          out += '?';
          i++;
        } else if (pattern[i] === '+') refuse(pattern, 'a possessive quantifier');
        break;
      }
      case ')': {
        const inner = groups.pop() ?? false;
        if (inner && groups.length) groups[groups.length - 1] = true;
        closedGroupQuantified = inner;
        out += c;
        i++;
        break;
      }
      case '^':
      case '$':
      case '|':
        out += c;
        i++;
        break;
      default:
        out += literal(readCodePoint());
    }
  }
  return { source: out, flags, nestedQuantifier };
}

interface Compiled {
  re: RegExp;
  nestedQuantifier: boolean;
}

const fullCache = new Map<string, Compiled>();
const globalCache = new Map<string, Compiled>();

/**
 * Patterns written in the rules are trusted. A pattern computed at run time (from request or
 * document data) runs on a backtracking engine here, unlike RE2, so nested quantifiers, the
 * shape of catastrophic backtracking, are refused in it.
 */
function compile(pattern: string, full: boolean, dynamic: boolean): RegExp {
  const cache = full ? fullCache : globalCache;
  let hit = cache.get(pattern);
  if (!hit) {
    const { source, flags, nestedQuantifier } = translateRe2(pattern);
    let re: RegExp;
    try {
      re = full
        ? new RegExp(`(?<![\\s\\S])(?:${source})(?![\\s\\S])`, flags)
        : new RegExp(source, flags + 'g');
    } catch (err) {
      throw new EvalError(
        `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}`,
      );
    }
    hit = { re, nestedQuantifier };
    if (cache.size > 500) cache.clear();
    cache.set(pattern, hit);
  }
  if (dynamic && hit.nestedQuantifier) {
    refuse(pattern, 'a nested quantifier in a pattern computed at run time');
  }
  return hit.re;
}

/** RE2 whole-string match: the pattern must match all of `s`. */
export function fullMatch(s: string, pattern: string, dynamic = false): boolean {
  return compile(pattern, true, dynamic).test(s);
}

export function globalRegex(pattern: string, dynamic = false): RegExp {
  const re = compile(pattern, false, dynamic);
  re.lastIndex = 0;
  return re;
}
