/**
 * Access cases of files (storage.rules / canWriteFile), run against the local server's file
 * store.
 */
import type { Actor, CaseEnv } from './shared';

/** Files (storage.rules / canWriteFile), run against the local server's file store. */
export interface FileCase {
  name: string;
  as: Actor;
  path: (env: CaseEnv) => string;
  contentType: string;
  allowed: boolean;
}

export const FILE_CASES: readonly FileCase[] = [
  {
    name: 'owner uploads a photo under own user folder',
    as: 'owner',
    path: (e) => `users/${e.me}/profile/photo.png`,
    contentType: 'image/png',
    allowed: true,
  },
  {
    name: "owner uploads under another user's folder",
    as: 'owner',
    path: (e) => `users/${e.ids.uid.collaborator}/profile/photo.png`,
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'owner uploads a logo for account A',
    as: 'owner',
    path: () => 'accounts/acc-a/teams/team-a1/logo.png',
    contentType: 'image/png',
    allowed: true,
  },
  {
    name: 'collaborator uploads a logo for account A',
    as: 'collaborator',
    path: () => 'accounts/acc-a/logo.webp',
    contentType: 'image/webp',
    allowed: true,
  },
  {
    name: 'super admin uploads for account B',
    as: 'superAdmin',
    path: () => 'accounts/acc-b/logo.jpg',
    contentType: 'image/jpeg',
    allowed: true,
  },
  {
    name: 'otherOwner uploads for account A',
    as: 'otherOwner',
    path: () => 'accounts/acc-a/logo.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'a visitor uploads anywhere',
    as: 'visitor',
    path: (e) => `users/${e.me}/x.png`,
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'owner uploads outside users/ and accounts/',
    as: 'owner',
    path: () => 'public/x.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'cardEditor uploads a card image for account A',
    as: 'cardEditor',
    path: () => 'accounts/acc-a/cards/card-a1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: true,
  },
  {
    name: 'cardEditor uploads a brand-kit logo for account A',
    as: 'cardEditor',
    path: () => 'accounts/acc-a/teams/team-a1/logo.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'cardEditor uploads a card image for account B',
    as: 'cardEditor',
    path: () => 'accounts/acc-b/cards/card-b1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: false,
  },
  // The deactivated account (docs/access.md, "Deactivated accounts"): its people upload nothing
  // there (their twins in account A above may), the super admin still may.
  {
    name: 'owner uploads a logo for the deactivated account',
    as: 'owner',
    path: () => 'accounts/acc-off/teams/team-off1/logo.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'collaborator uploads a card image for the deactivated account',
    as: 'collaborator',
    path: () => 'accounts/acc-off/cards/card-off1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'cardEditor uploads a card image for the deactivated account',
    as: 'cardEditor',
    path: () => 'accounts/acc-off/cards/card-off1/photoAvatar-1.png',
    contentType: 'image/png',
    allowed: false,
  },
  {
    name: 'super admin uploads a logo for the deactivated account',
    as: 'superAdmin',
    path: () => 'accounts/acc-off/teams/team-off1/logo.png',
    contentType: 'image/png',
    allowed: true,
  },
];
