/**
 * Access cases of `mail/{id}` (the Trigger Email extension): the sign-up notice only.
 */
import {
  type AccessCase,
  type Row,
  TEAM_EMAIL,
  c,
  del,
  get,
  query,
  signUpMail,
  update,
} from './shared';

export const MAIL_MATRIX: Row[] = [
  // mail
  { what: 'send the sign-up notice', op: (e) => signUpMail(e), allow: ['newUser'] },
  { what: 'get a mail document', op: () => get('mail/m1'), allow: [] },
  { what: 'list mail', op: () => query({ collection: 'mail', limit: 10 }), allow: [] },
  {
    what: 'update a mail delivery',
    op: () => update('mail/m1', { 'delivery.state': 'PENDING' }),
    allow: [],
  },
  { what: 'delete a mail document', op: () => del('mail/m1'), allow: [] },
];

export const MAIL_ATTACKS: AccessCase[] = [
  // mail
  c('a new user sends mail to another recipient', 'newUser', false, (e) =>
    signUpMail(e, { to: 'victim@example.test' }),
  ),
  c('a new user sends mail to a list of recipients', 'newUser', false, (e) =>
    signUpMail(e, { to: [TEAM_EMAIL, 'victim@example.test'] }),
  ),
  c('a new user sends mail with a cc', 'newUser', false, (e) =>
    signUpMail(e, { cc: 'victim@example.test' }),
  ),
  c('a new user sends mail with a template', 'newUser', false, (e) =>
    signUpMail(e, { template: { name: 'welcome', data: {} } }),
  ),
  c('a new user sends mail with huge html', 'newUser', false, (e) =>
    signUpMail(e, {}, { html: `<p>${'x'.repeat(11 * 1024)}</p>` }),
  ),
  c('a new user sends mail with a long subject', 'newUser', false, (e) =>
    signUpMail(e, {}, { subject: 's'.repeat(201) }),
  ),
  c('a new user sends mail with a text part', 'newUser', false, (e) =>
    signUpMail(e, {}, { text: 'plain' }),
  ),
  c('a new user sends mail with a delivery field', 'newUser', false, (e) =>
    signUpMail(e, { delivery: { state: 'SUCCESS' } }),
  ),
  c('a new user sends mail from another address', 'newUser', false, (e) =>
    signUpMail(e, { from: 'ceo@acme.example' }),
  ),
  c('a long-registered user sends the sign-up notice again', 'owner', false, (e) => signUpMail(e)),
  c('a new user sends a second sign-up notice under another id', 'newUser', false, (e) =>
    signUpMail(e, {}, {}, 'mail-new'),
  ),
  c('a new user sends the sign-up notice as another user', 'newUser', false, (e) =>
    signUpMail(e, {}, {}, `signup-${e.ids.uid.owner}`),
  ),
  c('a new user sends a 3 KB sign-up notice', 'newUser', false, (e) =>
    signUpMail(e, {}, { html: `<p>${'x'.repeat(3 * 1024)}</p>` }),
  ),
  c('super admin reads mail', 'superAdmin', false, () => get('mail/m1')),
];
