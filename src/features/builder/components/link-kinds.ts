/**
 * The kinds of link a card offers (the palette), with the hint each value field shows. The
 * placeholders are values the kind's rule (src/domain/link-rules.ts) accepts.
 */
import { EMAIL_EXAMPLE, PHONE_EXAMPLE, WEB_EXAMPLE } from '../../../domain/link-rules';

export interface LinkKindInfo {
  /** Stored as the link's name; safeLinkHref reads it to build the href. */
  name: string;
  placeholder: string;
  inputMode: 'tel' | 'email' | 'url' | 'text';
}

export const LINK_KINDS: readonly LinkKindInfo[] = [
  { name: 'Phone', placeholder: PHONE_EXAMPLE, inputMode: 'tel' },
  { name: 'SMS', placeholder: PHONE_EXAMPLE, inputMode: 'tel' },
  { name: 'Email', placeholder: EMAIL_EXAMPLE, inputMode: 'email' },
  { name: 'Website', placeholder: WEB_EXAMPLE, inputMode: 'url' },
  { name: 'LinkedIn', placeholder: 'https://www.linkedin.com/in/your-name', inputMode: 'url' },
  { name: 'Instagram', placeholder: '@yourname', inputMode: 'text' },
  { name: 'X', placeholder: '@yourname', inputMode: 'text' },
  { name: 'Facebook', placeholder: 'https://www.facebook.com/yourpage', inputMode: 'url' },
  { name: 'TikTok', placeholder: '@yourname', inputMode: 'text' },
  { name: 'YouTube', placeholder: '@yourchannel', inputMode: 'text' },
  { name: 'WhatsApp', placeholder: PHONE_EXAMPLE, inputMode: 'tel' },
  { name: 'Address', placeholder: '1 Main Street, Springfield', inputMode: 'text' },
  { name: 'Custom', placeholder: 'https://…', inputMode: 'url' },
];

export function linkKind(name: string): LinkKindInfo {
  return (
    LINK_KINDS.find((kind) => kind.name.toLowerCase() === name.trim().toLowerCase()) ?? {
      name,
      placeholder: 'https://…',
      inputMode: 'text',
    }
  );
}
