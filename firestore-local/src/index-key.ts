/**
 * Order-preserving byte keys for document values, so that an index in SQLite (which compares BLOBs
 * byte by byte) orders and matches values exactly as `compareValues` does: `Buffer.compare` of two
 * keys has the sign of `compareValues` of their values, and keys are equal exactly when values are
 * (NaN equals NaN, -0 equals 0, 1 equals 1.0). The field indexes (`./field-index.ts`) use them.
 */
import { type Bytes, type DocumentRef, type GeoPoint } from 'firestore-engine/value-types';
import { typeOrder, type Plain } from 'firestore-engine/values';

// Layout: one type byte in Firestore's type order, then the value. Numbers and dates are 8 bytes of
// an IEEE double flipped to sort as unsigned bytes (NaN first); strings are their UTF-16 units
// remapped to code-point order (surrogates after every other unit, as `compareStrings` says), as
// big-endian pairs with 0x00 escaped as 0x00 0xFF and a 0x00 terminator, so a prefix sorts first
// inside arrays and maps too; arrays and maps end with END, below every type byte and ENTRY mark.
const END = 0x01;
const ENTRY = 0x02;

/** The first byte of every key of this type rank (`typeOrder`). */
export function typeByte(rank: number): number {
  return 0x10 * (rank + 1);
}

function pushEscaped(out: number[], byte: number): void {
  out.push(byte);
  if (byte === 0) out.push(0xff);
}

function pushString(out: number[], text: string): void {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const mapped = unit < 0xd800 ? unit : unit > 0xdfff ? unit - 0x800 : unit + 0x2000;
    pushEscaped(out, mapped >> 8);
    pushEscaped(out, mapped & 0xff);
  }
  out.push(0);
}

const scratch = new DataView(new ArrayBuffer(8));

function pushNumber(out: number[], n: number): void {
  if (Number.isNaN(n)) {
    for (let i = 0; i < 8; i++) out.push(0);
    return;
  }
  scratch.setFloat64(0, n === 0 ? 0 : n);
  const negative = (scratch.getUint8(0) & 0x80) !== 0;
  for (let i = 0; i < 8; i++) {
    const byte = scratch.getUint8(i);
    out.push(negative ? ~byte & 0xff : i === 0 ? byte | 0x80 : byte);
  }
}

/** Compares map keys as `compareStrings` does (code-point order). */
function keyOrder(a: string, b: string): number {
  const x = Buffer.from(stringKey(a));
  const y = Buffer.from(stringKey(b));
  return Buffer.compare(x, y);
}

function stringKey(text: string): number[] {
  const out: number[] = [];
  pushString(out, text);
  return out;
}

function pushValue(out: number[], value: unknown): void {
  const rank = typeOrder(value);
  out.push(typeByte(rank));
  switch (rank) {
    case 0:
      return;
    case 1:
      out.push(value === true ? 1 : 0);
      return;
    case 2:
      pushNumber(out, value as number);
      return;
    case 3:
      pushNumber(out, (value as Date).getTime());
      return;
    case 4:
      pushString(out, value as string);
      return;
    case 5: {
      const bytes = value as Bytes;
      for (let i = 0; i < bytes.length; i++) pushEscaped(out, bytes.at(i) ?? 0);
      out.push(0);
      return;
    }
    case 6:
      for (const segment of (value as DocumentRef).path.split('/')) {
        out.push(ENTRY);
        pushString(out, segment);
      }
      out.push(END);
      return;
    case 7:
      pushNumber(out, (value as GeoPoint).latitude);
      pushNumber(out, (value as GeoPoint).longitude);
      return;
    case 8:
      for (const item of value as unknown[]) pushValue(out, item);
      out.push(END);
      return;
    default: {
      const map = value as Plain;
      for (const key of Object.keys(map).sort(keyOrder)) {
        out.push(ENTRY);
        pushString(out, key);
        pushValue(out, map[key]);
      }
      out.push(END);
    }
  }
}

/** The index key of a document value. */
export function indexKey(value: unknown): Buffer {
  const out: number[] = [];
  pushValue(out, value);
  return Buffer.from(out);
}

/** The index key of a document id: ordered as `compareIds` orders ids. */
export function idKey(id: string): Buffer {
  return Buffer.from(stringKey(id));
}
