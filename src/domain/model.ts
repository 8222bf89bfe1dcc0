/**
 * The entities of the product (docs/product.md §3) as the app stores them. Fields the spec does not
 * show but the access rules or the product need are marked "(added)"; docs/access.md lists them.
 */
import type { SsoConfig } from './sso';

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

export type UserId = Brand<string, 'UserId'>;
export type AccountId = Brand<string, 'AccountId'>;
export type TeamId = Brand<string, 'TeamId'>;
export type CardId = Brand<string, 'CardId'>;

export type SignInSource = 'password' | 'google.com' | 'emailLink';

export interface User {
  id: string;
  source: SignInSource | string;
  email: string;
  displayName: string;
  photoURL: string;
  acceptedTOC: Date;
  dateCreated: Date;
  isAccountOwner: boolean;
  affiliate?: string | null;
  accountId?: string;
  isSuperAdmin?: boolean;
  defaultTeam?: string;
  teams?: string[];
  /**
   * (added) the card an employee claimed with a seat invitation, written by the server's
   * acceptInvite (docs/access.md, "Employee seats"); the app opens it at /my-card.
   */
  cardSeat?: { accountId: string; cardId: string };
  /** (added) when the person last opened the app signed in, to the half day (src/domain/last-sign-in.ts). */
  lastSignInAt?: Date;
}

export type PlanType = 'corporate' | 'growth' | 'free' | string;

export interface Plan {
  type: PlanType;
  isPaidAccount: boolean;
  cardLimit: number;
  compCards: number;
  cardsInUse: number;
  trialEndDate?: Date | null;
}

export interface Account {
  id: string;
  name: string;
  isActive: boolean;
  dateUpdated: Date;
  directory: { slug: string; enabled?: boolean };
  plan: Plan;
  /** (added) the user who created the account, or a collaborator who accepted it (ownership.ts). */
  ownerId: string;
  /** (added) user ids who may edit the account's cards and teams besides the owner. */
  collaborators?: string[];
  /** (added) user ids of card editors: they edit the account's cards only (docs/access.md). */
  editors?: string[];
  /** (added) the owner's open offer to hand the account to a collaborator (src/domain/ownership.ts). */
  ownershipOffer?: OwnershipOffer;
  /** (added) company sign-in: the identity provider, its domains, whether required (src/domain/sso.ts). */
  sso?: SsoConfig;
}

export interface OwnershipOffer {
  /** The collaborator it is offered to. */
  to: string;
  /** The owner who offered it. */
  by: string;
  at: Date | null;
}

export interface BulkSync {
  syncTeamLinks?: boolean;
  syncBranding?: boolean;
}

export interface Link {
  id: string;
  /** The kind of link, shown as its default label: Phone, Email, Website, LinkedIn... */
  name: string;
  label: string;
  value: string;
  isTeamLink?: boolean;
  /** Switched off by the owner: not shown anywhere visitors look (see domain/link-schedule.ts). */
  hidden?: boolean;
  /** ISO instant from which the link is shown. */
  startsAt?: string;
  /** ISO instant from which the link is no longer shown. */
  endsAt?: string;
}

export type AvatarShape = 'square' | 'slightlyRounded' | 'rounded' | 'circle';
export type ButtonStyle = 'fill' | 'outline' | 'ghost';
export type LogoSize = 'small' | 'medium' | 'large' | 'default';
export type BackgroundSource = 'abstract' | 'stock' | 'own';

export const AVATAR_SHAPES: readonly AvatarShape[] = [
  'square',
  'slightlyRounded',
  'rounded',
  'circle',
];
export const BUTTON_STYLES: readonly ButtonStyle[] = ['fill', 'outline', 'ghost'];
export const LOGO_SIZES: Readonly<Record<LogoSize, string>> = {
  small: '150px',
  medium: '300px',
  large: '450px',
  default: '100%',
};
export const BACKGROUND_SOURCES: readonly BackgroundSource[] = ['abstract', 'stock', 'own'];

/**
 * How the card arranges its parts (domain/card-templates.ts). A card without one (every card
 * stored before layouts existed) is drawn `classic`, as it always was.
 */
export type CardLayout = 'classic' | 'split' | 'cover' | 'minimal' | 'banner' | 'compact';
export const CARD_LAYOUTS: readonly CardLayout[] = [
  'classic',
  'split',
  'cover',
  'minimal',
  'banner',
  'compact',
];

/**
 * The card's type face: system font stacks only, so the public page needs no font download and
 * stays one small response.
 */
export type CardFont = 'sans' | 'serif' | 'rounded' | 'mono';
export const CARD_FONTS: readonly CardFont[] = ['sans', 'serif', 'rounded', 'mono'];

/** A card's look. Every field optional: a missing one falls back to the template's default. */
export interface CardTemplate {
  templateId?: string;
  /** (added) the arrangement of the card's parts; none means `classic`. */
  layout?: CardLayout;
  /** (added) the card's type face; none means the system sans-serif. */
  font?: CardFont;
  accentColor?: string;
  backgroundColor?: string;
  textColor?: string;
  buttonStyle?: ButtonStyle;
  avatarShape?: AvatarShape;
  logoSize?: LogoSize;
  backgroundSource?: BackgroundSource;
  photoAvatar?: string;
  photoBg?: string;
  photoLogo?: string;
  hideBranding?: boolean;
  disclaimer?: string;
}

export interface SignatureBasic {
  enabled?: boolean;
  includePhoto?: boolean;
  includeLogo?: boolean;
  photoSignatureLogo?: string;
  disclaimer?: string;
}

export interface AppForm {
  enabled?: boolean;
  /** Which fields visitors are asked for. */
  fields?: { name?: boolean; email?: boolean; phone?: boolean; company?: boolean; note?: boolean };
  title?: string;
  /** Whether each new lead is e-mailed to the card's owner (on unless false). */
  notifyOwner?: boolean;
  /**
   * (added) The wording of the consent checkbox under the form; none when empty. The server stores
   * it with each lead (docs/lead-webhooks.md, "Consent").
   */
  consentText?: string;
}

export interface AppShare {
  title?: string;
  description?: string;
  ogImage?: string;
}

export interface Card {
  id: string;
  handle: string;
  handleAllowIndex: boolean;
  name: string;
  title: string;
  accountId: string;
  isArchived: boolean;
  contacts: Link[];
  appForm: AppForm;
  template: CardTemplate;
  signatureBasic: SignatureBasic;
  appShare: AppShare;
  /** (added) the team the card belongs to. */
  teamId?: string;
  /** (added) the user who created the card. */
  ownerId?: string;
  /** (added) the employee who claimed the card (a seat; written by the server only). */
  claimedBy?: string;
  /** (added) company shown on the card and in the vCard. */
  company?: string;
  /** (added) e-mail of the person the card is for (the member key's e-mail part). */
  email?: string;
  bulkSync?: BulkSync;
  /**
   * (added) the style keys the team's brand kit sets on this card (`template.accentColor`,
   * `signatureBasic.disclaimer`, ...), written by the team sync; the builder marks them.
   */
  teamStyles?: string[];
  dateCreated?: Date;
  dateUpdated?: Date;
}

export interface BrandKit {
  photoBg: string;
  photoLogo: string;
  photoBgStock: string;
  photoBgOverlay: string;
  photoBgPriority: string;
  photoBgGradient: string;
  photoBgAbstract: string;
  photoAvatarShape: string;
  photoSignatureLogo: string;
}

export const EMPTY_BRAND_KIT: Readonly<BrandKit> = {
  photoBg: '',
  photoLogo: '',
  photoBgStock: '',
  photoBgOverlay: '',
  photoBgPriority: '',
  photoBgGradient: '',
  photoBgAbstract: '',
  photoAvatarShape: '',
  photoSignatureLogo: '',
};

export interface Team extends BrandKit {
  id: string;
  name: string;
  isArchived: boolean;
  accountId: string;
  bulkSync: BulkSync;
  links: Link[];
  template: CardTemplate | null;
  signatureBasic: SignatureBasic | null;
  dateTemplateUpdated?: Date | null;
}

export type PromotionStatus = 'draft' | 'live' | string;

export interface Promotion {
  id: string;
  teamId: string;
  isArchived: boolean;
  status?: PromotionStatus;
  isScheduled?: boolean;
  startDate?: Date | null;
  endDate?: Date | null;
  /** (added) what the promotion shows on the public page. */
  title?: string;
  body?: string;
  url?: string;
}

export interface Template {
  id: string;
  name: string;
  order: number;
  isArchived: boolean;
  template: CardTemplate;
}

export interface Product {
  id: string;
  active: boolean;
  name: string;
  description?: string;
  stripe_metadata_showOnPricingTable?: string | boolean;
  stripe_metadata_cardLimit?: string | number;
  stripe_metadata_planType?: string;
  metadata?: Record<string, string>;
}

export interface Price {
  id: string;
  active: boolean;
  currency: string;
  unit_amount: number;
  interval?: 'month' | 'year' | string;
  type: 'one_time' | 'recurring';
  /** As Stripe's extension stores it: mostly text, `showOnPricingTable` text or a boolean. */
  metadata?: Record<string, unknown>;
  /** Days of free trial Stripe grants on a checkout of this price (the extension syncs it). */
  trial_period_days?: number | null;
}

export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused'
  | 'unpaid';

export interface MailMessage {
  to: string | string[];
  cc?: string | string[];
  message: { subject: string; html: string; text?: string };
}
