import { describe, expect, it } from 'vitest';
import { evalExpr, type Outcome } from './support';

describe('arithmetic', () => {
  it.each<[string, string, Outcome]>([
    ['int addition', '1 + 2 == 3', true],
    ['int subtraction', '5 - 7 == -2', true],
    ['int multiplication', '6 * 7 == 42', true],
    ['int division truncates toward zero', '7 / 2 == 3 && -7 / 2 == -3', true],
    ['int modulus keeps the sign of the dividend', '7 % 3 == 1 && -7 % 3 == -1', true],
    ['int division by zero is an error', '1 / 0 == 0', 'error'],
    ['int modulus by zero is an error', '1 % 0 == 0', 'error'],
    ['int overflow on addition is an error', '9223372036854775807 + 1 > 0', 'error'],
    ['int overflow on multiplication is an error', '4611686018427387904 * 2 > 0', 'error'],
    ['the smallest int literal is representable', '-9223372036854775808 < 0', true],
    ['negating the smallest int overflows', '-(-9223372036854775808) > 0', 'error'],
    ['float arithmetic', '1.5 + 1.25 == 2.75', true],
    ['int and float mix to a float', '1 + 0.5 == 1.5', true],
    ['float division by zero is infinity', "1.0 / 0 == float('Infinity')", true],
    ['string concatenation', "'ab' + 'cd' == 'abcd'", true],
    ['string plus int is an error', "'a' + 1 == 'a1'", 'error'],
    ['list plus list is not an operator', '[1] + [2] == [1, 2]', 'error'],
    ['unary minus on a float', '-(1.5) == -1.5', true],
    ['unary minus on a string is an error', "-'a' == 'a'", 'error'],
  ])('%s', (_name, expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });
});

describe('comparison and equality', () => {
  it.each<[string, string, Outcome]>([
    ['int equals float numerically', '1 == 1.0', true],
    ['int differs from float', '1 != 1.5', true],
    ['int and float order numerically', '1 < 1.5 && 2.0 > 1', true],
    ['strings order lexicographically', "'apple' < 'banana' && 'b' > 'abc'", true],
    ['<= and >= include equality', '2 <= 2 && 2 >= 2', true],
    ['ordering values of different types is an error', "1 < 'a'", 'error'],
    ['ordering bools is an error', 'false < true', 'error'],
    ['ordering lists is an error', '[1] < [2]', 'error'],
    ['equality of different types is false, not an error', "1 == '1'", false],
    ['null equals null', 'null == null', true],
    ['null is unequal to a value', 'null != 0', true],
    ['lists compare element by element', "[1, 'a', [true]] == [1, 'a', [true]]", true],
    ['list order matters', '[1, 2] == [2, 1]', false],
    ['maps compare by keys and values', "{'a': 1, 'b': [2]} == {'b': [2], 'a': 1}", true],
    ['maps with different values differ', "{'a': 1} == {'a': 2}", false],
    ['NaN is not equal to itself', 'float("NaN") == float("NaN")', false],
    ['timestamps order', 'timestamp.value(1) < timestamp.value(2)', true],
    ['durations order', "duration.value(1, 's') < duration.value(2, 's')", true],
  ])('%s', (_name, expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });
});

describe('boolean operators and error propagation', () => {
  it.each<[string, string, Outcome]>([
    ['true && true', 'true && true', true],
    ['false && (error) is false: the right side is never evaluated', 'false && 1 / 0 == 0', false],
    ['(error) && false is false: the other side decides', '1 / 0 == 0 && false', false],
    ['(error) && true is an error', '1 / 0 == 0 && true', 'error'],
    ['true && (error) is an error', 'true && 1 / 0 == 0', 'error'],
    ['true || (error) is true', 'true || 1 / 0 == 0', true],
    ['(error) || true is true: the other side decides', '1 / 0 == 0 || true', true],
    ['(error) || false is an error', '1 / 0 == 0 || false', 'error'],
    ['false || (error) is an error', 'false || 1 / 0 == 0', 'error'],
    ['(error) || (error) is an error', '1 / 0 == 0 || 1 % 0 == 0', 'error'],
    ['!(error) is an error', '!(1 / 0 == 0)', 'error'],
    ['! of a non-bool is an error', '!1', 'error'],
    ['&& with a non-bool operand is an error', 'true && 1', 'error'],
    ['|| with a non-bool operand is an error', "false || 'yes'", 'error'],
    ['a missing field is an error absorbed by ||', 'resource.data.missing == 1 || true', true],
    ['a missing field alone denies', 'resource.data.missing == 1', 'error'],
    ['negated missing field is still an error', '!(resource.data.missing == 1)', 'error'],
    ['a non-bool condition denies', '1', 'error'],
    ['a string condition denies', "'true'", 'error'],
    ['ternary picks the true branch', "true ? 'a' == 'a' : false", true],
    ['ternary picks the false branch', '1 > 2 ? true : false', false],
    ['ternary only evaluates the chosen branch', 'false ? 1 / 0 == 0 : true', true],
    ['ternary with a non-bool condition is an error', "'x' ? true : true", 'error'],
    ['&& binds tighter than ||', 'true || false && false', true],
    ['comparisons bind tighter than &&', '1 < 2 && 3 > 2', true],
    ['* binds tighter than +', '1 + 2 * 3 == 7', true],
  ])('%s', (_name, expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });
});

describe('in and is', () => {
  it.each<[string, string, Outcome]>([
    ['in on a list', "'a' in ['a', 'b']", true],
    // Google's evaluator: list membership tells 1 from 1.0 (a set's does not).
    ['in on a list tells an int from a float', '1.0 in [1, 2]', false],
    ['in on a set compares numerically', '1.0 in [1, 2].toSet()', true],
    ['not in a list', "!('c' in ['a', 'b'])", true],
    ['in on a map checks keys', "'a' in {'a': 1}", true],
    ['in on a map with a non-string key is an error', "1 in {'a': 1}", 'error'],
    ['in on a set', "'a' in ['a', 'b'].toSet()", true],
    ['in on a string is an error', "'a' in 'abc'", 'error'],
    ['in on null is an error', "'a' in null", 'error'],
    ['is bool', 'true is bool', true],
    ['is int', '1 is int && !(1.0 is int)', true],
    ['is float', '1.0 is float && !(1 is float)', true],
    ['is number accepts int and float', '1 is number && 1.5 is number', true],
    ['is string', "'x' is string", true],
    ['is list', '[1] is list', true],
    ['is map', "{'a': 1} is map", true],
    ['is timestamp', 'request.time is timestamp', true],
    ['is duration', "duration.value(1, 'd') is duration", true],
    ['is path', '/a/b is path', true],
    // Google's evaluator accepts the type name, yet not even a set is a `set` there.
    ['is set is false, even for a set', '[1].toSet() is set', false],
    ['is bytes', "b'abc' is bytes", true],
    ['is latlng', 'latlng.value(1, 2) is latlng', true],
    ['is map_diff', '{}.diff({}) is map_diff', true],
    ['null is no type', '!(null is string) && !(null is map)', true],
    ['is on a missing field is an error', 'resource.data.nope is string', 'error'],
  ])('%s', (_name, expr, expected) => {
    expect(evalExpr(expr)).toBe(expected);
  });
});
