/**
 * The rules engine's cost, for `npm run bench`: the time to parse and check `firestore.rules`, and
 * the median time of an access decision for the app's real requests — a card save, a team sync
 * batch (400 card updates sharing one access-call budget), a list query of an account's cards and
 * a card-create batch — judged against a small in-memory account, with no I/O in the measurement.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SYNC_CHUNK_WRITES } from '@/data/team-sync';
import {
  batchBudget,
  parseRules,
  type AuthContext,
  type DocumentReader,
  type PlainDoc,
} from 'firestore-local/rules/ruleset';

type Report = (name: string, value: string, budget: string) => void;

const OWNER = 'bench-owner';
const ACCOUNT = 'bench-acc';
const TEAM = 'bench-team';

function fixture(now: Date): Map<string, PlainDoc> {
  const docs = new Map<string, PlainDoc>();
  docs.set(`users/${OWNER}`, {
    id: OWNER,
    email: 'owner@bench.example',
    accountId: ACCOUNT,
    isAccountOwner: true,
    dateCreated: now,
  });
  docs.set(`accounts/${ACCOUNT}`, {
    id: ACCOUNT,
    name: 'Bench',
    isActive: true,
    ownerId: OWNER,
    collaborators: [],
    directory: { slug: 'bench', enabled: true },
    plan: {
      type: 'corporate',
      isPaidAccount: true,
      cardLimit: 10000,
      compCards: 0,
      cardsInUse: 400,
      trialEndDate: null,
    },
  });
  docs.set(`accounts/${ACCOUNT}/teams/${TEAM}`, {
    name: 'Sales',
    isArchived: false,
    accountId: ACCOUNT,
  });
  for (let i = 0; i < 400; i++) docs.set(`cards/card-${i}`, card(`card-${i}`, `person-${i}`, now));
  return docs;
}

function card(id: string, handle: string, now: Date): PlainDoc {
  return {
    id,
    handle,
    handleAllowIndex: true,
    name: 'Pat Example',
    title: 'Sales',
    accountId: ACCOUNT,
    ownerId: OWNER,
    teamId: TEAM,
    isArchived: false,
    contacts: [{ id: 'l1', name: 'Website', value: 'https://example.com' }],
    appForm: { enabled: true },
    template: { accentColor: '#112233' },
    signatureBasic: { enabled: true },
    appShare: {},
    teamStyles: ['template.accentColor'],
    teamSyncVersion: 1,
    dateCreated: now,
    dateUpdated: now,
  };
}

function medianMicros(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${(mid * 1000).toFixed(0)} µs`;
}

/** Runs `fn` `n` times (after a warm-up) and returns each run's time in ms. */
function sample(n: number, fn: () => void): number[] {
  for (let i = 0; i < 20; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

function mustAllow(what: string, allowed: boolean, reason: string): void {
  if (!allowed) throw new Error(`bench: the rules refused ${what}: ${reason}`);
}

export function benchRulesEngine(report: Report): void {
  const source = readFileSync(resolve(import.meta.dirname, '..', 'firestore.rules'), 'utf8');
  const parseTimes = sample(20, () => parseRules(source, 'firestore.rules'));
  report('rules engine: parse + check firestore.rules', medianMicros(parseTimes), 'once at start');

  const ruleset = parseRules(source, 'firestore.rules');
  const now = new Date();
  const docs = fixture(now);
  const auth: AuthContext = { uid: OWNER, token: { email: 'owner@bench.example' } };
  const stored: DocumentReader = {
    get: (p) => docs.get(p) ?? null,
    getAfter: (p) => docs.get(p) ?? null,
  };

  const saved = card('card-7', 'person-7', now);
  const cardSave = () => {
    const d = ruleset.evaluateDocument({
      method: 'update',
      path: 'cards/card-7',
      auth,
      time: now,
      resource: docs.get('cards/card-7') ?? null,
      requestResource: { ...saved, title: 'Head of Sales', dateUpdated: now },
      reader: stored,
    });
    mustAllow('a card save', d.allowed, d.reason);
  };
  report(
    'rules engine: decision for a card save, median',
    medianMicros(sample(2000, cardSave)),
    '< 1 ms',
  );

  const syncBatch = () => {
    const budget = batchBudget();
    for (let i = 0; i < SYNC_CHUNK_WRITES; i++) {
      const before = docs.get(`cards/card-${i}`) ?? null;
      const d = ruleset.evaluateDocument({
        method: 'update',
        path: `cards/card-${i}`,
        auth,
        time: now,
        resource: before,
        requestResource: { ...before, template: { accentColor: '#445566' }, teamSyncVersion: 2 },
        reader: stored,
        budget,
      });
      mustAllow('a team sync write', d.allowed, d.reason);
    }
  };
  const syncTimes = sample(500, syncBatch);
  report(
    `rules engine: team sync batch (${SYNC_CHUNK_WRITES} card updates)`,
    `${medianMicros(syncTimes)} (${medianMicros(syncTimes.map((t) => t / SYNC_CHUNK_WRITES))}/write)`,
    '< 1 ms a write',
  );

  const listQuery = () => {
    const d = ruleset.evaluateList({
      collectionPath: 'cards',
      where: [
        { field: 'accountId', op: '==', value: ACCOUNT },
        { field: 'isArchived', op: '==', value: false },
      ],
      orderBy: [{ field: 'name', direction: 'asc' }],
      limit: 500,
      auth,
      time: now,
      reader: stored,
    });
    mustAllow('a list query', d.allowed, d.reason);
  };
  report(
    'rules engine: decision for a list query, median',
    medianMicros(sample(2000, listQuery)),
    '< 1 ms',
  );

  // Two new cards with their handle claims and the card-cap list, as the importer writes them.
  const ids = ['new-0', 'new-1'];
  const after = new Map(docs);
  for (const id of ids) {
    after.set(`cards/${id}`, card(id, `handle-${id}`, now));
    after.set(`handles/handle-${id}`, { cardId: id, accountId: ACCOUNT });
  }
  // The count the batch raises, from the plan's (no usage document yet), at the commit's time.
  after.set(`accounts/${ACCOUNT}/usage/cards`, { batch: ids, inUse: 400 + ids.length, at: now });
  const batchReader: DocumentReader = {
    get: (p) => docs.get(p) ?? null,
    getAfter: (p) => after.get(p) ?? null,
  };
  const createBatch = () => {
    const budget = batchBudget();
    const paths = [
      ...ids.flatMap((id) => [`cards/${id}`, `handles/handle-${id}`]),
      `accounts/${ACCOUNT}/usage/cards`,
    ];
    for (const path of paths) {
      const d = ruleset.evaluateDocument({
        method: 'create',
        path,
        auth,
        time: now,
        resource: null,
        requestResource: after.get(path) ?? null,
        reader: batchReader,
        budget,
      });
      mustAllow(`a card create (${path})`, d.allowed, d.reason);
    }
  };
  report(
    'rules engine: card-create batch (2 cards, 5 writes)',
    medianMicros(sample(2000, createBatch)),
    '< 1 ms a write',
  );
}
