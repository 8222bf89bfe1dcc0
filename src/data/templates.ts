/**
 * The templates repository: global card templates `templates/{id}` = { name, order, isArchived,
 * template } (docs/product.md §3). Archived templates are hidden (docs/product.md §4); the rest come in `order`.
 * The gallery is the product's built-in templates (domain/card-templates.ts) and the stored ones
 * added to them, so it is never empty on a project whose templates collection is.
 */
import { backend } from '../backend/current';
import type { ListenError, QueryDoc, Unsubscribe } from '../backend/port';
import { templateGallery } from '../domain/card-templates';
import type { Template } from '../domain/model';
import { templateFromDoc } from '../domain/schemas/template';

export const TEMPLATES = 'templates';

/** The most templates the gallery reads. */
export const TEMPLATE_LIST_LIMIT = 100;

/**
 * The gallery from the stored templates: the built-in ones and the non-archived stored ones with
 * other ids, by `order` (then name). Sorted here so no composite index is needed.
 */
export function sortTemplates(docs: readonly QueryDoc[]): Template[] {
  return templateGallery(docs.map((doc) => templateFromDoc(doc.id, doc.data)));
}

/** Follows the template gallery live. */
export function watchTemplates(
  next: (templates: Template[]) => void,
  error: (err: ListenError) => void,
): Unsubscribe {
  return backend().onQuery(
    {
      collection: TEMPLATES,
      where: [{ field: 'isArchived', op: '==', value: false }],
      limit: TEMPLATE_LIST_LIMIT,
    },
    (docs) => next(sortTemplates(docs)),
    error,
  );
}

/** Reads the template gallery once. */
export async function listTemplates(): Promise<Template[]> {
  const docs = await backend().query({
    collection: TEMPLATES,
    where: [{ field: 'isArchived', op: '==', value: false }],
    limit: TEMPLATE_LIST_LIMIT,
  });
  return sortTemplates(docs);
}
