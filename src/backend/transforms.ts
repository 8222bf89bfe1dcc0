/** The port's field transforms are the document engine's: tagged values every driver maps. */
export {
  arrayRemove,
  arrayUnion,
  deleteField,
  increment,
  isFieldTransform,
  serverTimestamp,
  type FieldTransform,
} from 'firestore-engine/transforms';
