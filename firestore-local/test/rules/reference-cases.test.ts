/**
 * Our engine against Google's verdicts, case by case (reference-cases.ts holds the table and
 * says how it was observed). The emulator is not needed here: the table is the record of what
 * it answered.
 */
import { describe, expect, it } from 'vitest';
import { RulesError } from 'firestore-local/rules/ruleset';
import { KNOWN_DIFFERENCES, REFERENCE_CASES, type ReferenceCase } from './reference-cases';
import { type Outcome, evalExpr, reader } from './support';

function ours(c: ReferenceCase): Outcome | 'parse-error' {
  try {
    return evalExpr(c.expr, {
      auth: null,
      resource: null,
      reader: reader(c.docs ?? {}),
      ...(c.functions === undefined ? {} : { functions: c.functions }),
    });
  } catch (err) {
    if (err instanceof RulesError) return 'parse-error';
    throw err;
  }
}

describe("the engine agrees with Google's emulator", () => {
  it.each(REFERENCE_CASES.map((c) => [c.expr, c] as const))('%s', (_expr, c) => {
    expect(ours(c)).toBe(c.google);
  });
});

describe('known differences from Google', () => {
  it.each(KNOWN_DIFFERENCES.map((c) => [c.expr, c] as const))('%s', (_expr, c) => {
    expect(ours(c)).toBe(c.ours);
  });
});
