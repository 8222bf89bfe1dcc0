/**
 * The local data server's storage: one SQLite file in WAL mode with `synchronous = FULL`, so a
 * `kill -9` at any moment loses nothing acknowledged. Documents are rows keyed by path, data the
 * wire JSON of `firestore-engine/wire`; each commit is one transaction, in which the access policy
 * may refuse and then all rows change or none. Uploaded files live in the same database, so they
 * get the same durability.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BackendError } from 'firestore-engine/errors';
import type { DocData, QueryDoc, WriteOp } from 'firestore-engine/document';
import type { ServerQuerySpec } from 'firestore-engine/server-db';
import { assertDocPath, docId, parentCollection } from 'firestore-engine/paths';
import { decodeDoc, encodeValue } from 'firestore-engine/wire';
import { applyWrite } from 'firestore-engine/writes';
import { createFieldIndex } from './field-index';
import { createQueryAnswers } from './query-answers';
import type { DocChange, OutboxEntry } from './types';

/** Read access to the state a commit sees: before it (`get`) and with its writes (`getAfter`). */
export interface CommitReader {
  get(path: string): DocData | null;
  getAfter(path: string): DocData | null;
}

/** Called for every change of a commit before it is written; throws to refuse the whole commit. */
export type CommitCheck = (change: DocChange, reader: CommitReader) => void;

export interface StoredFile {
  contentType: string;
  size: number;
  version: number;
  /** The secret a download URL carries (Cloud Storage's download token): paths are guessable. */
  token: string;
  data: Buffer;
}

export interface Store {
  get(path: string): DocData | null;
  /** Every document directly in the collection (unordered). The data must not be mutated. */
  collection(collectionPath: string): QueryDoc[];
  /** Every document of every collection with this id, at any depth (a collection group). */
  collectionGroup(collectionId: string): QueryDoc[];
  /**
   * The documents the query selects, ordered and limited (`runQuery`'s answer over the whole
   * collection or group), read through the field indexes (`./field-index.ts`) where they serve.
   */
  query(spec: ServerQuerySpec): QueryDoc[];
  /**
   * Applies the writes in one transaction and returns the changes, one per document, in order;
   * the counter outbox's entries `retire` are deleted in the same transaction.
   */
  commit(
    ops: readonly WriteOp[],
    now: Date,
    check?: CommitCheck,
    retire?: readonly number[],
  ): DocChange[];
  /** Keeps a count in the counter outbox (durable when it returns); answers its receipt. */
  appendCount(path: string, fields: DocData): number;
  /** The counter outbox's entries, oldest first. */
  unwrittenCounts(): OutboxEntry[];
  getFile(filePath: string): StoredFile | null;
  /**
   * Stores a file and returns its new version number (used to make download URLs unique) and its
   * download token (kept across versions, so URLs already handed out keep working).
   */
  putFile(filePath: string, contentType: string, data: Buffer): { version: number; token: string };
  deleteFile(filePath: string): boolean;
  close(): void;
}

interface DocRow {
  path: string;
  data: string;
}

/** Single documents kept decoded (`get`). */
const RECENT_DOCS = 10_000;

export interface StoreOptions {
  /** Fields indexed from the start (`firestore.indexes.json`); others when first queried. */
  readonly indexes?: readonly { group: string; field: string }[];
}

/** The store's file in its data folder. */
const STORE_FILE = 'cardbuilder.sqlite';

/**
 * Throws what opening the store would (SQLite's error: a damaged file is `SQLITE_NOTADB` or
 * `SQLITE_CORRUPT`), without creating anything: for a start-up to say so before it starts the
 * rest. A folder without the file is fine: the store starts empty there.
 */
export function checkStoreReadable(dataDir: string): void {
  const file = path.join(dataDir, STORE_FILE);
  if (!fs.existsSync(file)) return;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } finally {
    db.close();
  }
}

export function openStore(dataDir: string, options: StoreOptions = {}): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, STORE_FILE));
  db.pragma('journal_mode = WAL');
  // FULL makes every commit fsync the WAL before returning: the price of "acknowledged is durable".
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS docs (
      path TEXT PRIMARY KEY,
      parent TEXT NOT NULL,
      data TEXT NOT NULL,
      update_time INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS docs_parent ON docs (parent);
    CREATE TABLE IF NOT EXISTS files (
      path TEXT PRIMARY KEY,
      content_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      version INTEGER NOT NULL,
      data BLOB NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS counter_outbox (
      receipt INTEGER PRIMARY KEY AUTOINCREMENT,
      path TEXT NOT NULL,
      fields TEXT NOT NULL
    );
  `);

  // Databases written before download tokens existed get the column; their files get a token on
  // first read.
  const fileColumns = db.prepare<[], { name: string }>('PRAGMA table_info(files)').all();
  if (!fileColumns.some((c) => c.name === 'token')) {
    db.exec("ALTER TABLE files ADD COLUMN token TEXT NOT NULL DEFAULT ''");
  }

  const selectDoc = db.prepare<[string], DocRow>('SELECT path, data FROM docs WHERE path = ?');
  const selectCollection = db.prepare<[string], DocRow>(
    'SELECT path, data FROM docs WHERE parent = ?',
  );
  const selectChunk = db.prepare<[string, string, number], DocRow>(
    'SELECT path, data FROM docs WHERE parent = ? AND path > ? ORDER BY path LIMIT ?',
  );
  // The collections of one id at any depth, from the parent index alone (ids are escaped for LIKE).
  const selectGroupParents = db.prepare<[string, string], { parent: string }>(
    "SELECT DISTINCT parent FROM docs WHERE parent = ? OR parent LIKE ? ESCAPE '\\'",
  );
  const upsertDoc = db.prepare<[string, string, string, number]>(
    'INSERT INTO docs (path, parent, data, update_time) VALUES (?, ?, ?, ?) ' +
      'ON CONFLICT (path) DO UPDATE SET data = excluded.data, update_time = excluded.update_time',
  );
  const deleteDoc = db.prepare<[string]>('DELETE FROM docs WHERE path = ?');
  const selectFile = db.prepare<
    [string],
    { content_type: string; size: number; version: number; token: string; data: Buffer }
  >('SELECT content_type, size, version, token, data FROM files WHERE path = ?');
  const upsertFile = db.prepare<[string, string, number, number, string, Buffer]>(
    'INSERT INTO files (path, content_type, size, version, token, data) VALUES (?, ?, ?, ?, ?, ?) ' +
      'ON CONFLICT (path) DO UPDATE SET content_type = excluded.content_type, size = excluded.size, ' +
      'version = excluded.version, token = excluded.token, data = excluded.data',
  );
  const setFileToken = db.prepare<[string, string]>('UPDATE files SET token = ? WHERE path = ?');
  const deleteFileRow = db.prepare<[string]>('DELETE FROM files WHERE path = ?');
  // The counter outbox keeps the public surfaces' buffered counts on disk from their acknowledgement
  // until the summary write that carries them retires them in its own transaction (`commit`'s
  // `retire`): after a crash the rows left are exactly the counts not yet written.
  const insertCount = db.prepare<[string, string]>(
    'INSERT INTO counter_outbox (path, fields) VALUES (?, ?)',
  );
  const selectCounts = db.prepare<[], { receipt: number; path: string; fields: string }>(
    'SELECT receipt, path, fields FROM counter_outbox ORDER BY receipt',
  );
  const deleteCount = db.prepare<[number]>('DELETE FROM counter_outbox WHERE receipt = ?');

  // A collection's decoded documents, cached after its first query: this process is the only
  // writer, so the cache is updated after each successful commit and never goes stale.
  const cache = new Map<string, Map<string, DocData>>();

  function loadCollection(collectionPath: string): Map<string, DocData> {
    let docs = cache.get(collectionPath);
    if (!docs) {
      docs = new Map();
      for (const row of selectCollection.all(collectionPath))
        docs.set(row.path, decodeDoc(JSON.parse(row.data), Infinity));
      cache.set(collectionPath, docs);
    }
    return docs;
  }

  /**
   * Single documents read lately, decoded (the card a busy page shows, its account), so that a
   * read answered from an index does not parse the same row again; updated after each commit.
   */
  const recent = new Map<string, DocData | null>();

  function get(docPath: string): DocData | null {
    const cached = cache.get(parentCollection(docPath));
    if (cached) return cached.get(docPath) ?? null;
    const kept = recent.get(docPath);
    if (kept !== undefined) return kept;
    const row = selectDoc.get(docPath);
    const data = row ? decodeDoc(JSON.parse(row.data), Infinity) : null;
    if (recent.size >= RECENT_DOCS) recent.delete(recent.keys().next().value as string);
    recent.set(docPath, data);
    return data;
  }

  function collectionDocs(collectionPath: string): QueryDoc[] {
    const out: QueryDoc[] = [];
    for (const [docPath, data] of loadCollection(collectionPath))
      out.push({ id: docId(docPath), path: docPath, data });
    return out;
  }

  /** The LIKE pattern of the collections of one id below the root (the id escaped for LIKE). */
  function groupPattern(collectionId: string): string {
    return `%/${collectionId.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  }

  function groupDocs(collectionId: string): QueryDoc[] {
    const out: QueryDoc[] = [];
    for (const { parent } of selectGroupParents.all(collectionId, groupPattern(collectionId)))
      for (const [docPath, data] of loadCollection(parent))
        out.push({ id: docId(docPath), path: docPath, data });
    return out;
  }

  const index = createFieldIndex(
    db,
    {
      get,
      parents: (collectionId) =>
        selectGroupParents.all(collectionId, groupPattern(collectionId)).map((row) => row.parent),
      // Read a chunk at a time and not kept: a group of 100,000 lead entries need not stay
      // decoded in memory for its index.
      chunk: (collectionPath, after, max) =>
        selectChunk
          .all(collectionPath, after, max)
          .map((row) => [row.path, decodeDoc(JSON.parse(row.data), Infinity)]),
      scan: (spec) =>
        spec.collectionGroup === true
          ? groupDocs(spec.collection)
          : collectionDocs(spec.collection),
    },
    options.indexes ? { declared: options.indexes } : {},
  );

  const runCommit = db.transaction(
    (
      ops: readonly WriteOp[],
      now: Date,
      check?: CommitCheck,
      retire: readonly number[] = [],
    ): DocChange[] => {
      const working = new Map<string, DocData | null>();
      const firstBefore = new Map<string, DocData | null>();
      for (const op of ops) {
        if (typeof op !== 'object' || op === null)
          throw new BackendError('invalid-argument', 'A write must be an object.');
        assertDocPath(op.path);
        const before = working.has(op.path) ? (working.get(op.path) ?? null) : get(op.path);
        if (!firstBefore.has(op.path)) firstBefore.set(op.path, before);
        working.set(op.path, applyWrite(before, op, now));
      }
      const changes: DocChange[] = [];
      for (const [docPath, after] of working) {
        const before = firstBefore.get(docPath) ?? null;
        if (before === null && after === null) continue;
        changes.push({ path: docPath, before, after });
      }
      if (check) {
        const reader: CommitReader = {
          get,
          getAfter: (p) => (working.has(p) ? (working.get(p) ?? null) : get(p)),
        };
        for (const change of changes) check(change, reader);
      }
      const stamp = now.getTime();
      for (const change of changes) {
        index.update(change.path, change.before, change.after);
        if (change.after === null) deleteDoc.run(change.path);
        else
          upsertDoc.run(
            change.path,
            parentCollection(change.path),
            JSON.stringify(encodeValue(change.after)),
            stamp,
          );
      }
      for (const receipt of retire) deleteCount.run(receipt);
      return changes;
    },
  );

  const answers = createQueryAnswers();

  return {
    get,
    collection: collectionDocs,
    collectionGroup: groupDocs,
    query: (spec) => answers.query(spec, () => index.query(spec)),
    commit(ops, now, check, retire) {
      const changes = runCommit(ops, now, check, retire);
      // Only a committed transaction reaches here: now the caches may follow.
      answers.changed(changes.map((change) => change.path));
      for (const change of changes) {
        if (recent.has(change.path)) recent.set(change.path, change.after);
        const docs = cache.get(parentCollection(change.path));
        if (!docs) continue;
        if (change.after === null) docs.delete(change.path);
        else docs.set(change.path, change.after);
      }
      return changes;
    },
    appendCount(countPath, fields) {
      assertDocPath(countPath);
      const row = insertCount.run(countPath, JSON.stringify(encodeValue(fields)));
      return Number(row.lastInsertRowid);
    },
    unwrittenCounts() {
      return selectCounts.all().map((row) => ({
        receipt: row.receipt,
        path: row.path,
        fields: decodeDoc(JSON.parse(row.fields), Infinity),
      }));
    },
    getFile(filePath) {
      const row = selectFile.get(filePath);
      if (!row) return null;
      let token = row.token;
      if (token === '') {
        token = randomUUID();
        setFileToken.run(token, filePath);
      }
      return {
        contentType: row.content_type,
        size: row.size,
        version: row.version,
        token,
        data: row.data,
      };
    },
    putFile(filePath, contentType, data) {
      const previous = selectFile.get(filePath);
      const version = Math.max(Date.now(), (previous?.version ?? 0) + 1);
      const token = previous?.token || randomUUID();
      upsertFile.run(filePath, contentType, data.length, version, token, data);
      return { version, token };
    },
    deleteFile(filePath) {
      return deleteFileRow.run(filePath).changes > 0;
    },
    close() {
      db.close();
    },
  };
}
