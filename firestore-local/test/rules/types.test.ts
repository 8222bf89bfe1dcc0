import { describe, expect, it } from 'vitest';
import { RulesBytes, RulesDocRef, RulesLatLng } from 'firestore-local/rules/ruleset';
import { evalExpr, type Outcome } from './support';

const cases = (table: [string, string, Outcome][]) =>
  it.each(table)('%s', (_name, expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });

describe('strings', () => {
  cases([
    ['size counts characters', "'héllo'.size() == 5", true],
    // Google's evaluator counts UTF-16 units, so an astral character counts twice.
    ['size counts UTF-16 units', "'a😀b'.size() == 4", true],
    ['lower', "'ABC123'.lower() == 'abc123'", true],
    ['upper', "'abc'.upper() == 'ABC'", true],
    ['trim removes leading and trailing spaces', "'  a b  '.trim() == 'a b'", true],
    ['split on a regular expression', "'a/b/c'.split('/') == ['a', 'b', 'c']", true],
    ['split on a regex class', "'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']", true],
    ['replace every match', "'banana'.replace('a', 'o') == 'bonono'", true],
    ['replace with a pattern', "'banana'.replace('ana', 'ee') == 'beena'", true],
    ["replace's '.' matches any character", "'a.b'.replace('.', '-') == '---'", true],
    ['replace takes the substitution literally', "'ab'.replace('a', '$&') == '$&b'", true],
    ['index gives one character', "'abc'[1] == 'b'", true],
    ['index out of range is an error', "'abc'[3] == 'c'", 'error'],
    ['negative index is an error', "'abc'[-1] == 'c'", 'error'],
    ['range excludes its upper bound', "'abcdef'[0:3] == 'abc'", true],
    ['empty range', "'abc'[1:1] == ''", true],
    ['range past the end is an error', "'abc'[1:5] == 'bc'", 'error'],
    ['toUtf8 gives the UTF-8 bytes', "'é'.toUtf8() == b'\\xC3\\xA9'", true],
    ['unknown string method is an error', "'a'.reverse() == 'a'", 'error'],
    ['escape sequences in literals', '\'a\\tb\'.size() == 3 && "q\\"" == \'q"\'', true],
  ]);
});

describe('regular expressions (RE2)', () => {
  cases([
    ['matches the whole string', "'user@domain.com'.matches('.*@domain[.]com')", true],
    ['a partial match is not a match', "'banana'.matches('an')", false],
    ['the pattern is anchored at both ends', "'xabcx'.matches('abc')", false],
    ['alternation is anchored as a whole', "'ab'.matches('a|ab')", true],
    ['. does not match a newline', "'a\\nb'.matches('a.b')", false],
    ['. matches a carriage return (unlike JavaScript)', "'a\\rb'.matches('a.b')", true],
    ['(?s) lets . match a newline', "'a\\nb'.matches('(?s)a.b')", true],
    ['(?i) makes the match case-insensitive', "'ABC'.matches('(?i)abc')", true],
    ['\\s is ASCII whitespace only', "'a\\u00a0b'.matches('a\\\\sb')", false],
    ['\\d matches digits', "'2024'.matches('\\\\d{4}')", true],
    ['POSIX classes', "'abcXYZ'.matches('[[:alpha:]]+')", true],
    ['named groups in Python syntax', "'ab'.matches('(?P<x>a)b')", true],
    ['Unicode classes', "'ÄÖ'.matches('\\\\pL+')", true],
    // Computed patterns: an error when evaluated. Written ones refuse the file (structure tests).
    ['backreferences are refused', "'aa'.matches('(a)' + '\\\\1')", 'error'],
    ['lookahead is refused', "'ab'.matches('a' + '(?=b)b')", 'error'],
    ['lookbehind is refused', "'ab'.matches('(?<=a)' + 'b')", 'error'],
    ['an invalid pattern is an error', "'a'.matches('(' + '')", 'error'],
    [
      'the handle pattern of the project',
      "'my-card_1'.matches('^[a-z0-9][a-z0-9_-]{0,99}$')",
      true,
    ],
    ['a handle may not start with a dash', "'-card'.matches('^[a-z0-9][a-z0-9_-]{0,99}$')", false],
    ['a trailing newline does not satisfy $', "'abc\\n'.matches('abc$')", false],
  ]);
});

describe('lists', () => {
  cases([
    ['size', '[1, 2, 3].size() == 3', true],
    ['index', "['a', 'b'][1] == 'b'", true],
    ['index out of range is an error', '[1][1] == 1', 'error'],
    ['negative index is an error', '[1, 2][-1] == 2', 'error'],
    ['float index is an error', '[1, 2][0.0] == 1', 'error'],
    ['range', '[1, 2, 3, 4][1:3] == [2, 3]', true],
    ['hasAll', "['a', 'b', 'c'].hasAll(['a', 'c'])", true],
    ['hasAll of an empty list is true', '[].hasAll([])', true],
    ['hasAll missing one', "['a'].hasAll(['a', 'b'])", false],
    ['hasAny', "['a', 'b'].hasAny(['c', 'b'])", true],
    ['hasAny of an empty list is false', "['a'].hasAny([])", false],
    ['hasOnly ignores repeats', "['a', 'a', 'b'].hasOnly(['a', 'b', 'b'])", true],
    ['hasOnly with an extra element', "['a', 'b'].hasOnly(['a', 'c'])", false],
    ['concat', '[1].concat([2, 3]) == [1, 2, 3]', true],
    ['removeAll removes every occurrence', '[1, 2, 1, 3].removeAll([1]) == [2, 3]', true],
    ['join', "['a', 'b'].join(',') == 'a,b'", true],
    // Google's evaluator (emulator): numbers, bools and null join as string() renders them.
    [
      'join renders an int element',
      "['template.photoBg', 42].join(',') == 'template.photoBg,42'",
      true,
    ],
    [
      'join renders floats, bools and null',
      "[1.5, 2.0, true, null].join('-') == '1.5-2.0-true-null'",
      true,
    ],
    ['join fails on a map element', "['a', {'k': 1}].join(',') is string", 'error'],
    ['join fails on a list element', "['a', [1]].join(',') is string", 'error'],
    ['toSet removes duplicates', '[1, 1, 2].toSet().size() == 2', true],
    ['hasAll with a non-list argument is an error', "['a'].hasAll('a')", 'error'],
  ]);
});

describe('maps', () => {
  cases([
    ['field access', "{'a': 1}.a == 1", true],
    ['index access', "{'a b': 1}['a b'] == 1", true],
    ['a missing key is an error', "{'a': 1}.b == 1", 'error'],
    ['a missing key by index is an error', "{'a': 1}['b'] == 1", 'error'],
    ['size', "{'a': 1, 'b': 2}.size() == 2", true],
    ['keys', "{'a': 1, 'b': 2}.keys().hasAll(['a', 'b'])", true],
    ['values', "{'a': 1, 'b': 2}.values().hasOnly([1, 2])", true],
    ['get returns the value', "{'a': 3, 'b': 2}.get('a', 7) == 3", true],
    ['get returns the default for a missing key', "{'a': 3, 'b': 2}.get('c', 7) == 7", true],
    ['get returns a stored null rather than the default', "{'a': null}.get('a', 7) == null", true],
    [
      'get with a list of keys reads nested maps',
      "{'a': {'b': 1}, 'c': 2}.get(['a', 'b'], 7) == 1",
      true,
    ],
    [
      'get with a list of keys falls back to the default',
      "{'a': {'b': 1}}.get(['a', 'x'], 7) == 7",
      true,
    ],
    ['field access on null is an error', 'null.a == 1', 'error'],
    ['map keys must be strings', '{1: 2}.size() == 1', 'error'],
  ]);
});

describe('MapDiff', () => {
  const d = "{'a': 1, 'b': 2, 'c': 3}.diff({'a': 1, 'b': 5, 'd': 4})";
  cases([
    ['addedKeys: in the calling map only', `${d}.addedKeys() == ['c'].toSet()`, true],
    ['removedKeys: in the argument only', `${d}.removedKeys() == ['d'].toSet()`, true],
    ['changedKeys: in both, different values', `${d}.changedKeys() == ['b'].toSet()`, true],
    ['unchangedKeys: in both, equal values', `${d}.unchangedKeys() == ['a'].toSet()`, true],
    [
      'affectedKeys: added, removed or changed',
      `${d}.affectedKeys() == ['b', 'c', 'd'].toSet()`,
      true,
    ],
    [
      'affectedKeys().hasOnly() as in an update allowlist',
      `${d}.affectedKeys().hasOnly(['b', 'c', 'd', 'e'])`,
      true,
    ],
    [
      'int 1 and float 1.0 are unchanged',
      "{'a': 1}.diff({'a': 1.0}).changedKeys().size() == 0",
      true,
    ],
    ['diff with a non-map is an error', "{'a': 1}.diff(1).addedKeys().size() == 0", 'error'],
  ]);
});

describe('sets', () => {
  cases([
    ['size', "['a', 'b'].toSet().size() == 2", true],
    ['sets compare regardless of order', "['a', 'b'].toSet() == ['b', 'a'].toSet()", true],
    ['hasAll takes a list', "['a', 'b'].toSet().hasAll(['a'])", true],
    ['hasAny', "['a', 'b'].toSet().hasAny(['x', 'b'])", true],
    ['hasOnly', "['a', 'b'].toSet().hasOnly(['a', 'b', 'c'])", true],
    ['difference', "['a', 'b', 'c'].toSet().difference(['b'].toSet()) == ['a', 'c'].toSet()", true],
    ['intersection', "['a', 'b'].toSet().intersection(['b', 'c'].toSet()) == ['b'].toSet()", true],
    ['union', "['a'].toSet().union(['b'].toSet()) == ['a', 'b'].toSet()", true],
    ['difference needs a set', "['a'].toSet().difference(['a']).size() == 0", 'error'],
  ]);
});

describe('paths', () => {
  cases([
    ['a path literal equals the same path', '/a/b == /a/b', true],
    ['interpolation with $()', "/a/$('b') == /a/b", true],
    [
      'interpolation of a path variable',
      '/databases/$(database)/documents/t/$(id) == request.path',
      true,
    ],
    ['path() converts a string', "path('a/b') == /a/b", true],
    ['index by number', "(/a/b)[1] == 'b'", true],
    [
      'bind fills $() holes',
      "(/path/$(foo)/$(bar)).bind({'foo': 'x', 'bar': 'y'}) == /path/x/y",
      true,
    ],
    [
      'literal segments may contain parentheses',
      '/databases/(default)/documents == /databases/$(database)/documents',
      true,
    ],
    ['an int interpolates as its digits', '/a/$(1 + 1) == /a/2', true],
    ['a map does not interpolate', "/a/$({'x': 1}) == /a/b", 'error'],
  ]);
});

describe('timestamps and durations', () => {
  cases([
    ['request.time is the request time', 'request.time == timestamp.value(1714979289123)', true],
    ['toMillis', 'request.time.toMillis() == 1714979289123', true],
    [
      'year, month, day',
      'request.time.year() == 2024 && request.time.month() == 5 && request.time.day() == 6',
      true,
    ],
    [
      'hours, minutes, seconds',
      'request.time.hours() == 7 && request.time.minutes() == 8 && request.time.seconds() == 9',
      true,
    ],
    ['nanos', 'request.time.nanos() == 123000000', true],
    ['dayOfWeek counts Monday as 1', 'request.time.dayOfWeek() == 1', true],
    ['dayOfYear', 'timestamp.date(2024, 2, 1).dayOfYear() == 32', true],
    ['date() keeps the day only', 'request.time.date() == timestamp.date(2024, 5, 6)', true],
    [
      'time() is the duration since midnight',
      "request.time.time() == duration.value(25689123, 'ms')",
      true,
    ],
    ['timestamp.date', 'timestamp.date(1984, 1, 2).toMillis() == 441849600000', true],
    [
      'timestamp.date refuses an invalid date',
      'timestamp.date(2023, 2, 30) == request.time',
      'error',
    ],
    [
      'timestamp plus a duration',
      "timestamp.value(0) + duration.value(1, 'h') == timestamp.value(3600000)",
      true,
    ],
    [
      'duration plus a timestamp',
      "duration.value(1, 's') + timestamp.value(0) == timestamp.value(1000)",
      true,
    ],
    ['timestamp minus a duration', "request.time - duration.value(1, 'd') < request.time", true],
    [
      'timestamp minus a timestamp is a duration',
      "timestamp.value(5000) - timestamp.value(2000) == duration.value(3, 's')",
      true,
    ],
    ['adding two timestamps is an error', 'request.time + request.time > request.time', 'error'],
    [
      'duration units',
      "duration.value(1, 'w') == duration.value(7, 'd') && duration.value(1, 'h') == duration.value(60, 'm')",
      true,
    ],
    [
      'duration units in ms and ns',
      "duration.value(1, 'ms') == duration.value(1000000, 'ns')",
      true,
    ],
    [
      'an unknown duration unit is an error',
      "duration.value(1, 'y') > duration.value(0, 's')",
      'error',
    ],
    ['duration.time', "duration.time(1, 2, 3, 4) == duration.value(3723000000004, 'ns')", true],
    [
      'seconds and nanos of a duration',
      "duration.value(1500, 'ms').seconds() == 1 && duration.value(1500, 'ms').nanos() == 500000000",
      true,
    ],
    ['duration.abs', "duration.abs(duration.value(-10, 's')) == duration.value(10, 's')", true],
    [
      'a timestamp out of range is an error',
      'timestamp.value(253402300800000) > request.time',
      'error',
    ],
  ]);
});

describe('math and conversions', () => {
  cases([
    ['math.abs keeps ints ints', 'math.abs(-1) == 1 && math.abs(-1) is int', true],
    ['math.abs of a float', 'math.abs(-1.5) == 1.5', true],
    ['math.ceil returns a float', 'math.ceil(2.1) == 3 && math.ceil(2.1) is float', true],
    ['math.floor', 'math.floor(2.7) == 2 && math.floor(-1.5) == -2', true],
    ['math.round rounds half up', 'math.round(2.5) == 3 && math.round(2.4) == 2', true],
    ['math.sqrt returns a float', 'math.sqrt(2.25) == 1.5 && math.sqrt(4) is float', true],
    ['math.pow', 'math.pow(2, 10) == 1024 && math.pow(4, 0.5) == 2', true],
    ['math.isNaN', "math.isNaN(float('NaN')) && !math.isNaN(1)", true],
    // Documented, but Google's evaluator has no math.isInfinite: every call fails.
    ['math.isInfinite is missing in Google', 'math.isInfinite(-1.0 / 0) || true', true],
    ['math.isInfinite fails', '!math.isInfinite(100)', 'error'],
    ['math on a string is an error', "math.abs('1') == 1", 'error'],
    ['int() parses a string', "int('42') == 42", true],
    ['int() truncates a float', 'int(2.9) == 2 && int(-2.9) == -2', true],
    ['int() refuses a non-number string', "int('4x') == 4", 'error'],
    ['float() converts an int', 'float(2) == 2.0 && float(2) is float', true],
    ['float() parses a string', "float('1.5') == 1.5", true],
    [
      'string() of true, 1, 2.0 and null',
      "string(true) == 'true' && string(1) == '1' && string(2.0) == '2.0' && string(null) == 'null'",
      true,
    ],
    ['string() of a list is an error', "string([1]) == '[1]'", 'error'],
    ['debug() returns its argument', 'debug(1 + 1) == 2', true],
  ]);
});

describe('bytes, latlng and hashing', () => {
  cases([
    ['bytes size', "b'abc'.size() == 3", true],
    ['bytes toBase64', "b'abc'.toBase64() == 'YWJj'", true],
    ['bytes toHexString', "b'\\x01\\xff'.toHexString() == '01FF'", true],
    ['octal escapes are bytes too', "b'\\101\\377'.toHexString() == '41FF'", true],
    ['an octal escape in a string is its character', "'\\101' == 'A'", true],
    [
      'latlng accessors',
      'latlng.value(10, 20).latitude() == 10 && latlng.value(10, 20).longitude() == 20',
      true,
    ],
    ['latlng distance in metres', 'latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000', true],
    ['latlng out of range is an error', 'latlng.value(91, 0).latitude() == 91', 'error'],
    [
      'sha256 of a string',
      "hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
      true,
    ],
    [
      'md5 of bytes',
      "hashing.md5(b'abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'",
      true,
    ],
    // The checksum's bytes come least significant first (CBF43926 and E3069283 reversed).
    ['crc32', "hashing.crc32('123456789').toHexString() == '2639F4CB'", true],
    ['crc32c', "hashing.crc32c('123456789').toHexString() == '839206E3'", true],
  ]);
});

describe('document values from plain JavaScript', () => {
  const resource = {
    count: 3,
    ratio: 0.5,
    whole: 2,
    negZero: -0,
    when: new Date('2024-01-01T00:00:00Z'),
    raw: new RulesBytes(Uint8Array.of(1, 2)),
    where: new RulesLatLng(1, 2),
    ref: new RulesDocRef('users/u1'),
    nested: { list: [1, 'a', null] },
  };
  it.each<[string, string]>([
    ['an integral number is an int', 'resource.data.count is int'],
    ['a fractional number is a float', 'resource.data.ratio is float'],
    ['-0 is a float', 'resource.data.negZero is float'],
    ['a Date is a timestamp', 'resource.data.when == timestamp.date(2024, 1, 1)'],
    ['RulesBytes is bytes', "resource.data.raw == b'\\x01\\x02'"],
    ['RulesLatLng is a latlng', 'resource.data.where == latlng.value(1, 2)'],
    [
      'a document reference is a path under the documents',
      'resource.data.ref == /databases/(default)/documents/users/u1',
    ],
    ['nested maps and lists', "resource.data.nested.list == [1, 'a', null]"],
    ['resource.id is the document id', "resource.id == 'doc1'"],
    [
      'resource.__name__ is the full path',
      'resource.__name__ == /databases/(default)/documents/t/doc1',
    ],
  ])('%s', (_name, expr) => {
    expect(evalExpr(expr, { resource })).toBe(true);
  });
});

describe('split details', () => {
  cases([
    ['capture groups are not spliced into the result', "'a1b'.split('(1)') == ['a', 'b']", true],
    ['trailing empty pieces are dropped', "'a,b,'.split(',') == ['a', 'b']", true],
    [
      'an empty pattern splits before each character',
      "'abc'.split('') == ['', 'a', 'b', 'c']",
      true,
    ],
  ]);
});

describe('patterns computed at run time', () => {
  it('a nested quantifier in a pattern from document data runs in linear time', () => {
    const resource = { p: '(a+)+', s: 'a'.repeat(5000) + '!' };
    const started = performance.now();
    expect(evalExpr('resource.data.s.matches(resource.data.p)', { resource })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a simple pattern from document data is used', () => {
    expect(evalExpr("'aaaa'.matches(resource.data.p)", { resource: { p: 'a+' } })).toBe(true);
  });

  it('a nested quantifier written in the rules is trusted', () => {
    expect(evalExpr("'a,b'.matches('([a-z]+(,[a-z]+)*)?')")).toBe(true);
  });
});
