/**
 * The phone builder on the build production serves (`VITE_BACKEND=firebase`), on the Firebase
 * stack: Hosting, Auth and Google's Firestore emulator, with the demo data. The local build's
 * figures leave out Firestore's driver, which a signed-in person downloads and runs before any card.
 */
import type { Browser } from '@playwright/test';
import { benchPhone } from './bench-phone';
import { startFirebaseStack } from './lib/firebase-stack';
import { findFirestoreEmulator } from './lib/firestore-emulator';

type Report = (name: string, value: string, budget: string) => void;

const BASE_PORT = Number(process.env.BENCH_FIREBASE_PORT ?? 6950);

export async function benchPhoneFirebase(browser: Browser, report: Report): Promise<void> {
  const emulator = findFirestoreEmulator();
  if (emulator.kind === 'missing') {
    console.log(`  (phone builder, Firebase build: not measured, ${emulator.why})`);
    return;
  }
  const stack = await startFirebaseStack({
    name: 'bench',
    base: BASE_PORT,
    portVariable: 'BENCH_FIREBASE_PORT',
    command: 'npm run bench -- --phone-firebase',
    seed: true,
    log: (line) => console.log(`  (${line})`),
  });
  try {
    await benchPhone({ browser, base: stack.appUrl, report, firebase: true });
  } finally {
    await stack.stop();
  }
}
