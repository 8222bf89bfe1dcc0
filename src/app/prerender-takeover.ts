/**
 * Keeps what a visitor did on a pre-rendered page (scripts/prerender.ts) before the app took it
 * over. The app renders the page afresh, with empty fields: the text typed into the static fields
 * until the app's first commit is typed again into the app's, through the events React listens
 * to, so the app's state holds it too; then the buttons clicked meanwhile (held by the page's own
 * script) are clicked again, in order, and the text is typed into any field those clicks brought
 * up. Fields are matched by kind (an e-mail field to the e-mail field) and order among that kind,
 * so text survives a click that changed which form shows.
 */
import { flushSync } from 'react-dom';
import { HELD_CLICKS } from './prerender-marker';

const FIELDS =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea';

type Field = HTMLInputElement | HTMLTextAreaElement;

export interface TypedState {
  /** The typed text by field key (kind and order among that kind). */
  readonly values: ReadonlyMap<string, string>;
  /** The key of the field that had the focus, or null. */
  readonly focused: string | null;
}

function keyed(container: HTMLElement): Map<string, Field> {
  const byKey = new Map<string, Field>();
  const seen = new Map<string, number>();
  for (const field of container.querySelectorAll<Field>(FIELDS)) {
    const kind = `${field.tagName}:${field.getAttribute('type') ?? 'text'}`;
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    byKey.set(`${kind}:${n}`, field);
  }
  return byKey;
}

function keyOf(fields: ReadonlyMap<string, Field>, target: EventTarget | null): string | null {
  for (const [key, field] of fields) if (field === target) return key;
  return null;
}

/**
 * Follows the pre-rendered page's fields while the app renders beside them, in slices between
 * which the visitor may go on typing; the returned function reads what they hold when the app's
 * first commit has replaced them (a field keeps its text once taken off the page), and which one
 * had the focus last.
 */
export function watchTyped(container: HTMLElement): () => TypedState {
  const fields = keyed(container);
  let focused = keyOf(fields, container.ownerDocument.activeElement);
  const onFocus = (event: FocusEvent) => {
    focused = keyOf(fields, event.target);
  };
  container.addEventListener('focusin', onFocus);
  return () => {
    container.removeEventListener('focusin', onFocus);
    const values = new Map<string, string>();
    for (const [key, field] of fields) if (field.value !== '') values.set(key, field.value);
    return { values, focused };
  };
}

/**
 * Types the captured text into the app's fields of the same kind; with `onlyEmpty`, only into
 * fields that are still empty (a second pass, for the fields a replayed click brought up).
 */
export function restoreTyped(container: HTMLElement, state: TypedState, onlyEmpty = false): void {
  const fields = keyed(container);
  for (const [key, value] of state.values) {
    const field = fields.get(key);
    if (!field || field.value === value || (onlyEmpty && field.value !== '')) continue;
    // React tracks the value it set; the prototype's setter makes the change one it sees.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (state.focused !== null) fields.get(state.focused)?.focus();
}

/** Clicks again, in order, the buttons the pre-rendered page held (by their order on the page). */
export function replayHeldClicks(container: HTMLElement): void {
  const held = (window as unknown as Record<string, unknown>)[HELD_CLICKS];
  if (!Array.isArray(held)) return;
  for (const index of held.splice(0)) {
    const button = typeof index === 'number' ? container.querySelectorAll('button')[index] : null;
    // Each click's update is rendered before the next (it may change which buttons show).
    if (button) flushSync(() => button.click());
  }
}
