/**
 * The kinds of team link offered, with the placeholder and keyboard of their value field; the
 * placeholders are values the kind's rule (src/domain/link-rules.ts) accepts.
 */
import { PHONE_EXAMPLE } from '../../domain/link-rules';

export interface LinkKind {
  name: string;
  placeholder: string;
  inputMode: 'tel' | 'email' | 'url' | 'text';
}

export const LINK_KINDS: readonly LinkKind[] = [
  { name: 'Phone', placeholder: PHONE_EXAMPLE, inputMode: 'tel' },
  { name: 'SMS', placeholder: PHONE_EXAMPLE, inputMode: 'tel' },
  { name: 'Email', placeholder: 'hello@company.com', inputMode: 'email' },
  { name: 'Website', placeholder: 'https://company.com', inputMode: 'url' },
  { name: 'LinkedIn', placeholder: 'https://www.linkedin.com/company/name', inputMode: 'url' },
  { name: 'Instagram', placeholder: '@company', inputMode: 'text' },
  { name: 'X', placeholder: '@company', inputMode: 'text' },
  { name: 'Facebook', placeholder: 'https://www.facebook.com/company', inputMode: 'url' },
  { name: 'TikTok', placeholder: '@company', inputMode: 'text' },
  { name: 'YouTube', placeholder: '@company', inputMode: 'text' },
  { name: 'WhatsApp', placeholder: PHONE_EXAMPLE, inputMode: 'tel' },
  { name: 'Address', placeholder: '1 Main Street, Springfield', inputMode: 'text' },
  { name: 'Custom', placeholder: 'https://…', inputMode: 'url' },
];

export function linkKind(name: string): LinkKind {
  return (
    LINK_KINDS.find((kind) => kind.name.toLowerCase() === name.trim().toLowerCase()) ?? {
      name,
      placeholder: 'https://…',
      inputMode: 'text',
    }
  );
}
