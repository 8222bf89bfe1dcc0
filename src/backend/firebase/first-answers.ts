/**
 * Listeners still waiting for the server's first answer, so that a write to what they follow can
 * wait for it. The full SDK shows a write at once by applying it to what it holds of the document;
 * holding nothing yet, it makes one up. A merge then shows the merged fields alone, and an update
 * the server acknowledges before the listener's first answer leaves the document "unknown" at the
 * write's version: a document listener is told that it does not exist until the next answer, and
 * a query listener that matches it may stay silent for many seconds. A query listener also shows a
 * new document alone, as if the rest of the list were gone. Once the listener has the server's
 * copy, the write applies to that.
 */

/**
 * How long a write waits at most: a listener that gets no answer (offline) must not hold this
 * client's writes for good. A loaded machine's first answer comes within two seconds.
 */
export const FIRST_ANSWER_WAIT_MS = 5000;

export interface FirstAnswers {
  /** A listener on the document at `path` has started; call the result once it has an answer. */
  started(path: string): () => void;
  /** A query listener on the collection at `collection` has started; as `started`. */
  startedQuery(collection: string): () => void;
  /**
   * Settles once no listener waits for its first answer on these documents or on a query of their
   * collections (and of `addedTo`, where new documents are added), or after the wait.
   */
  before(paths: readonly string[], addedTo?: readonly string[]): Promise<void>;
}

function collectionOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

export function firstAnswers(waitMs = FIRST_ANSWER_WAIT_MS): FirstAnswers {
  // Keyed by what is followed: `doc:` and a document's path, or `query:` and a collection's.
  const waiting = new Map<string, Set<Promise<void>>>();
  function follow(key: string): () => void {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const atKey = waiting.get(key) ?? new Set<Promise<void>>();
    atKey.add(answered);
    waiting.set(key, atKey);
    return () => {
      if (!atKey.delete(answered)) return;
      if (atKey.size === 0) waiting.delete(key);
      answer();
    };
  }
  return {
    started: (path) => follow(`doc:${path}`),
    startedQuery: (collection) => follow(`query:${collection}`),
    before(paths, addedTo = []) {
      const keys = [
        ...paths.map((path) => `doc:${path}`),
        ...[...paths.map(collectionOf), ...addedTo].map((collection) => `query:${collection}`),
      ];
      const answers = keys.flatMap((key) => [...(waiting.get(key) ?? [])]);
      if (answers.length === 0) return Promise.resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
      return Promise.race([Promise.all(answers).then(() => undefined), waited]).finally(() =>
        clearTimeout(timer),
      );
    },
  };
}
