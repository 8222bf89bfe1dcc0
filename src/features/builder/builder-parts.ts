/**
 * The builder's parts that the first screen does not show, each in a chunk of its own: the
 * editor's tabs after Profile and the duplicate dialog (with the handle rules and the slug
 * tables). The editor starts both once it is on screen.
 */
import { lazyPart } from './lazy-part';

export const editorTabs = lazyPart(() => import('./components/editor-tabs'));

export const duplicateDialog = lazyPart(() => import('./components/duplicate-dialog'));

/** Starts every part's download; resolves once all are in (tests wait for it). */
export function preloadBuilderParts(): Promise<unknown> {
  return Promise.all([editorTabs.preload(), duplicateDialog.preload()]);
}
