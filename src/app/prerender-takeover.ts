/**
 * Keeps what a visitor typed into a pre-rendered page (scripts/prerender.ts) when the app takes it
 * over: the app renders the page afresh, with empty fields, so the text typed while its script
 * loaded is read from the static fields first and typed again into the app's, through the events
 * React listens to, so the app's state holds it too. Fields are matched by their order on the page,
 * which is the same markup in both. Buttons clicked meanwhile (held by the page's own script, see
 * scripts/prerender.ts) are clicked again, in order, on the app's page.
 */
import { HELD_CLICKS } from './prerender-marker';

const FIELDS =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea';

export interface TypedState {
  readonly values: readonly string[];
  /** The index of the field that had the focus, or -1. */
  readonly focused: number;
}

function fieldsOf(container: HTMLElement): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELDS)];
}

export function captureTyped(container: HTMLElement): TypedState {
  const fields = fieldsOf(container);
  const active = container.ownerDocument.activeElement;
  return {
    values: fields.map((field) => field.value),
    focused: fields.findIndex((field) => field === active),
  };
}

/** Types the captured text into the app's fields (when the page has the same fields). */
export function restoreTyped(container: HTMLElement, state: TypedState): void {
  const fields = fieldsOf(container);
  if (fields.length !== state.values.length) return;
  fields.forEach((field, index) => {
    const value = state.values[index] ?? '';
    if (value === '' || field.value === value) return;
    // React tracks the value it set; the prototype's setter makes the change one it sees.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  if (state.focused >= 0) fields[state.focused]?.focus();
}

/** Clicks again, in order, the buttons the pre-rendered page held (by their order on the page). */
export function replayHeldClicks(container: HTMLElement): void {
  const held = (window as unknown as Record<string, unknown>)[HELD_CLICKS];
  if (!Array.isArray(held)) return;
  const buttons = container.querySelectorAll('button');
  for (const index of held.splice(0)) {
    if (typeof index === 'number' && index >= 0) buttons[index]?.click();
  }
}
