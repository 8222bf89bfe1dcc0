/**
 * Document listeners still waiting for the server's first answer, so that a write to their
 * document can wait for it. The full SDK shows a write at once by applying it to what it holds of
 * the document; holding nothing yet, it makes one up. A merge then shows the merged fields alone,
 * and an update the server acknowledges before the listener's first answer leaves the document
 * "unknown" at the write's version: the listener is told that it does not exist, until the next
 * answer brings it back. Once the listener has the server's copy, the write applies to that.
 */

/**
 * How long a write waits at most: a listener that gets no answer (offline) must not hold this
 * client's writes for good. A loaded machine's first answer comes within two seconds.
 */
export const FIRST_ANSWER_WAIT_MS = 5000;

export interface FirstAnswers {
  /** A listener on the document at `path` has started; call the result once it has an answer. */
  started(path: string): () => void;
  /** Settles once no listener on these documents waits for its first answer, or after the wait. */
  before(paths: readonly string[]): Promise<void>;
}

export function firstAnswers(waitMs = FIRST_ANSWER_WAIT_MS): FirstAnswers {
  const waiting = new Map<string, Set<Promise<void>>>();
  return {
    started(path) {
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const atPath = waiting.get(path) ?? new Set<Promise<void>>();
      atPath.add(answered);
      waiting.set(path, atPath);
      return () => {
        if (!atPath.delete(answered)) return;
        if (atPath.size === 0) waiting.delete(path);
        answer();
      };
    },
    before(paths) {
      const answers = paths.flatMap((path) => [...(waiting.get(path) ?? [])]);
      if (answers.length === 0) return Promise.resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
      return Promise.race([Promise.all(answers).then(() => undefined), waited]).finally(() =>
        clearTimeout(timer),
      );
    },
  };
}
