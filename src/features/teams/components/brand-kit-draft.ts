/**
 * The brand kit being edited, as plain functions the panel, its sections and its preview share:
 * the gradient choices, how an edit of a template or signature group is stored (unset values are
 * dropped), the check run before saving, and the sample card the live preview draws with the
 * unsaved values applied exactly as the team sync will apply them to the team's cards.
 */
import { SAMPLE_LINKS } from '@/domain/card-templates';
import { applyBranding, type TeamBranding } from '@/domain/team-sync-plan';
import { safeHexColor } from '@/domain/colors';
import { isLibraryUrl } from '@/ui/image-library';
import type { Card, CardTemplate, Template } from '@/domain/model';

export const GRADIENTS: readonly { label: string; value: string }[] = [
  { label: 'None', value: '' },
  { label: 'Indigo dusk', value: 'linear-gradient(135deg, #4f46e5, #0f172a)' },
  { label: 'Sunrise', value: 'linear-gradient(135deg, #f59e0b, #db2777)' },
  { label: 'Ocean', value: 'linear-gradient(135deg, #0ea5e9, #1e3a8a)' },
  { label: 'Forest', value: 'linear-gradient(135deg, #16a34a, #064e3b)' },
];

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Drops unset values ('', false, undefined); an empty group is no group (null). */
export function compact<T>(group: object): T | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(group)) {
    if (value !== undefined && value !== '' && value !== false) out[key] = value;
  }
  return Object.keys(out).length === 0 ? null : (out as T);
}

/**
 * The team template after picking a card template (`id`, '' for "Each card decides"): the picked
 * template's look is copied in, as the builder does for a card, since cards draw with those values
 * and not with the template's id. A person's photo is never copied, and an accent colour the team
 * already set is kept rather than silently swapped.
 */
export function withPickedTemplate(
  current: CardTemplate | null,
  id: string,
  templates: readonly Template[],
): CardTemplate | null {
  const picked = templates.find((t) => t.id === id);
  if (id === '' || picked === undefined) {
    return compact<CardTemplate>({ ...(current ?? {}), templateId: id });
  }
  const { photoAvatar: _photo, templateId: _id, ...look } = picked.template;
  const accent = current?.accentColor ?? '';
  return compact<CardTemplate>({
    ...(current ?? {}),
    ...look,
    templateId: id,
    ...(isColour(accent) ? { accentColor: accent } : {}),
  });
}

function isColour(value: string): boolean {
  return safeHexColor(value, '') !== '';
}

/** Why the draft cannot be saved as it is, or null when it can. */
export function brandKitProblem(draft: TeamBranding): string | null {
  const colours = [draft.photoBgOverlay, draft.template?.accentColor ?? ''];
  if (colours.some((c) => c !== '' && !isColour(c))) return 'Please use colours like #4f46e5.';
  for (const url of [draft.photoBgStock, draft.photoBgAbstract]) {
    // The bundled library's files are the app's own, on whatever origin it runs (http locally).
    if (url !== '' && !isLibraryUrl(url, window.location.origin) && !/^https:\/\/\S+$/i.test(url)) {
      return 'Background addresses must start with https://';
    }
  }
  return null;
}

/**
 * The card the preview shows when the team has none yet: a made-up colleague with a few links, so
 * the colours, button style and cover have something to show on.
 */
export function demoCard(input: { accountId: string; teamId: string; company: string }): Card {
  return {
    id: 'brand-kit-preview',
    handle: 'brand-kit-preview',
    handleAllowIndex: false,
    name: 'Sam Example',
    title: 'Account manager',
    company: input.company,
    accountId: input.accountId,
    teamId: input.teamId,
    isArchived: false,
    contacts: SAMPLE_LINKS.slice(0, 3),
    appForm: {},
    template: {},
    signatureBasic: {},
    appShare: {},
  };
}

/** The sample card with the draft branding applied, as the team sync would write it. */
export function previewCard(sample: Card, draft: TeamBranding): Card {
  const branded = applyBranding(
    {
      template: sample.template ?? {},
      signatureBasic: sample.signatureBasic ?? {},
      teamStyles: sample.teamStyles,
    },
    draft,
  );
  return {
    ...sample,
    template: branded.template,
    signatureBasic: branded.signatureBasic,
    teamStyles: branded.teamStyles,
  };
}
