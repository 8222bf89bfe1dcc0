/** Shared by the engine's refusal tests: the call fails as Firestore does, naming what is wrong. */
import { expect } from 'vitest';
import { BackendError } from 'firestore-engine/errors';

export function expectInvalidArgument(fn: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(BackendError);
  expect((caught as BackendError).code).toBe('invalid-argument');
  expect((caught as BackendError).message).toMatch(message);
}
