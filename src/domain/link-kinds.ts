/**
 * The kinds of link a card or team offers, defined once: the name stored on the link (which
 * `safeLinkHref` reads to build the href), the keyboard its value field asks for, and a
 * placeholder for a person's card and for a team (a company's page). The placeholders are values
 * the kind's rule (./link-rules.ts) accepts. The importer maps CSV columns to some of these kinds.
 */

/**
 * Values each kind's rule accepts, shown as placeholders and in the rules' messages. Defined here,
 * not in ./link-rules.ts, so that a screen can show the kinds without loading the phone-number
 * library the rules need.
 */
export const PHONE_EXAMPLE = '+44 20 7946 0958';
export const EMAIL_EXAMPLE = 'name@company.com';
export const WEB_EXAMPLE = 'https://company.com';

export type LinkInputMode = 'tel' | 'email' | 'url' | 'text';

/** Whose link it is: a person's card or a team's shared links. */
export type LinkOwner = 'person' | 'team';

export interface LinkKindInfo {
  /** Stored as the link's name; safeLinkHref reads it to build the href. */
  name: string;
  inputMode: LinkInputMode;
  placeholder: Readonly<Record<LinkOwner, string>>;
}

function kind(name: string, inputMode: LinkInputMode, person: string, team = person): LinkKindInfo {
  return { name, inputMode, placeholder: { person, team } };
}

export const LINK_KINDS: readonly LinkKindInfo[] = [
  kind('Phone', 'tel', PHONE_EXAMPLE),
  kind('SMS', 'tel', PHONE_EXAMPLE),
  kind('Email', 'email', EMAIL_EXAMPLE, 'hello@company.com'),
  kind('Website', 'url', WEB_EXAMPLE),
  kind(
    'LinkedIn',
    'url',
    'https://www.linkedin.com/in/your-name',
    'https://www.linkedin.com/company/name',
  ),
  kind('Instagram', 'text', '@yourname', '@company'),
  kind('X', 'text', '@yourname', '@company'),
  kind('Facebook', 'url', 'https://www.facebook.com/yourpage', 'https://www.facebook.com/company'),
  kind('TikTok', 'text', '@yourname', '@company'),
  kind('YouTube', 'text', '@yourchannel', '@company'),
  kind('WhatsApp', 'tel', PHONE_EXAMPLE),
  kind('Address', 'text', '1 Main Street, Springfield'),
  kind('Custom', 'url', 'https://…'),
];

/** The kind a link's name names (case and spaces aside); an unknown name gets a plain text field. */
export function linkKind(name: string): LinkKindInfo {
  return (
    LINK_KINDS.find((k) => k.name.toLowerCase() === name.trim().toLowerCase()) ??
    kind(name, 'text', 'https://…')
  );
}
