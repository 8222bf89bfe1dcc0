/**
 * A server entry for tests that exercise the storage layer as a separate process (durability):
 * the real `startServer` on a data folder, with the interim signed-in-only policy so the test can
 * write plain documents without building an account first. The access rules have their own suite.
 */
import { signedInPolicy } from './policies';
import { startServer } from 'firestore-local/create-server';

const env = process.env;
const server = await startServer({
  port: Number(env.PORT ?? 0),
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR ?? '.data/test',
  projectId: env.PROJECT_ID ?? 'demo-cardbuilder',
  authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9399',
  policy: signedInPolicy(),
});
console.log(`Local data server listening on ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
