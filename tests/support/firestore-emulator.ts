/**
 * Helpers for Google's Firestore emulator, which `scripts/with-auth-emulator.ts --firestore`
 * starts (`FIRESTORE_EMULATOR_HOST`) for the suites that need Google's own evaluator.
 */

/**
 * Loads a policy of a test's own into the emulator for `projectId`: `matches` are the statements
 * inside `match /databases/{database}/documents`.
 */
export async function loadFirestoreRules(
  emulatorHost: string,
  projectId: string,
  matches: readonly string[],
): Promise<void> {
  const rules = [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    ...matches.map((line) => `    ${line}`),
    '  }',
    '}',
  ].join('\n');
  const loaded = await fetch(
    `http://${emulatorHost}/emulator/v1/projects/${projectId}:securityRules`,
    { method: 'PUT', body: JSON.stringify({ rules: { files: [{ content: rules }] } }) },
  );
  if (!loaded.ok) throw new Error(`loading the rules for ${projectId}: ${await loaded.text()}`);
}
