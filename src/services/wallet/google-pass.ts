/**
 * The Google Wallet pass of a card: a save link whose JWT (RS256, signed with the configured
 * service account's key) carries a generic class and object built from the same contact fields as
 * the vCard and the Apple pass (`contact-fields.ts`). The object's id is the card's, so saving
 * again names the same pass; Google creates it only once, and updating a saved pass would need the
 * Wallet REST API, which this product does not call (README, "Wallet passes").
 */
import { importPKCS8, SignJWT } from 'jose';
import type { ContactFields } from '@/domain/contact-fields';
import type { GoogleWalletConfig } from './wallet-config';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The suffix of the one generic class every card's object belongs to. */
export const GOOGLE_CLASS_SUFFIX = 'cardbuilder_business_card';

export interface GooglePassInput {
  readonly cardId: string;
  readonly contact: ContactFields;
  readonly trackedUrl: string;
  /** The card's accent colour (`#rrggbb`). */
  readonly accent: string;
  /** An https address of the photo or logo (Google fetches it; data and local addresses are not). */
  readonly imageUrl?: string | null;
  /** Origins allowed to show the save button (the card host's). */
  readonly origins: readonly string[];
}

function text(value: string) {
  return { defaultValue: { language: 'en', value } };
}

/** An id part Google accepts (letters, digits, `.`, `_`, `-`). */
function idPart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The JWT's claims (exported for tests): `typ: savetowallet`, one generic class and object; web
 * addresses go in the links module, where they open, the other contact fields in text modules.
 */
export function googlePassClaims(input: GooglePassInput, config: GoogleWalletConfig) {
  const { contact } = input;
  const classId = `${config.issuerId}.${GOOGLE_CLASS_SUFFIX}`;
  const image = input.imageUrl ? { sourceUri: { uri: input.imageUrl } } : null;
  const modules = [
    ...(contact.title ? [{ id: 'title', header: 'Title', body: contact.title }] : []),
    ...(contact.company ? [{ id: 'company', header: 'Company', body: contact.company }] : []),
    ...contact.fields
      .filter((f) => f.kind !== 'url')
      .map((f, i) => ({ id: `field-${i + 1}`, header: f.label, body: f.value })),
  ];
  return {
    aud: 'google',
    typ: 'savetowallet',
    origins: [...input.origins],
    payload: {
      genericClasses: [{ id: classId }],
      genericObjects: [
        {
          id: `${config.issuerId}.${idPart(input.cardId)}`,
          classId,
          state: 'ACTIVE',
          cardTitle: text(contact.company || 'Business card'),
          header: text(contact.name || 'Business card'),
          ...(contact.title ? { subheader: text(contact.title) } : {}),
          hexBackgroundColor: input.accent.toLowerCase(),
          ...(image ? { logo: image } : {}),
          barcode: { type: 'QR_CODE', value: input.trackedUrl, alternateText: '' },
          textModulesData: modules,
          linksModuleData: {
            uris: contact.fields
              .filter((f) => f.kind === 'url')
              .map((f, i) => ({ id: `link-${i + 1}`, uri: f.value, description: f.label })),
          },
        },
      ],
    },
  };
}

/** The signed "save to Google Wallet" address of a card. */
export async function googleSaveUrl(
  input: GooglePassInput,
  config: GoogleWalletConfig,
  now = new Date(),
): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'RS256');
  const jwt = await new SignJWT(googlePassClaims(input, config))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccountEmail)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
