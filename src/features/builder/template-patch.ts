/**
 * What picking a template applies to a card. Apart from the Design tab, so that a new card can
 * start from its team's template without loading the tab's code (it loads with the other tabs).
 */
import type { CardTemplate } from '@/domain/model';

/** The id a card's template takes when it follows its team's template. */
export const TEAM_TEMPLATE_ID = 'team';

/** The template fields applied when a template is picked: all of its look but a person's photo. */
export function templatePatch(id: string, template: CardTemplate): Partial<CardTemplate> {
  const { photoAvatar: _photo, ...rest } = template;
  return { ...rest, templateId: id };
}
