/**
 * Where RE2 (what Google's evaluator runs) and JavaScript's RegExp part ways: each case pins the
 * RE2 side, so the rules' patterns keep Firestore's meaning.
 */
import { describe, expect, it } from 'vitest';
import { EvalError } from 'firestore-local/rules/errors';
import { compileRe2, fullMatch } from 'firestore-local/rules/regex';

describe('matches() is a whole-string RE2 match', () => {
  it.each([
    ['a pattern must cover the whole string', 'abc', 'b', false],
    ['an alternation is anchored as a whole', 'ab', 'a|ab', true],
    ['. does not match \\n', '\n', '.', false],
    ['. matches \\r (JavaScript does not)', '\r', '.', true],
    ['. matches an astral character as one', '😀', '.', true],
    ['(?s) lets . match \\n', '\n', '(?s).', true],
    ['\\s is ASCII only, without \\v (JavaScript has it)', '\u000b', '\\s', false],
    ['\\s does not match a no-break space (JavaScript does)', '\u00a0', '\\s', false],
    ['a leading (?i) ignores case', 'abc', '(?i)ABC', true],
    ['a (?i) in the middle ignores case from there on', 'aB', 'a(?i)b', true],
    ['(?U) makes quantifiers lazy', 'aa', '(?U)a+', true],
    ['\\pL is a Unicode letter', 'éa', '\\pL+', true],
    ['\\p{Greek} is a script', 'αβ', '\\p{Greek}+', true],
    ['a POSIX class', 'ab', '[[:alpha:]]+', true],
    ['\\Q…\\E quotes', 'a.b', '\\Qa.b\\E', true],
    ['\\A and \\z anchor the text', 'a', '\\Aa\\z', true],
    ['(?P<name>) is a named group', 'a', '(?P<n>a)', true],
  ])('%s', (_name, s, pattern, expected) => {
    expect(fullMatch(s, pattern)).toBe(expected);
  });
});

describe('what RE2 does not have is refused', () => {
  it.each([
    ['lookahead', 'a(?=b)'],
    ['negative lookahead', 'a(?!b)'],
    ['lookbehind', '(?<=a)b'],
    ['a backreference', '(a)\\1'],
    ['a possessive quantifier', 'a++'],
    ['\\C (any byte)', 'a\\Cb'],
    ['a \\u escape', '\\u0041'],
    ['a repetition above 1000', 'a{1001}'],
    ['an unclosed group', '('],
  ])('%s', (_name, pattern) => {
    expect(() => compileRe2(pattern)).toThrow(EvalError);
  });
});
