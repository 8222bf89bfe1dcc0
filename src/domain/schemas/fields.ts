/**
 * The building blocks every document schema decodes stored data with. Stored documents may be
 * half-filled (imports, older cards, console edits), so decoding never throws: a wrong field falls
 * back to its default and the rest still reads; input is checked by strict schemas instead, in
 * each document's file. zod/mini keeps the builder's bundle small
 * (docs/decisions/009-one-schema-per-document.md).
 */
import * as z from 'zod/mini';

/** A string, or `''` when the stored value is not one. */
export const text = z.catch(z.string(), '');

/** A string when the stored value is one; absent otherwise. */
export const optionalText = z.catch(z.optional(z.string()), undefined);

/** `true` only when the stored value is exactly `true`. */
export const flag = z.catch(z.boolean(), false);

/** A finite number, or 0 when the stored value is not one. */
export const count = z.catch(z.number(), 0);

/** A finite number, or null when the stored value is not one. */
export const numberOrNull = z.catch(z.nullable(z.number()), null);

/** A string, or null when the stored value is not one. */
export const textOrNull = z.catch(z.nullable(z.string()), null);

/** A valid Date (drivers turn timestamps into Dates), or null. */
export const dateOrNull = z.catch(
  z.nullable(z.date().check(z.refine((d) => !Number.isNaN(d.getTime())))),
  null,
);

/** A valid Date when stored; absent otherwise. */
export const optionalDate = z.catch(
  z.optional(z.date().check(z.refine((d) => !Number.isNaN(d.getTime())))),
  undefined,
);

/**
 * A list whose entries are decoded with `entry`; an entry it refuses is dropped, and a value that is
 * not a list reads as an empty one.
 */
export function listOf<Entry extends z.core.$ZodType>(entry: Entry) {
  return z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((list) =>
      list.flatMap((item): z.output<Entry>[] => {
        const parsed = z.safeParse(entry, item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
}

/** A list of strings: anything else in the list is dropped; a non-list is absent. */
export const optionalStringList = z.catch(
  z.optional(
    z.pipe(
      z.array(z.unknown()),
      z.transform((list) => list.filter((item): item is string => typeof item === 'string')),
    ),
  ),
  undefined,
);

export type SettingValue = string | boolean | SettingsGroup;
export interface SettingsGroup {
  [key: string]: SettingValue;
}

function settingsOf(value: unknown): SettingsGroup {
  const out: SettingsGroup = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' || typeof field === 'boolean') out[key] = field;
    else if (typeof field === 'object' && field !== null && !Array.isArray(field)) {
      out[key] = settingsOf(field);
    }
  }
  return out;
}

/**
 * A settings group (template, appForm, signatureBasic, appShare...): its string and boolean fields
 * and nested groups of them. Keys the model does not name are kept (the team sync writes some), so a
 * save writes back what it read; values of any other type are dropped.
 */
export const settingsGroup = z.pipe(
  z.catch(z.record(z.string(), z.unknown()), {}),
  z.transform((group: Record<string, unknown>) => settingsOf(group)),
);

/** A settings group that may be cleared: `null` when stored as null, missing or not a map. */
export const settingsGroupOrNull = z.pipe(
  z.catch(z.nullable(z.record(z.string(), z.unknown())), null),
  z.transform((group: Record<string, unknown> | null) =>
    group === null ? null : settingsOf(group),
  ),
);

/** Drops the keys whose value is `undefined` (Firestore refuses them; optional fields are absent). */
export function withoutUndefined<T extends object>(
  value: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = field;
  return out as { [K in keyof T]: Exclude<T[K], undefined> };
}

/**
 * A stored map decoded field by field with `shape` (each field with its own fallback); a value
 * that is not a map reads as an empty one, so every field takes its default.
 */
export function storedMap<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.pipe(z.catch(z.record(z.string(), z.unknown()), {}), z.object(shape));
}

/**
 * The fields `mask` names of a `storedMap` document schema, decoded alone with that schema's own
 * definitions and fallbacks, for code that reads a few fields of many documents (a scan of every
 * card). A value that is not a map reads as an empty one, as with `storedMap`, but without its
 * pass over every key of the document, which costs many times the picked fields' own decoding.
 */
export function storedPick<
  Fields extends z.ZodMiniObject,
  Mask extends z.core.util.Mask<keyof Fields['shape']>,
>(
  schema: z.ZodMiniPipe<z.core.$ZodType, Fields>,
  mask: Mask & Record<Exclude<keyof Mask, keyof Fields['shape']>, never>,
) {
  const fields = z.pick(schema.def.out, mask);
  // Every field catches its own error, so only a value that is no object fails the whole.
  return z.catch(fields, () => fields.parse({}));
}
