/**
 * The Apple Wallet pass of a card: a generic `.pkpass` built and signed by passkit-generator with
 * the configured pass type certificate. Its QR carries the card's tracked link (`via=1`), so a
 * scan counts like one of the page's own QR codes, and its back lists the same contact fields as
 * the vCard (`contact-fields.ts`). Built afresh on each request, so a card's edit shows in the
 * next pass served.
 */
import { PKPass } from 'passkit-generator';
import { accessibleTextColor, parseHexColor } from '@/domain/colors';
import type { ContactField, ContactFields } from '@/domain/contact-fields';
import { solidPng } from './solid-png';
import type { AppleWalletConfig } from './wallet-config';

/** A PNG the pass may show (Wallet reads PNG only). */
export interface PassImage {
  readonly png: Buffer;
}

export interface ApplePassInput {
  /** Used as the pass's serial number: one pass per card, replaced when added again. */
  readonly cardId: string;
  readonly contact: ContactFields;
  /** The card's tracked link, encoded in the QR. */
  readonly trackedUrl: string;
  /** The card's accent colour (`#rrggbb`). */
  readonly accent: string;
  /** The profile photo, shown as the thumbnail. */
  readonly photo?: PassImage | null;
  /** The card's logo, shown top left. */
  readonly logo?: PassImage | null;
  /**
   * Where Wallet asks for updates of this pass (`webServiceURL`) and the pass's own secret it
   * proves itself with (`authenticationToken`; docs/wallet-updates.md). Absent: a pass that never
   * updates.
   */
  readonly webService?: { readonly url: string; readonly authenticationToken: string } | null;
}

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

function rgb(hex: string): string {
  const c = parseHexColor(hex) ?? { r: 79, g: 70, b: 229 };
  return `rgb(${c.r}, ${c.g}, ${c.b})`;
}

const DETECTORS: Readonly<Record<ContactField['kind'], string[]>> = {
  phone: ['PKDataDetectorTypePhoneNumber'],
  email: ['PKDataDetectorTypeLink'],
  address: ['PKDataDetectorTypeAddress'],
  url: ['PKDataDetectorTypeLink'],
};

/** The pass.json of a card (exported for tests and for the Google pass's field parity check). */
export function applePassJson(input: ApplePassInput, config: AppleWalletConfig): object {
  const { contact } = input;
  const foreground = accessibleTextColor(input.accent);
  const label = foreground === '#ffffff' ? 'rgb(235, 235, 245)' : 'rgb(60, 60, 67)';
  const field = (key: string, labelText: string, value: string) => ({
    key,
    label: labelText,
    value,
  });
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    serialNumber: input.cardId,
    organizationName: contact.company || contact.name || 'Cardbuilder',
    description: `Business card of ${contact.name || 'a Cardbuilder user'}`,
    ...(contact.company ? { logoText: contact.company } : {}),
    ...(input.webService
      ? {
          webServiceURL: input.webService.url,
          authenticationToken: input.webService.authenticationToken,
        }
      : {}),
    backgroundColor: rgb(input.accent),
    foregroundColor: rgb(foreground),
    labelColor: label,
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: input.trackedUrl,
        messageEncoding: 'iso-8859-1',
        altText: 'Scan to open the card',
      },
    ],
    generic: {
      primaryFields: [field('name', 'Name', contact.name)],
      secondaryFields: contact.title ? [field('title', 'Title', contact.title)] : [],
      auxiliaryFields: contact.company ? [field('company', 'Company', contact.company)] : [],
      backFields: contact.fields.map((f, i) => ({
        ...field(`field-${i + 1}`, f.label, f.value),
        dataDetectorTypes: DETECTORS[f.kind],
      })),
    },
  };
}

/** The signed `.pkpass` bytes of a card. */
export function buildApplePass(input: ApplePassInput, config: AppleWalletConfig): Buffer {
  const accent = parseHexColor(input.accent) ?? { r: 79, g: 70, b: 229 };
  const files: Record<string, Buffer> = {
    'pass.json': Buffer.from(JSON.stringify(applePassJson(input, config)), 'utf8'),
    // The icon is required; the lock screen and notifications show it (29 pt, @2x and @3x).
    'icon.png': solidPng(29, accent),
    'icon@2x.png': solidPng(58, accent),
    'icon@3x.png': solidPng(87, accent),
  };
  if (input.photo) files['thumbnail.png'] = input.photo.png;
  if (input.logo) files['logo.png'] = input.logo.png;
  const pass = new PKPass(files, {
    wwdr: config.wwdr,
    signerCert: config.signerCert,
    signerKey: config.signerKey,
    ...(config.signerKeyPassphrase !== undefined
      ? { signerKeyPassphrase: config.signerKeyPassphrase }
      : {}),
  });
  return pass.getAsBuffer();
}
