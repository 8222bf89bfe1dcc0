import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstAnswers } from '@/backend/firebase/first-answers';

async function settledWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('writes waiting for the first answers of their documents’ listeners', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets a write through at once when no listener on its documents waits', async () => {
    const answers = firstAnswers(5000);
    answers.started('cards/other');
    expect(await settledWithin(answers.before(['cards/a', 'users/u']), 0)).toBe(true);
  });

  it('holds a write until every listener on its documents has answered', async () => {
    const answers = firstAnswers(5000);
    const first = answers.started('users/u');
    const second = answers.started('users/u');
    const write = answers.before(['teams/t', 'users/u']);
    first();
    expect(await settledWithin(write, 10)).toBe(false);
    second();
    expect(await settledWithin(write, 0)).toBe(true);
    // Answered listeners hold no later write.
    expect(await settledWithin(answers.before(['users/u']), 0)).toBe(true);
  });

  it('answers once: a second call (an answer, then the stop) changes nothing', async () => {
    const answers = firstAnswers(5000);
    const answered = answers.started('users/u');
    answered();
    answered();
    const later = answers.started('users/u');
    expect(await settledWithin(answers.before(['users/u']), 10)).toBe(false);
    later();
  });

  it('lets a write through after the wait when a listener never answers (offline)', async () => {
    const answers = firstAnswers(5000);
    answers.started('users/u');
    const write = answers.before(['users/u']);
    expect(await settledWithin(write, 4999)).toBe(false);
    expect(await settledWithin(write, 1)).toBe(true);
  });

  it('holds a write to a document a waiting query matches by its collection, and an add to it', async () => {
    const answers = firstAnswers(5000);
    const answered = answers.startedQuery('accounts/a/teams');
    expect(await settledWithin(answers.before(['accounts/a/teams/t'], []), 10)).toBe(false);
    expect(await settledWithin(answers.before([], ['accounts/a/teams']), 10)).toBe(false);
    // Not a document of that collection, nor one of a collection below it.
    expect(await settledWithin(answers.before(['accounts/a'], []), 0)).toBe(true);
    expect(await settledWithin(answers.before(['accounts/a/teams/t/jobs/j'], []), 0)).toBe(true);
    answered();
    expect(
      await settledWithin(answers.before(['accounts/a/teams/t'], ['accounts/a/teams']), 0),
    ).toBe(true);
  });

  it('keeps a document listener and a query on its collection apart', async () => {
    const answers = firstAnswers(5000);
    const doc = answers.started('teams/t');
    const query = answers.startedQuery('teams');
    const write = answers.before(['teams/t']);
    doc();
    expect(await settledWithin(write, 10)).toBe(false);
    query();
    expect(await settledWithin(write, 0)).toBe(true);
  });
});
