/**
 * Demo data for `npm start` and the e2e stack, written into an empty data folder only: a super
 * admin, three accounts (Acme Co with two teams and three cards, Globex with one, Initech on the
 * corporate plan with a Sales team whose two cards follow the team or not), global templates,
 * products and prices as the Stripe extension syncs them, and the release settings. The sign-in
 * accounts are created in the Auth emulator with fixed ids so that a re-seed matches them.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { DocData } from '@/backend/port';
import { FREE_PLAN } from '@/domain/plan';
import type { StoredNotifications, StoredRelease } from '@/domain/schemas/settings';
import { newTeamDocument } from '@/domain/schemas/team';
import type { AdminDb } from 'firestore-local/types';

export const DEMO_PASSWORD = 'Demo-pass1';

export const DEMO_USERS = [
  {
    uid: 'demo-superadmin',
    email: 'superadmin@cardbuilder.local',
    displayName: 'Sam Super',
    accountId: 'acme',
    team: 'acme-sales',
    isSuperAdmin: true,
    isAccountOwner: false,
  },
  {
    uid: 'demo-acme-owner',
    email: 'owner@acme.example',
    displayName: 'Ada Lovelace',
    accountId: 'acme',
    team: 'acme-sales',
    isSuperAdmin: false,
    isAccountOwner: true,
  },
  {
    uid: 'demo-globex-owner',
    email: 'owner@globex.example',
    displayName: 'Hank Scorpio',
    accountId: 'globex',
    team: 'globex-general',
    isSuperAdmin: false,
    isAccountOwner: true,
  },
  {
    uid: 'demo-initech-owner',
    email: 'owner@initech.example',
    displayName: 'Bill Lumbergh',
    accountId: 'initech',
    team: 'initech-sales',
    isSuperAdmin: false,
    isAccountOwner: true,
  },
] as const;

function adminApp(projectId: string): App {
  return getApps().find((a) => a.name === 'demo-seed') ?? initializeApp({ projectId }, 'demo-seed');
}

async function ensureAuthUsers(projectId: string): Promise<void> {
  const auth = getAuth(adminApp(projectId));
  for (const user of DEMO_USERS) {
    const props = {
      email: user.email,
      password: DEMO_PASSWORD,
      displayName: user.displayName,
      emailVerified: true,
    };
    try {
      await auth.createUser({ uid: user.uid, ...props });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'auth/uid-already-exists' || code === 'auth/email-already-exists') {
        await auth.updateUser(user.uid, props).catch(() => undefined);
      } else {
        throw err;
      }
    }
  }
}

function team(accountId: string, name: string, extra: DocData = {}): DocData {
  return { ...newTeamDocument(accountId, name), dateTemplateUpdated: null, ...extra };
}

function card(
  id: string,
  accountId: string,
  teamId: string,
  ownerId: string,
  fields: {
    handle: string;
    name: string;
    title: string;
    company: string;
    email: string;
    phone: string;
  },
  accentColor: string,
): DocData {
  return {
    id,
    handle: fields.handle,
    handleAllowIndex: true,
    name: fields.name,
    // The builder's name search field (src/data/cards.ts nameLowerOf).
    nameLower: fields.name.toLowerCase(),
    title: fields.title,
    company: fields.company,
    email: fields.email,
    accountId,
    teamId,
    ownerId,
    isArchived: false,
    contacts: [
      { id: `${id}-phone`, name: 'Phone', label: 'Mobile', value: fields.phone, isTeamLink: false },
      { id: `${id}-email`, name: 'Email', label: 'Email', value: fields.email, isTeamLink: false },
      {
        id: `${id}-web`,
        name: 'Website',
        label: 'Website',
        value: `https://${fields.company.toLowerCase().replace(/\W+/g, '')}.example`,
        isTeamLink: false,
      },
      {
        id: `${id}-linkedin`,
        name: 'LinkedIn',
        label: 'LinkedIn',
        value: `https://www.linkedin.com/in/${fields.handle}`,
        isTeamLink: false,
      },
    ],
    appForm: { enabled: true, fields: { name: true, email: true, phone: true, note: true } },
    template: { templateId: 'classic', accentColor, buttonStyle: 'fill', avatarShape: 'circle' },
    signatureBasic: { enabled: true, includePhoto: true },
    appShare: { title: `${fields.name} — ${fields.title}`, description: '' },
    bulkSync: { syncTeamLinks: true, syncBranding: true },
    dateCreated: new Date('2026-10-01T09:00:00Z'),
    dateUpdated: new Date('2026-11-01T09:00:00Z'),
  };
}

function demoDocuments(): Array<[string, DocData]> {
  const docs: Array<[string, DocData]> = [];
  const put = (path: string, data: DocData): void => {
    docs.push([path, data]);
  };

  put('accounts/acme', {
    id: 'acme',
    name: 'Acme Co',
    isActive: true,
    dateUpdated: new Date('2026-11-20T10:00:00Z'),
    directory: { slug: 'acme-co', enabled: true },
    ownerId: 'demo-acme-owner',
    collaborators: ['demo-superadmin'],
    plan: {
      type: 'growth',
      isPaidAccount: true,
      cardLimit: 10,
      compCards: 0,
      // Counted by the card-count trigger as the seeded cards are written (one each).
      cardsInUse: 0,
      trialEndDate: null,
    },
  });
  put('accounts/globex', {
    id: 'globex',
    name: 'Globex',
    isActive: true,
    dateUpdated: new Date('2026-11-18T10:00:00Z'),
    directory: { slug: 'globex' },
    ownerId: 'demo-globex-owner',
    collaborators: [],
    plan: { ...FREE_PLAN, cardsInUse: 0 },
  });
  put('accounts/initech', {
    id: 'initech',
    name: 'Initech',
    isActive: true,
    dateUpdated: new Date('2026-11-22T10:00:00Z'),
    directory: { slug: 'initech', enabled: true },
    ownerId: 'demo-initech-owner',
    collaborators: [],
    plan: {
      type: 'corporate',
      isPaidAccount: true,
      cardLimit: 100,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    },
  });
  put('slugs/acme-co', { accountId: 'acme' });
  put('slugs/globex', { accountId: 'globex' });
  put('slugs/initech', { accountId: 'initech' });
  put('accounts/acme/teams/acme-sales', team('acme', 'Sales'));
  put('accounts/acme/teams/acme-support', team('acme', 'Support'));
  put('accounts/globex/teams/globex-general', team('globex', 'General'));
  put('accounts/initech/teams/initech-sales', team('initech', 'Sales'));

  const cards: Array<[string, DocData]> = [
    [
      'acme-ada',
      card(
        'acme-ada',
        'acme',
        'acme-sales',
        'demo-acme-owner',
        {
          handle: 'ada-lovelace',
          name: 'Ada Lovelace',
          title: 'Head of Sales',
          company: 'Acme Co',
          email: 'ada@acme.example',
          phone: '+1 201 555 0100',
        },
        '#F5C518',
      ),
    ],
    [
      'acme-grace',
      card(
        'acme-grace',
        'acme',
        'acme-sales',
        'demo-acme-owner',
        {
          handle: 'grace-hopper',
          name: 'Grace Hopper',
          title: 'Account Executive',
          company: 'Acme Co',
          email: 'grace@acme.example',
          phone: '+1 201 555 0101',
        },
        '#EC4899',
      ),
    ],
    [
      'acme-alan',
      card(
        'acme-alan',
        'acme',
        'acme-support',
        'demo-acme-owner',
        {
          handle: 'alan-turing',
          name: 'Alan Turing',
          title: 'Support Lead',
          company: 'Acme Co',
          email: 'alan@acme.example',
          phone: '+1 201 555 0102',
        },
        '#22C55E',
      ),
    ],
    [
      'globex-hank',
      card(
        'globex-hank',
        'globex',
        'globex-general',
        'demo-globex-owner',
        {
          handle: 'hank-scorpio',
          name: 'Hank Scorpio',
          title: 'Founder',
          company: 'Globex',
          email: 'hank@globex.example',
          phone: '+1 201 555 0199',
        },
        '#22C55E',
      ),
    ],
    [
      'initech-peter',
      card(
        'initech-peter',
        'initech',
        'initech-sales',
        'demo-initech-owner',
        {
          handle: 'peter-gibbons',
          name: 'Peter Gibbons',
          title: 'Software Engineer',
          company: 'Initech',
          email: 'peter@initech.example',
          phone: '+1 201 555 0150',
        },
        '#2563EB',
      ),
    ],
    [
      'initech-milton',
      {
        ...card(
          'initech-milton',
          'initech',
          'initech-sales',
          'demo-initech-owner',
          {
            handle: 'milton-waddams',
            name: 'Milton Waddams',
            title: 'Collator',
            company: 'Initech',
            email: 'milton@initech.example',
            phone: '+1 201 555 0151',
          },
          '#DC2626',
        ),
        // Milton keeps his own links and look: the team's changes do not reach his card.
        bulkSync: { syncTeamLinks: false, syncBranding: false },
      },
    ],
  ];
  for (const [id, data] of cards) {
    put(`cards/${id}`, data);
    put(`handles/${String(data.handle)}`, { cardId: id, accountId: data.accountId });
  }

  for (const user of DEMO_USERS) {
    put(`users/${user.uid}`, {
      id: user.uid,
      source: 'password',
      email: user.email,
      displayName: user.displayName,
      photoURL: '',
      acceptedTOC: new Date('2026-10-01T09:00:00Z'),
      dateCreated: new Date('2026-10-01T09:00:00Z'),
      isAccountOwner: user.isAccountOwner,
      affiliate: null,
      accountId: user.accountId,
      isSuperAdmin: user.isSuperAdmin,
      defaultTeam: user.team,
      teams: user.accountId === 'acme' ? ['acme-sales', 'acme-support'] : [user.team],
    });
  }

  // The gallery's active templates are built into the product (src/domain/card-templates.ts); a
  // retired stored one shows that archived templates stay out of it.
  const templates: Array<[string, string, number, DocData, boolean]> = [
    ['retired', 'Retired 2024', 99, { accentColor: '#64748B', buttonStyle: 'fill' }, true],
  ];
  for (const [id, name, order, template, isArchived] of templates) {
    put(`templates/${id}`, {
      id,
      name,
      order,
      isArchived,
      template: { templateId: id, ...template },
    });
  }

  const products: Array<[string, string, string, number, string, boolean, number, number]> = [
    ['prod_starter', 'Starter', 'starter', 3, 'A few cards for a small team.', true, 900, 9000],
    [
      'prod_growth',
      'Growth',
      'growth',
      10,
      'Every paid feature for a growing team.',
      true,
      2900,
      29000,
    ],
    [
      'prod_corporate',
      'Corporate',
      'corporate',
      100,
      'For companies: many cards, full branding.',
      true,
      9900,
      99000,
    ],
    [
      'prod_legacy',
      'Legacy',
      'growth',
      5,
      'Retired plan, kept for old subscribers.',
      false,
      1900,
      19000,
    ],
  ];
  for (const [id, name, planType, limit, description, shown, monthly, yearly] of products) {
    const metadata = {
      cardLimit: String(limit),
      planType,
      showOnPricingTable: String(shown),
      firebaseRole: planType,
    };
    put(`products/${id}`, {
      active: true,
      name,
      description,
      images: [],
      role: planType,
      metadata,
      tax_code: null,
      stripe_metadata_cardLimit: metadata.cardLimit,
      stripe_metadata_planType: planType,
      stripe_metadata_showOnPricingTable: metadata.showOnPricingTable,
      stripe_metadata_firebaseRole: planType,
    });
    for (const [interval, amount] of [
      ['month', monthly],
      ['year', yearly],
    ] as const) {
      const priceId = `${id.replace('prod_', 'price_')}_${interval}ly`;
      put(`products/${id}/prices/${priceId}`, {
        active: true,
        currency: 'usd',
        unit_amount: amount,
        description: `${name} ${interval}ly`,
        type: 'recurring',
        recurring: { interval, interval_count: 1 },
        interval,
        interval_count: 1,
        trial_period_days: planType === 'growth' ? 14 : null,
        metadata: { showOnPricingTable: 'true' },
        product: id,
        stripe_metadata_showOnPricingTable: 'true',
      });
    }
  }

  put('settings/release', { version: 'dev' } satisfies StoredRelease);
  put('settings/notifications', {
    productTeamEmail: 'team@cardbuilder.local',
  } satisfies StoredNotifications);
  put('settings/seed', { seededAt: new Date(), version: 1 });
  return docs;
}

/** Seeds the demo data when the database has none yet; returns whether it seeded. */
export async function seedDemoIfEmpty(db: AdminDb, projectId: string): Promise<boolean> {
  await ensureAuthUsers(projectId);
  if (db.get('settings/seed').exists) return false;
  db.batch(demoDocuments().map(([path, data]) => ({ kind: 'set' as const, path, data })));
  return true;
}
