/**
 * The three document values of Firestore that are not plain data: a document reference, a
 * geographic point and a byte string, as small immutable classes. No SDK class (whose internals
 * point back at themselves) reaches the app, and every driver hands back the same thing; the
 * engine orders them where Firestore does (bytes < reference < geopoint).
 */

/**
 * A reference to the document at `path` (`products/prod_1`). The Stripe payments extension writes
 * every subscription's `product`, `price` and `prices[]` as references, which is why the port
 * carries them at all.
 */
export class DocumentRef {
  readonly path: string;

  constructor(path: string) {
    this.path = path;
    Object.freeze(this);
  }

  /** The document's id: the path's last segment. */
  get id(): string {
    return this.path.slice(this.path.lastIndexOf('/') + 1);
  }

  isEqual(other: unknown): boolean {
    return other instanceof DocumentRef && other.path === this.path;
  }

  toJSON(): { path: string } {
    return { path: this.path };
  }
}

/** A point on Earth: latitude in [-90, 90], longitude in [-180, 180]. */
export class GeoPoint {
  readonly latitude: number;
  readonly longitude: number;

  constructor(latitude: number, longitude: number) {
    if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
      throw new RangeError(`Latitude must be a number between -90 and 90, not ${latitude}.`);
    }
    if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
      throw new RangeError(`Longitude must be a number between -180 and 180, not ${longitude}.`);
    }
    this.latitude = latitude;
    this.longitude = longitude;
    Object.freeze(this);
  }

  isEqual(other: unknown): boolean {
    return (
      other instanceof GeoPoint &&
      other.latitude === this.latitude &&
      other.longitude === this.longitude
    );
  }

  toJSON(): { latitude: number; longitude: number } {
    return { latitude: this.latitude, longitude: this.longitude };
  }
}

function base64FromBytes(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** An immutable byte string (Firestore's bytes value). */
export class Bytes {
  // A plain (not #private) field, so that test matchers comparing two Bytes see their contents.
  private readonly bytes: Uint8Array;

  private constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    Object.freeze(this);
  }

  static fromUint8Array(bytes: Uint8Array | readonly number[]): Bytes {
    return new Bytes(Uint8Array.from(bytes));
  }

  static fromBase64String(text: string): Bytes {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new Bytes(bytes);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** A copy of the bytes. */
  toUint8Array(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }

  toBase64(): string {
    return base64FromBytes(this.bytes);
  }

  /** Byte `index` (undefined past the end): for comparisons without copying. */
  at(index: number): number | undefined {
    return this.bytes[index];
  }

  isEqual(other: unknown): boolean {
    if (!(other instanceof Bytes) || other.length !== this.length) return false;
    for (let i = 0; i < this.length; i++) if (other.at(i) !== this.bytes[i]) return false;
    return true;
  }

  toJSON(): { base64: string } {
    return { base64: this.toBase64() };
  }
}
