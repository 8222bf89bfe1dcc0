/** The lead e-mail to a card's owner: every visitor-typed value escaped, a text part, one-line subject. */
import { describe, expect, it } from 'vitest';
import { leadMail } from '@/services/public-surfaces/lead-mail';

describe('leadMail', () => {
  it('escapes what the visitor typed and keeps the subject on one line', () => {
    const mail = leadMail({
      to: 'owner@acme.test',
      cardName: 'Ada <b>Lovelace</b>',
      lead: {
        name: '<img src=x onerror=alert(1)>\r\nBcc: victim@example.test',
        email: 'bob@example.test',
        note: 'Call me "soon" & <script>x</script>',
      },
      appUrl: 'https://app.test/builder',
    });
    expect(mail.to).toBe('owner@acme.test');
    expect(mail.message.subject).not.toMatch(/[\r\n]/);
    expect(mail.message.subject).toBe(
      'New lead on Ada <b>Lovelace</b>: <img src=x onerror=alert(1)> Bcc: victim@example.test',
    );
    expect(mail.message.html).not.toContain('<img');
    expect(mail.message.html).not.toContain('<script>');
    expect(mail.message.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.message.html).toContain(
      'Call me &quot;soon&quot; &amp; &lt;script&gt;x&lt;/script&gt;',
    );
    expect(mail.message.html).toContain('New lead on Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail.message.html).toContain('href="https://app.test/builder"');
    expect(mail.message.text).toContain('E-mail: bob@example.test');
    expect(mail.message.text).toContain('Note: Call me "soon" & <script>x</script>');
    expect(mail.message.text).toContain('https://app.test/builder');
  });

  it('leaves out the fields the visitor did not give', () => {
    const mail = leadMail({
      to: 'owner@acme.test',
      cardName: 'Ada',
      lead: { email: 'bob@example.test' },
      appUrl: 'https://app.test/builder',
    });
    expect(mail.message.subject).toBe('New lead on Ada: bob@example.test');
    expect(mail.message.text).not.toContain('Name:');
    expect(mail.message.html).not.toContain('>Phone<');
  });
});
