/**
 * Where a scan in id order goes on after a page: the id a stored document names itself by (cards
 * and accounts do), or its document id when it names none.
 */
import { storedMap, text } from './fields';

/** The id a stored document names itself by; `''` when it names none. */
export const storedSelfIdSchema = storedMap({ id: text });

/** The cursor after `doc` in a scan ordered by the stored `id`. */
export function scanCursorOf(doc: { readonly id: string; readonly data: unknown }): string {
  return storedSelfIdSchema.parse(doc.data).id || doc.id;
}
