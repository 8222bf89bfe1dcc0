/**
 * Small line icons for the card's buttons, one per kind of link, drawn inline so the public page
 * needs no icon font or extra request. Paths after Feather Icons (MIT).
 */
import type { ReactElement } from 'react';
import { StrokeIcon } from './stroke-icon';

export type IconName =
  | 'phone'
  | 'email'
  | 'website'
  | 'linkedin'
  | 'instagram'
  | 'x'
  | 'facebook'
  | 'tiktok'
  | 'youtube'
  | 'message'
  | 'address'
  | 'link'
  | 'save'
  | 'share'
  | 'copy'
  | 'qr'
  | 'star';

const ALIASES: Readonly<Record<string, IconName>> = {
  phone: 'phone',
  mobile: 'phone',
  cell: 'phone',
  telephone: 'phone',
  reception: 'phone',
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  website: 'website',
  web: 'website',
  site: 'website',
  linkedin: 'linkedin',
  instagram: 'instagram',
  x: 'x',
  twitter: 'x',
  facebook: 'facebook',
  tiktok: 'tiktok',
  youtube: 'youtube',
  whatsapp: 'message',
  sms: 'message',
  text: 'message',
  address: 'address',
  location: 'address',
  map: 'address',
};

/** The icon for a link, from its kind (the link's `name`: Phone, Email, LinkedIn...). */
export function iconForLinkName(name: string): IconName {
  return ALIASES[name.trim().toLowerCase()] ?? 'link';
}

const PATHS: Readonly<Record<IconName, ReactElement>> = {
  phone: (
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8.1 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
  ),
  email: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 6-10 7L2 6" />
    </>
  ),
  website: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2z" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  x: <path d="M4 4l11.7 16H20L8.3 4zM4 20l6.8-6.8M20 4l-6.8 6.8" />,
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  tiktok: <path d="M14 3v11.5A3.5 3.5 0 1 1 10.5 11M14 3c.5 2.5 2.5 4.5 5 4.8" />,
  youtube: (
    <>
      <path d="M22.5 6.4a2.8 2.8 0 0 0-1.9-2C18.9 4 12 4 12 4s-6.9 0-8.6.5a2.8 2.8 0 0 0-2 2A29 29 0 0 0 1 11.8a29 29 0 0 0 .5 5.3A2.8 2.8 0 0 0 3.4 19c1.7.5 8.6.5 8.6.5s6.9 0 8.6-.5a2.8 2.8 0 0 0 1.9-2 29 29 0 0 0 .5-5.2 29 29 0 0 0-.5-5.4z" />
      <path d="m9.8 15 5.7-3.2-5.7-3.3z" />
    </>
  ),
  message: (
    <path d="M21 11.5a8.4 8.4 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.7a8.4 8.4 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.4 8.4 0 0 1 3.8-.9h.5a8.5 8.5 0 0 1 8 8z" />
  ),
  address: (
    <>
      <path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z" />
      <circle cx="12" cy="10" r="3" />
    </>
  ),
  link: (
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.8 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  ),
  save: (
    <>
      <path d="M16 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
      <circle cx="8.5" cy="7" r="4" />
      <path d="M20 8v6M23 11h-6" />
    </>
  ),
  share: <path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13" />,
  copy: (
    <>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </>
  ),
  qr: <path d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 14h1M14 20h1M17 17h4v4h-4z" />,
  star: <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />,
};

/** A link's icon on the card. */
export function LinkIcon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <StrokeIcon className="cb-icon" size={size}>
      {PATHS[name]}
    </StrokeIcon>
  );
}
