/**
 * Turning stored documents into the Card and Promotion shapes the public pages render. Public
 * pages read documents anybody may have half-filled (imports, old cards), so every field is checked
 * and defaulted here: a malformed card renders with what is valid instead of crashing the page.
 */
import type {
  AppForm,
  AppShare,
  Card,
  CardTemplate,
  Link,
  Promotion,
  SignatureBasic,
} from '../../domain/model';
import { linkScheduleOf } from '../../domain/link-schedule';

type Data = { readonly [field: string]: unknown };

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function optStr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function obj(value: unknown): Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Data)
    : {};
}

function date(value: unknown): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
}

/** Keeps only the string and boolean fields of a settings group (template, appForm...). */
function flat<T>(value: unknown): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(obj(value))) {
    if (typeof field === 'string' || typeof field === 'boolean') out[key] = field;
    else if (typeof field === 'object' && field !== null && !Array.isArray(field)) {
      out[key] = flat<Record<string, unknown>>(field);
    }
  }
  return out as T;
}

function toLink(value: unknown, index: number): Link | null {
  const data = obj(value);
  const linkValue = str(data.value);
  if (linkValue === '') return null;
  const link: Link = {
    id: str(data.id) || `link-${index}`,
    name: str(data.name),
    label: str(data.label),
    value: linkValue,
    ...linkScheduleOf(data),
  };
  if (data.isTeamLink === true) link.isTeamLink = true;
  return link;
}

/** A card document as a Card (the document id wins over a stored `id`). */
export function cardFromDoc(id: string, data: Data): Card {
  const card: Card = {
    id,
    handle: str(data.handle),
    handleAllowIndex: data.handleAllowIndex === true,
    name: str(data.name),
    title: str(data.title),
    accountId: str(data.accountId),
    isArchived: data.isArchived === true,
    contacts: Array.isArray(data.contacts)
      ? data.contacts.map(toLink).filter((link): link is Link => link !== null)
      : [],
    appForm: flat<AppForm>(data.appForm),
    template: flat<CardTemplate>(data.template),
    signatureBasic: flat<SignatureBasic>(data.signatureBasic),
    appShare: flat<AppShare>(data.appShare),
  };
  const teamId = optStr(data.teamId);
  if (teamId !== undefined) card.teamId = teamId;
  const company = optStr(data.company);
  if (company !== undefined) card.company = company;
  const ownerId = optStr(data.ownerId);
  if (ownerId !== undefined) card.ownerId = ownerId;
  const email = optStr(data.email);
  if (email !== undefined) card.email = email;
  return card;
}

/** A promotion document as a Promotion. */
export function promotionFromDoc(id: string, data: Data): Promotion {
  const promotion: Promotion = {
    id,
    teamId: str(data.teamId),
    isArchived: data.isArchived === true,
    isScheduled: data.isScheduled === true,
    startDate: date(data.startDate),
    endDate: date(data.endDate),
  };
  const status = optStr(data.status);
  if (status !== undefined) promotion.status = status;
  const title = optStr(data.title);
  if (title !== undefined) promotion.title = title;
  const body = optStr(data.body);
  if (body !== undefined) promotion.body = body;
  const url = optStr(data.url);
  if (url !== undefined) promotion.url = url;
  return promotion;
}
