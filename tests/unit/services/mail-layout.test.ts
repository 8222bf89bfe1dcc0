/** The product's e-mail layout: every value escaped in the HTML part, the text part plain. */
import { describe, expect, it } from 'vitest';
import { renderMail } from '@/services/mail-layout';

describe('the e-mail layout', () => {
  it('escapes every value in the HTML part and keeps the text part plain', () => {
    const mail = renderMail({
      subject: 'Hi <x>\r\nBcc: a@b.c',
      heading: '<script>alert(1)</script>',
      paragraphs: [['Plan ', { strong: '"Pro" & <b>' }, ' ready.']],
      action: { label: 'Open', url: 'javascript:alert(1)' },
    });
    expect(mail.subject).toBe('Hi <x> Bcc: a@b.c');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('<strong>&quot;Pro&quot; &amp; &lt;b&gt;</strong>');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).toContain('Plan "Pro" & <b> ready.');
  });
});
