/**
 * "Last signed in" on People and access. Firebase Auth keeps each person's last sign-in,
 * but only server code may read it; the app records it instead on the person's own user document
 * (`users/{uid}.lastSignInAt`, the server's time, the rules check it) when they open the app signed
 * in, at most once per REFRESH so a person who keeps the app open costs no writes.
 */

/** How stale the recorded time may get before the app records it again. */
export const LAST_SIGN_IN_REFRESH_MS = 12 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether opening the app now should record the time. */
export function shouldRecordSignIn(lastSignInAt: Date | undefined, now: Date): boolean {
  return (
    lastSignInAt === undefined || now.getTime() - lastSignInAt.getTime() >= LAST_SIGN_IN_REFRESH_MS
  );
}

/** The time in words: "Signed in today", "… yesterday", "… 3 days ago", "… on 2 Nov 2026". */
export function lastSignInText(lastSignInAt: Date | undefined, now: Date): string {
  if (!lastSignInAt) return 'Not signed in yet';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = Math.ceil((startOfToday - lastSignInAt.getTime()) / DAY_MS);
  if (days <= 0) return 'Signed in today';
  if (days === 1) return 'Signed in yesterday';
  if (days < 30) return `Signed in ${days} days ago`;
  return `Signed in on ${lastSignInAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })}`;
}
