/**
 * `npm run start:firebase`: the app on the Firebase stack (scripts/lib/firebase-stack.ts) with the
 * demo data of `npm start`, each start from scratch. Prints where everything is; Ctrl-C stops it
 * all and leaves no process behind.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '../local-server/demo-seed';
import { startFirebaseStack, type RunningFirebaseStack } from './lib/firebase-stack';
import { StartupError } from './lib/processes';

// The stack takes this port and the ten above it (the README's "The Firebase stack").
const base = Number(process.env.FIREBASE_STACK_PORT ?? 6750);

async function main(): Promise<void> {
  const started = Date.now();
  console.log('Starting the Firebase stack (the app on the Firebase emulators)...');
  // Filled once the stack is up; a Ctrl-C before that stops what startFirebaseStack started.
  const running: { stack?: RunningFirebaseStack } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the Firebase stack...`);
    await running.stack?.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const stack = await startFirebaseStack({
    name: 'start',
    base,
    portVariable: 'FIREBASE_STACK_PORT',
    command: 'npm run start:firebase',
    seed: true,
    forceBuild: process.argv.includes('--build'),
    log: (line) => console.log(`  ${line}`),
  });
  running.stack = stack;
  if (stopping) return void (await stack.stop());
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ada = stack.appUrl;
  console.log(`
  Cardbuilder is running on the Firebase stack (ready in ${seconds} s)

    App                 ${ada}
    Public card         ${ada}/c/ada-lovelace   (the cardPages function, through Hosting)
    Mailbox             ${stack.standInsUrl}/__/mailbox   (the Trigger Email stand-in's outbox)
    Auth emulator       ${stack.authUrl}
    Firestore emulator  ${stack.firestoreHost}   (Google's, judging firestore.rules)
    Functions emulator  ${stack.functionsUrl}   (functions/lib/index.mjs)
    Checkout stand-in   ${stack.standInsUrl}/__/checkout/...

  Demo sign-ins (password ${DEMO_PASSWORD}):
${DEMO_USERS.map((u) => `    ${u.email}`).join('\n')}

  Nothing is kept between runs. Ctrl-C stops everything.
`);
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) console.error(`\n${err.message}\n`);
  else console.error(err);
  process.exit(1);
});
