/**
 * What a person typed into a form, kept for this browser tab until the form is done with it.
 *
 * A form's own `useState` dies with the component, and routes remount their page more often than
 * it looks: a sign-in that completes while the next page is open sends the router through a
 * redirect and back, which mounts the page afresh. Text typed in between was wiped, so a person
 * (or an e2e journey) who typed right after the page opened found the field empty. Drafts live in
 * session storage under the form's key, written on every keystroke, so a remount (or a reload)
 * reads them back. A form that fills fields from data arriving later must fill only fields not yet
 * touched (`isTouched`), never over what the person typed. Passwords do not belong in a draft.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

type DraftValues = Record<string, string>;

interface StoredDraft<T extends DraftValues> {
  values: T;
  touched: (keyof T & string)[];
}

export interface FormDraft<T extends DraftValues> {
  values: T;
  /** True once the person has typed into the field (survives a remount like the value). */
  isTouched: (field: keyof T & string) => boolean;
  /** The person typed: keep the value and mark the field touched. */
  set: (field: keyof T & string, value: string) => void;
  /** The form is done (submitted, abandoned on purpose): forget the draft. */
  clear: () => void;
}

const PREFIX = 'cardbuilder.draft.';

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

function read<T extends DraftValues>(key: string, initial: T): StoredDraft<T> {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return { values: initial, touched: [] };
    const parsed = JSON.parse(raw) as Partial<StoredDraft<T>>;
    const values = { ...initial };
    const touched: (keyof T & string)[] = [];
    // Only the form's own fields, only strings: a stale or foreign entry must not break the form.
    for (const field of Object.keys(initial) as (keyof T & string)[]) {
      const value = parsed.values?.[field];
      if (typeof value === 'string') values[field] = value as T[keyof T & string];
      if (parsed.touched?.includes(field)) touched.push(field);
    }
    return { values, touched };
  } catch {
    return { values: initial, touched: [] };
  }
}

function write<T extends DraftValues>(key: string, draft: StoredDraft<T>): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft lives as long as the component, as before.
  }
}

/**
 * The form's fields, restored from this tab's draft under `key` (one key per form and person:
 * two people in one tab must not see each other's drafts).
 */
export function useFormDraft<T extends DraftValues>(key: string, initial: T): FormDraft<T> {
  const [draft, setDraft] = useState<StoredDraft<T> & { key: string }>(() => ({
    key,
    ...read(key, initial),
  }));
  // The key changed (another person signed in): that person's draft, not the previous one's.
  let current = draft;
  if (draft.key !== key) {
    current = { key, ...read(key, initial) };
    setDraft(current);
  }

  // The draft as last rendered or set; `set` writes to storage at once, in the event that typed.
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });

  // A route's next page renders in a transition while the previous one is still on screen, so a
  // keystroke can reach the old page after the new one read the draft and before it shows. Read
  // the draft again once this form is on screen (and when the person changes), and keep what
  // arrived in between.
  const initialRef = useRef(initial);
  useLayoutEffect(() => {
    const stored = read(key, initialRef.current);
    const shown = latest.current;
    if (JSON.stringify(stored) === JSON.stringify({ values: shown.values, touched: shown.touched }))
      return;
    const next = { key, ...stored };
    latest.current = next;
    setDraft(next);
  }, [key]);

  const set = useCallback((field: keyof T & string, value: string) => {
    const prev = latest.current;
    const next = {
      key: prev.key,
      values: { ...prev.values, [field]: value },
      touched: prev.touched.includes(field) ? prev.touched : [...prev.touched, field],
    };
    latest.current = next;
    write(prev.key, next);
    setDraft(next);
  }, []);

  const clear = useCallback(() => {
    try {
      storage()?.removeItem(PREFIX + current.key);
    } catch {
      // Nothing kept, nothing to forget.
    }
  }, [current.key]);

  const touched = current.touched;
  const isTouched = useCallback((field: keyof T & string) => touched.includes(field), [touched]);

  return { values: current.values, isTouched, set, clear };
}
