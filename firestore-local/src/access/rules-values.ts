/**
 * Stored values as the rules engine sees them: the port's data (null, booleans, numbers, strings,
 * `Date`, lists, maps and the value classes: document references, geopoints, bytes) turned into
 * the engine's plain input. Numbers stay numbers (the engine reads an integral value as `int`, as
 * Firestore's SDKs store it); a reference becomes a path, as `resource.data.price` is in rules.
 */
import type { DocData } from 'firestore-engine/document';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
import {
  RulesBytes,
  RulesDocRef,
  RulesLatLng,
  type PlainDoc,
  type PlainValue,
} from '../rules/ruleset';

export function toRulesValue(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
      return value;
    default:
      break;
  }
  if (value instanceof Date) return value;
  if (value instanceof DocumentRef) return new RulesDocRef(value.path);
  if (value instanceof GeoPoint) return new RulesLatLng(value.latitude, value.longitude);
  if (value instanceof Bytes) return new RulesBytes(value.toUint8Array());
  if (Array.isArray(value)) return value.map(toRulesValue);
  if (typeof value === 'object') {
    const out: { [key: string]: PlainValue } = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (inner !== undefined) out[key] = toRulesValue(inner);
    }
    return out;
  }
  return null;
}

export function toRulesDoc(data: DocData | null): PlainDoc | null {
  return data === null ? null : (toRulesValue(data) as PlainDoc);
}
