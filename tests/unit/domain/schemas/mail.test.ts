import { describe, expect, it } from 'vitest';
import { newAccountMail } from '@/data/mail';
import { storedMailSchema } from '@/domain/schemas/mail';
import { renderMail } from '@/services/mail-layout';

describe('mail schema', () => {
  it('reads a product mail as written, pending until the extension reports', () => {
    const message = renderMail({ subject: 'Welcome', heading: 'Welcome', paragraphs: [['Hi']] });
    expect(storedMailSchema.parse({ to: 'ada@acme.example', message })).toEqual({
      to: ['ada@acme.example'],
      cc: [],
      bcc: [],
      message,
      delivery: { state: 'PENDING', attempts: 0, error: null },
    });
  });

  it('reads the sign-up notice and the extension’s report of its delivery', () => {
    const notice = newAccountMail({
      to: 'team@cardbuilder.example',
      email: 'ada@acme.example',
      provider: 'password',
      affiliate: null,
    });
    const stored = storedMailSchema.parse({
      ...notice,
      cc: ['ops@cardbuilder.example'],
      delivery: {
        state: 'ERROR',
        attempts: 3,
        startTime: new Date('2026-02-01T00:00:00Z'),
        error: 'Error: connect ECONNREFUSED',
      },
    });
    expect([stored.to, stored.cc, stored.message]).toEqual([
      ['team@cardbuilder.example'],
      ['ops@cardbuilder.example'],
      notice.message,
    ]);
    expect(stored.delivery).toEqual({
      state: 'ERROR',
      attempts: 3,
      error: 'Error: connect ECONNREFUSED',
    });
  });

  it('gives a malformed mail its defaults: no recipients, an empty message, pending', () => {
    expect(
      storedMailSchema.parse({
        to: ['ada@acme.example', 7, null],
        cc: 5,
        from: 9,
        message: { subject: 3, html: ['<p>'] },
        delivery: { state: 'DONE', attempts: 'two', error: {} },
      }),
    ).toEqual({
      to: ['ada@acme.example'],
      cc: [],
      bcc: [],
      message: { subject: '', html: '' },
      delivery: { state: 'PENDING', attempts: 0, error: null },
    });
    expect(storedMailSchema.parse('mail').message).toEqual({ subject: '', html: '' });
  });
});
