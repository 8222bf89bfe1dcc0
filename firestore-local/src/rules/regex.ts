/**
 * The patterns `matches`, `split` and `replace` take, compiled by re2js, a port of RE2/J (the
 * engine Google's evaluator runs): RE2 syntax and meaning, linear-time matching whatever the
 * pattern, and what RE2 lacks (backreferences, lookaround, possessive quantifiers) refused.
 */
import { RE2JS, RE2JSException } from 're2js';
import { EvalError } from './errors';

const cache = new Map<string, RE2JS>();

/** The pattern compiled; a pattern RE2 refuses raises EvalError. */
export function compileRe2(pattern: string): RE2JS {
  let re = cache.get(pattern);
  if (!re) {
    try {
      re = RE2JS.compile(pattern);
    } catch (err) {
      if (!(err instanceof RE2JSException)) throw err;
      throw new EvalError(`invalid regular expression ${JSON.stringify(pattern)}: ${err.message}`);
    }
    if (cache.size > 500) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

/** RE2 whole-string match: the pattern must match all of `s`. */
export function fullMatch(s: string, pattern: string): boolean {
  return compileRe2(pattern).testExact(s);
}
