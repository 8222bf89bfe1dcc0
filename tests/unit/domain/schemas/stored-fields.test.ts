/**
 * Each stored document's fields are declared once, in its schema (`src/domain/schemas`); the field
 * lists `firestore.rules` spells out and the app's lists of editable fields must name the same
 * fields. A field added to one place and not the others fails here, named. Where a list differs on
 * purpose, the difference is written once below with its reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITABLE_FIELDS } from '@/data/cards';
import { EMPTY_BRAND_KIT } from '@/domain/model';
import { storedAccountSchema } from '@/domain/schemas/account';
import { storedCheckoutSessionSchema } from '@/domain/schemas/billing';
import { storedCardSchema } from '@/domain/schemas/card';
import { storedCardUsageSchema } from '@/domain/schemas/card-usage';
import { storedHandleClaimSchema, storedSlugClaimSchema } from '@/domain/schemas/claims';
import { storedInviteSchema } from '@/domain/schemas/invite';
import { storedImportPartSchema, storedJobSchema } from '@/domain/schemas/job';
import { storedLeadSchema } from '@/domain/schemas/lead';
import { storedMailSchema } from '@/domain/schemas/mail';
import { storedPromotionSchema } from '@/domain/schemas/promotion';
import { storedSsoConfigSchema, storedSsoDomainSchema } from '@/domain/schemas/sso';
import { storedTeamSchema } from '@/domain/schemas/team';
import { storedTemplateSchema } from '@/domain/schemas/template';
import { storedUserSchema } from '@/domain/schemas/user';
import { SEAT_FIELDS } from '@/domain/seats';

const RULES = readFileSync(new URL('../../../../firestore.rules', import.meta.url), 'utf8');

/** The `{ ... }` block after the one `header` of firestore.rules, and where its text starts. */
function blockAt(header: string): { text: string; at: number } {
  const at = RULES.indexOf(header);
  if (at < 0) throw new Error(`firestore.rules has no "${header}"`);
  if (RULES.indexOf(header, at + 1) >= 0) throw new Error(`"${header}" is not unique`);
  const open = RULES.indexOf('{', at + header.length);
  let depth = 0;
  for (let i = open; i < RULES.length; i++) {
    if (RULES[i] === '{') depth++;
    else if (RULES[i] === '}' && --depth === 0)
      return { text: RULES.slice(open + 1, i), at: open + 1 };
  }
  throw new Error(`"${header}" has no closing brace`);
}

function block(header: string): string {
  return blockAt(header).text;
}

/** Where in firestore.rules the lists the table reads start. */
const READ_LISTS = new Set<number>();

/** The first `[ 'a', 'b' ]` list in the block of `header`, after each marker in turn. */
function listAfter(header: string, ...markers: string[]): string[] {
  const { text, at: start } = blockAt(header);
  let at = 0;
  for (const marker of markers) {
    at = text.indexOf(marker, at);
    if (at < 0) throw new Error(`no "${marker}" where a field list was expected`);
    at += marker.length;
  }
  const open = text.indexOf('[', at);
  READ_LISTS.add(start + open);
  const list = text.slice(open + 1, text.indexOf(']', open));
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

/** The fields of `d` that a validation function checks: `d.x`, `'x' in d`, `optionalX(d, 'x', ...)`. */
function checkedFields(body: string): string[] {
  const fields = new Set<string>();
  for (const m of body.matchAll(/\bd\.([A-Za-z_]\w*)(?![\w(])/g)) fields.add(m[1] ?? '');
  for (const m of body.matchAll(/'(\w+)' in d\b/g)) fields.add(m[1] ?? '');
  for (const m of body.matchAll(/\boptional\w*\(d, '(\w+)'/g)) fields.add(m[1] ?? '');
  for (const m of body.matchAll(/\bd\.get\('(\w+)'/g)) fields.add(m[1] ?? '');
  return [...fields];
}

/** The keys of a stored-document schema (a map piped into an object of fields). */
function schemaKeys(schema: unknown): string[] {
  let def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  while (def.type === 'pipe')
    def = (def.out as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type !== 'object') throw new Error(`a stored schema ends in an object, not ${def.type}`);
  return Object.keys(def.shape as object);
}

interface FieldList {
  /** Where the list is, as a reader would search for it. */
  readonly name: string;
  readonly fields: readonly string[];
  /** Schema fields this list leaves out on purpose, each with why. */
  readonly leavesOut?: Readonly<Record<string, string>>;
}

interface StoredDocument {
  /** The document's `match` path in firestore.rules, then the field for a map checked on its own. */
  readonly collection: string;
  readonly schema: readonly string[];
  /** Fields the rules accept that the schema does not decode, each with why. */
  readonly undecoded?: Readonly<Record<string, string>>;
  readonly lists: readonly FieldList[];
  /** One action's changed keys: each a field of the document (the others stay as they are). */
  readonly actions?: readonly FieldList[];
}

// Reasons shared by several lists.
const ID = 'the document id, which decoding takes from the path';
const SET_ONCE = 'set when the document is made and never changed by a client';
const CHECKOUT_ANSWER = Object.fromEntries(
  ['url', 'error', 'sessionId'].map((f) => [f, 'the Stripe extension’s answer, never a client’s']),
);
const SIGN_UP_MAIL_LEAVES_OUT = {
  cc: 'the sign-up notice goes to the product team alone',
  bcc: 'the sign-up notice goes to the product team alone',
  from: 'the extension’s default sender sends the sign-up notice',
  replyTo: 'the extension’s default sender sends the sign-up notice',
  delivery: 'the Trigger Email extension’s report, never a client’s',
};
const STAMPS = 'bookkeeping dates, kept as stored; the app never reads them back';
const SERVER_ONLY = 'written by the server only';
const CHECKED_BY_CALLER = 'checked beside this function, where the field may be written';

const cardBookkeeping = {
  accountId: SET_ONCE,
  isArchived: 'archiving is its own action, not an edit of the card',
  teamId: 'the team is chosen when the card is made or moved, not in the builder form',
  ownerId: SET_ONCE,
  claimedBy: SERVER_ONLY,
  bulkSync: 'team-sync bookkeeping, written by the team sync',
  teamStyles: 'team-sync bookkeeping, written by the team sync',
  teamSyncVersion: 'team-sync bookkeeping that the sync compares, never shown',
  dateCreated: SET_ONCE,
  dateUpdated: 'stamped on every save',
};

/** The team sync's bookkeeping on a team: a new team starts without it (validTeamSync checks it). */
const TEAM_SYNC_BOOKKEEPING = Object.fromEntries(
  ['syncVersion', 'syncedVersion', 'syncScope'].map((f) => [f, 'written by a team sync, later']),
);

/** An invitation's fields that the server writes when it mails a link (or asks again). */
const INVITE_MAILING = {
  resendAt: 'the owner’s later request for the e-mail again, its own change',
  tokenHash: SERVER_ONLY,
  sentAt: SERVER_ONLY,
  expiresAt: SERVER_ONLY,
  limitedAt: SERVER_ONLY,
  mailRequest: SERVER_ONLY,
};

const TABLE: readonly StoredDocument[] = [
  {
    collection: '/cards/{cardId}',
    schema: schemaKeys(storedCardSchema),
    undecoded: {
      id: ID,
      nameLower: 'the search field, derived from the name on every write',
    },
    lists: [
      {
        name: 'firestore.rules cardFields()',
        fields: listAfter('function cardFields()', 'return'),
        leavesOut: { claimedBy: 'set by the server (acceptInvite), never by a client create' },
      },
      {
        name: 'firestore.rules validCardFields(d)',
        fields: checkedFields(block('function validCardFields(d)')),
        leavesOut: {
          accountId: CHECKED_BY_CALLER,
          ownerId: CHECKED_BY_CALLER,
          claimedBy: CHECKED_BY_CALLER,
          dateCreated: CHECKED_BY_CALLER,
          dateUpdated: CHECKED_BY_CALLER,
        },
      },
      {
        name: 'firestore.rules validCardUpdate(cardId)',
        fields: listAfter('function validCardUpdate(cardId)', 'changed.hasOnly('),
        leavesOut: { accountId: SET_ONCE, dateCreated: SET_ONCE },
      },
      {
        name: 'firestore.rules validSeatUpdate() and SEAT_FIELDS',
        fields: listAfter('function validSeatUpdate()', 'changed.hasOnly('),
        leavesOut: Object.fromEntries(
          ['handle', 'handleAllowIndex', 'company', 'email', 'appForm', 'signatureBasic']
            .concat(['appShare', ...Object.keys(cardBookkeeping).filter((f) => f !== 'id')])
            .filter((f) => f !== 'dateUpdated')
            .map((f) => [f, 'a seat holder edits only their name, title, photo and own links']),
        ),
      },
      {
        name: 'EDITABLE_FIELDS (src/data/cards.ts)',
        fields: EDITABLE_FIELDS,
        leavesOut: cardBookkeeping,
      },
    ],
  },
  {
    collection: '/accounts/{accountId}/teams/{teamId}',
    schema: schemaKeys(storedTeamSchema),
    undecoded: { id: ID },
    lists: [
      {
        name: 'firestore.rules teamFields()',
        fields: listAfter('function teamFields()', 'return'),
        leavesOut: TEAM_SYNC_BOOKKEEPING,
      },
      {
        name: 'firestore.rules validTeam(d, teamId) and validTeamSync(d)',
        fields: [
          ...checkedFields(block('function validTeam(d, teamId)')),
          ...checkedFields(block('function validTeamSync(d)')),
        ],
      },
      {
        name: 'firestore.rules teams update',
        fields: listAfter('match /teams/{teamId}', 'allow update', 'hasOnly('),
        leavesOut: { accountId: SET_ONCE },
      },
      {
        name: 'EMPTY_BRAND_KIT (src/domain/model.ts)',
        fields: Object.keys(EMPTY_BRAND_KIT),
        leavesOut: Object.fromEntries(
          ['name', 'isArchived', 'accountId', 'bulkSync', 'links', 'template', 'signatureBasic']
            .concat(['dateTemplateUpdated', ...Object.keys(TEAM_SYNC_BOOKKEEPING)])
            .map((f) => [f, 'the brand kit is the team’s images only']),
        ),
      },
    ],
  },
  {
    collection: '/accounts/{accountId}/promotions/{promotionId}',
    schema: schemaKeys(storedPromotionSchema),
    undecoded: { id: ID, dateCreated: STAMPS, dateUpdated: STAMPS },
    lists: [
      {
        name: 'firestore.rules promotions create',
        fields: listAfter('match /promotions/{promotionId}', 'allow create', 'hasOnly('),
      },
      {
        name: 'firestore.rules validPromotion(d, promotionId)',
        fields: checkedFields(block('function validPromotion(d, promotionId)')),
      },
      {
        name: 'firestore.rules promotions update',
        fields: listAfter('match /promotions/{promotionId}', 'allow update', 'hasOnly('),
      },
    ],
  },
  {
    collection: '/accounts/{accountId}',
    schema: schemaKeys(storedAccountSchema),
    undecoded: {
      id: ID,
      dateUpdated: STAMPS,
      plan: 'decoded by the plan sync (src/domain/plan-sync.ts); the free plan is pinned by freePlan()',
    },
    actions: [
      ['ssoChange(d, changed)'],
      ['ownerMovesOneMember(d, changed)'],
      ['ownershipOfferChange(d, changed)'],
      ['acceptsOwnership(d, changed)'],
      ['editorLeaves(d, changed)'],
      ['leavesAccount(d, changed, stored)'],
    ].map(([fn]) => ({
      name: `firestore.rules ${fn}`,
      fields: listAfter(`function ${fn}`, 'changed.hasOnly('),
    })),
    lists: [
      {
        name: 'firestore.rules validNewAccount(accountId)',
        fields: listAfter('function validNewAccount(accountId)', 'keys().hasOnly('),
        leavesOut: {
          editors: 'a new account has no card editors; they join by invitation',
          sso: 'company sign-in is set later, by the owner (ssoChange)',
          ownershipOffer: 'offered later, by the owner',
        },
      },
      {
        name: 'firestore.rules validAccountUpdate() (managers)',
        fields: listAfter('function validAccountUpdate()', 'changed.hasOnly('),
        leavesOut: {
          isActive: 'the super admin’s switch, through the server',
          ownerId: 'changes only by an accepted ownership offer (acceptsOwnership)',
          ownershipOffer: 'its own change (ownershipOfferChange)',
          sso: 'its own change, by the owner (ssoChange)',
        },
      },
    ],
  },
  {
    collection: '/users/{userId}',
    schema: schemaKeys(storedUserSchema),
    undecoded: {
      id: ID,
      source: 'kept as stored (the schema is loose); only sign-up writes it',
      photoURL: 'kept as stored (the schema is loose)',
      acceptedTOC: 'kept as stored (the schema is loose); only sign-up writes it',
      dateCreated: STAMPS,
      isAccountOwner: 'kept as stored (the schema is loose); only sign-up writes it',
      affiliate: 'kept as stored (the schema is loose); only sign-up writes it',
    },
    lists: [
      {
        name: 'firestore.rules validNewUser()',
        fields: listAfter('function validNewUser()', 'keys().hasOnly('),
        leavesOut: {
          accountId: 'set by account setup, after sign-up',
          defaultTeam: 'set by account setup, after sign-up',
          teams: 'set by account setup, after sign-up',
          isSuperAdmin: SERVER_ONLY,
          lastSignInAt: 'stamped at each sign-in, after sign-up',
          cardSeat: SERVER_ONLY,
        },
      },
      {
        name: 'firestore.rules validUserUpdate()',
        fields: listAfter('function validUserUpdate()', 'changed.hasOnly('),
        leavesOut: {
          isSuperAdmin: SERVER_ONLY,
          cardSeat: SERVER_ONLY,
          email: 'the Auth token is its truth; only sign-up writes it',
        },
      },
    ],
  },
  {
    collection: '/accounts/{accountId}/invites/{email}',
    schema: schemaKeys(storedInviteSchema),
    lists: [
      {
        name: 'firestore.rules validInvite(email)',
        fields: listAfter('function validInvite(email)', 'keys().hasOnly('),
        leavesOut: { ...INVITE_MAILING, cardId: 'only a seat invitation offers a card' },
      },
      {
        name: 'firestore.rules validSeatInvite(email)',
        fields: listAfter('function validSeatInvite(email)', 'keys().hasOnly('),
        leavesOut: INVITE_MAILING,
      },
    ],
    actions: [
      {
        name: 'firestore.rules invites update (resend)',
        fields: listAfter('match /invites/{email}', 'allow update', 'hasOnly('),
      },
    ],
  },
  {
    collection: '/accounts/{accountId}/jobs/{jobId}',
    schema: schemaKeys(storedJobSchema),
    undecoded: {
      version: 'the team version a sync job brings its cards to, read where the sync runs',
      rowCount: 'the size of an import, read where the import runs',
      rowParts: 'the parts of an import’s rows, read where the import runs',
    },
    lists: (['teamSync', 'import'] as const).map((kind) => ({
      name: `firestore.rules validNewJob() (${kind})`,
      fields: listAfter('function validNewJob()', `d.kind == '${kind}'`, 'hasOnly('),
      leavesOut: {
        ...Object.fromEntries(
          ['total', 'done', 'written', 'skipped', 'failed', 'problems', 'error', 'updatedAt'].map(
            (f) => [f, 'the progress and outcome, written by the server that runs the job'],
          ),
        ),
        cancelRequested: 'asked for later, by its own change',
      },
    })),
    actions: [
      { name: 'firestore.rules jobs update (cancel)', markers: ['hasOnly('] },
      { name: 'firestore.rules jobs update (resume)', markers: ['hasOnly(', 'hasOnly('] },
    ].map(({ name, markers }) => ({
      name,
      fields: listAfter('match /jobs/{jobId}', 'allow update', ...markers),
    })),
  },
  {
    // A part of an import's rows; each row is decoded by storedImportRowSchema where the job runs.
    collection: '/accounts/{accountId}/jobs/{jobId}/rows/{part}',
    schema: schemaKeys(storedImportPartSchema),
    lists: [
      {
        name: 'firestore.rules rows create',
        fields: listAfter('match /rows/{part}', 'allow create', 'hasOnly('),
      },
    ],
  },
  {
    // Leads are written by the public card's server code only; the rules spell no field list.
    collection: '/analytics/{cardId}/entries/{entryId}',
    schema: schemaKeys(storedLeadSchema),
    lists: [],
  },
  {
    collection: '/users/{userId}/checkout_sessions/{sessionId}',
    schema: schemaKeys(storedCheckoutSessionSchema),
    lists: [
      {
        name: 'firestore.rules validCheckoutSession()',
        fields: listAfter('function validCheckoutSession()', 'keys().hasOnly('),
        leavesOut: CHECKOUT_ANSWER,
      },
      {
        name: 'firestore.rules validCheckoutSession() checks',
        fields: checkedFields(block('function validCheckoutSession()')),
        leavesOut: CHECKOUT_ANSWER,
      },
    ],
  },
  {
    // The card cap's count and the list of the batch that raised it (see underCardCapAfter).
    collection: '/accounts/{accountId}/usage/cards',
    schema: schemaKeys(storedCardUsageSchema),
    lists: [
      {
        name: 'firestore.rules usage/cards create, update',
        fields: listAfter('match /usage/cards', 'keys().hasOnly('),
      },
    ],
  },
  {
    // The account's company sign-in settings, a map the rules check as a whole.
    collection: '/accounts/{accountId} sso',
    schema: schemaKeys(storedSsoConfigSchema),
    lists: [
      {
        name: 'firestore.rules validSso(sso)',
        fields: listAfter('function validSso(sso)', 'keys().hasOnly('),
      },
      {
        name: 'firestore.rules validSso(sso) required keys',
        fields: listAfter('function validSso(sso)', 'keys().hasAll('),
      },
    ],
  },
  {
    // A copy of the account's `sso` for one of its domains, which sign-in reads signed out.
    collection: '/ssoDomains/{domain}',
    schema: schemaKeys(storedSsoDomainSchema),
    lists: [
      {
        name: 'firestore.rules validSsoDomain(domain, d)',
        fields: listAfter('function validSsoDomain(domain, d)', 'keys().hasOnly('),
      },
      {
        name: 'firestore.rules validSsoDomain(domain, d) required keys',
        fields: listAfter('function validSsoDomain(domain, d)', 'keys().hasAll('),
      },
      {
        name: 'firestore.rules validSsoDomain(domain, d) checks',
        fields: checkedFields(block('function validSsoDomain(domain, d)')),
      },
    ],
  },
  {
    // A claim is created once and never rewritten; the rules have no update to list.
    collection: '/slugs/{slug}',
    schema: schemaKeys(storedSlugClaimSchema),
    lists: [
      {
        name: 'firestore.rules slugs create',
        fields: listAfter('match /slugs/{slug}', 'allow create', 'keys().hasOnly('),
      },
    ],
  },
  {
    // Like a slug claim, created once and never rewritten.
    collection: '/handles/{handle}',
    schema: schemaKeys(storedHandleClaimSchema),
    lists: [
      {
        name: 'firestore.rules handles create',
        fields: listAfter('match /handles/{handle}', 'allow create', 'keys().hasOnly('),
      },
      {
        name: 'firestore.rules handles create required keys',
        fields: listAfter('match /handles/{handle}', 'allow create', 'keys().hasAll('),
      },
    ],
  },
  {
    // The super admin's templates, which the gallery shows beside the built-in ones.
    collection: '/templates/{templateId}',
    schema: schemaKeys(storedTemplateSchema),
    undecoded: { id: ID },
    lists: [
      {
        name: 'firestore.rules templates create',
        fields: listAfter('match /templates/{templateId}', 'allow create', 'keys().hasOnly('),
      },
      {
        name: 'firestore.rules templates create required keys',
        fields: listAfter('match /templates/{templateId}', 'allow create', 'keys().hasAll('),
        leavesOut: { template: 'a template without settings draws the default card' },
      },
      {
        name: 'firestore.rules templates update',
        fields: listAfter('match /templates/{templateId}', 'allow update', 'hasOnly('),
      },
      {
        name: 'firestore.rules validTemplate(d, templateId)',
        fields: checkedFields(block('function validTemplate(d, templateId)')),
      },
    ],
  },
  {
    // A client creates only its sign-up notice; the product's servers write the other mail.
    collection: '/mail/{mailId}',
    schema: schemaKeys(storedMailSchema),
    lists: [
      {
        name: 'firestore.rules validSignUpMail()',
        fields: listAfter('function validSignUpMail()', 'keys().hasOnly('),
        leavesOut: SIGN_UP_MAIL_LEAVES_OUT,
      },
      {
        name: 'firestore.rules validSignUpMail() checks',
        fields: checkedFields(block('function validSignUpMail()')),
        leavesOut: SIGN_UP_MAIL_LEAVES_OUT,
      },
    ],
  },
];

/**
 * The rules' field lists the table does not read, by where they stand, each with why. A list of a
 * new document waits here only until the document has its schema in src/domain/schemas (issue 28).
 */
const NOT_READ: Readonly<Record<string, string>> = {
  'validSeatUpdate()':
    'its second list is the keys a seat holder changes inside `template`, a settings group with no fixed keys',
};

/**
 * Every literal field list of firestore.rules that the table does not read, by where it stands
 * (the innermost `function name()` or the nested `match` path): a document's keys
 * (`d.keys()`, `request.resource.data.keys()`), its changed keys, or what a `...Fields()` function
 * returns.
 */
function unreadFieldLists(): Set<string> {
  const found = new Set<string>();
  const open: { label: string; depth: number }[] = [];
  let depth = 0;
  const token =
    /function\s+(\w+)\([^)]*\)\s*\{|match\s+(\/[^\s{]*(?:\{[^}]*\}[^\s{]*)*)\s*\{|\{|\}|(?:(?:\b(?:d|request\.resource\.data)\.keys\(\)|affectedKeys\(\)|\bchanged)\s*\.hasOnly\(\s*|\breturn\s*)\[/g;
  // Braces and brackets in comments and strings are not code; blanking keeps every offset.
  const code = RULES.replace(/\/\/.*$/gm, (c) => ' '.repeat(c.length)).replace(
    /'[^'\n]*'/g,
    (str) => `'${' '.repeat(str.length - 2)}'`,
  );
  for (const m of code.matchAll(token)) {
    if (m[1] !== undefined) open.push({ label: `${m[1]}()`, depth: depth++ });
    else if (m[2] !== undefined) open.push({ label: m[2], depth: depth++ });
    else if (m[0] === '{') depth++;
    else if (m[0] === '}') {
      depth--;
      if (open.at(-1)?.depth === depth) open.pop();
    } else {
      const fn = open.findLast((o) => o.label.endsWith('()'));
      if (m[0].startsWith('return') && !fn?.label.endsWith('Fields()')) continue;
      if (READ_LISTS.has((m.index ?? 0) + m[0].length - 1)) continue;
      found.add(
        fn?.label ??
          open
            .map((o) => o.label)
            .filter((label) => !label.startsWith('/databases/'))
            .join(''),
      );
    }
  }
  return found;
}

describe('each stored document’s fields are its schema’s', () => {
  it('every field list of the rules is read above, or is left unread with its reason', () => {
    const unread = [...unreadFieldLists()];
    expect(unread.filter((where) => !(where in NOT_READ))).toEqual([]);
    expect(Object.keys(NOT_READ).filter((where) => !unread.includes(where))).toEqual([]);
  });

  for (const doc of TABLE) {
    describe(doc.collection, () => {
      const undecoded = doc.undecoded ?? {};

      for (const list of doc.lists) {
        it(`${list.name} names the schema’s fields and no others`, () => {
          const leavesOut = list.leavesOut ?? {};
          const problems: string[] = [];
          for (const field of list.fields) {
            if (!doc.schema.includes(field) && !(field in undecoded)) {
              problems.push(
                `'${field}' is in ${list.name} but not in the ${doc.collection} schema`,
              );
            }
            if (field in leavesOut) {
              problems.push(`'${field}' is in ${list.name}, which the table says leaves it out`);
            }
          }
          for (const field of doc.schema) {
            if (!list.fields.includes(field) && !(field in leavesOut)) {
              problems.push(
                `'${field}' of the ${doc.collection} schema is missing from ${list.name}`,
              );
            }
          }
          for (const field of Object.keys(leavesOut)) {
            if (!doc.schema.includes(field)) {
              problems.push(
                `the table's '${field}' (left out of ${list.name}) is not in the schema`,
              );
            }
          }
          expect(problems).toEqual([]);
        });
      }

      for (const action of doc.actions ?? []) {
        it(`${action.name} changes only the schema’s fields`, () => {
          const strangers = action.fields.filter(
            (field) => !doc.schema.includes(field) && !(field in undecoded),
          );
          expect(strangers).toEqual([]);
        });
      }

      it('the fields the schema does not decode are ones the rules accept', () => {
        const named = new Set(
          [...doc.lists, ...(doc.actions ?? [])].flatMap((list) => list.fields),
        );
        const stale = Object.keys(undecoded).filter(
          (field) => doc.schema.includes(field) || !named.has(field),
        );
        expect(stale).toEqual([]);
      });
    });
  }

  it('the seat holder’s fields are the rules’ list', () => {
    expect([...SEAT_FIELDS].sort()).toEqual(
      listAfter('function validSeatUpdate()', 'changed.hasOnly(').sort(),
    );
  });

  it('a client writes no lead: the rules give entries reads only', () => {
    const entries = block('match /entries/{entryId}');
    expect(entries).not.toMatch(/allow[^;]*\b(create|update|delete|write)\b/);
  });
});
