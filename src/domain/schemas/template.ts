/**
 * The template schema (docs/product.md §3: `templates/{id}`): a template the super admin adds to
 * the gallery beside the built-in ones (src/domain/card-templates.ts), with the card settings a
 * card copies when it picks it. firestore.rules' validTemplate() checks what is written; this
 * decodes what is read, for the builder's gallery and the brand kit alike.
 */
import * as z from 'zod/mini';
import type { CardTemplate, Template } from '../model';
import { flag, settingsGroup, storedMap, text } from './fields';

/** A stored template document, field by field; one without an order goes last in the gallery. */
export const storedTemplateSchema = storedMap({
  name: text,
  order: z.catch(z.number(), Number.MAX_SAFE_INTEGER),
  isArchived: flag,
  template: settingsGroup,
});

export type StoredTemplate = z.infer<typeof storedTemplateSchema>;

/** A stored template as a Template: the document id wins, and names one that has no name. */
export function templateFromDoc(id: string, data: unknown): Template {
  const { name, template, ...fields } = storedTemplateSchema.parse(data);
  return { ...fields, id, name: name || id, template: template as CardTemplate };
}
