/**
 * Stored values as the rules see them: a document reference is a path, a geopoint a latlng, bytes
 * are bytes, and a rule can compare them as Firestore's rules would.
 */
import { describe, expect, it } from 'vitest';
import { toRulesDoc } from 'firestore-local/access/rules-values';
import { parseRules } from 'firestore-local/rules/ruleset';
import { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';

const rules = parseRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /things/{id} {
      allow get: if resource.data.price == /databases/$(database)/documents/products/p1/prices/x
        && resource.data.where is latlng
        && resource.data.blob is bytes
        && resource.data.when is timestamp;
    }
  }
}
`,
  'test.rules',
);

function read(data: Record<string, unknown>): boolean {
  return rules.evaluateDocument({
    method: 'get',
    path: 'things/t1',
    auth: null,
    time: new Date(),
    resource: toRulesDoc(data),
    requestResource: null,
    reader: { get: () => null, getAfter: () => null },
  }).allowed;
}

describe('stored values in rules', () => {
  it('a reference, a geopoint, bytes and a date reach rules with their rules types', () => {
    const data = {
      price: new DocumentRef('products/p1/prices/x'),
      where: new GeoPoint(52.5, 13.4),
      blob: Bytes.fromUint8Array(new Uint8Array([1, 2, 3])),
      when: new Date(),
    };
    expect(read(data)).toBe(true);
    expect(read({ ...data, price: new DocumentRef('products/p1/prices/y') })).toBe(false);
    expect(read({ ...data, price: 'products/p1/prices/x' })).toBe(false);
  });
});
