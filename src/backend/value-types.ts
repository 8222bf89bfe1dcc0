/** The port's non-plain document values are the document engine's (references, points, bytes). */
export { Bytes, DocumentRef, GeoPoint } from 'firestore-engine/value-types';
