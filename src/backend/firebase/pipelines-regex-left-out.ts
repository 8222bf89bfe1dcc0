/**
 * Stands in for `re2js` inside the browser's Firestore driver (vite.config.ts, decision 023):
 * Firestore links it for its Pipelines' regular-expression functions, which this app never
 * calls, and it was a sixth of the signed-in first screen's script. Those functions catch what
 * `compile` throws and answer an error value, as for a bad pattern.
 */
export const RE2JS = {
  compile(): never {
    throw new Error('Regular expressions in Firestore Pipelines are not part of this build.');
  },
};
