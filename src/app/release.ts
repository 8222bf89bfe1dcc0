/**
 * Release comparison for the update banner: `settings/release` names the newest release; the banner
 * shows when it is newer than the running build's.
 */

function parts(version: string): number[] | null {
  const match = version
    .trim()
    .replace(/^v/i, '')
    .match(/^\d+(\.\d+)*/);
  return match ? match[0].split('.').map(Number) : null;
}

/**
 * True when `latest` is newer than `running`: compared as dotted numbers (`1.10.0` > `1.9.2`);
 * versions that are not numbers count as newer when they differ. A development build (`dev`) never
 * asks to reload.
 */
export function isNewerRelease(latest: string | null, running: string): boolean {
  if (!latest || running === 'dev' || latest === running) return false;
  const a = parts(latest);
  const b = parts(running);
  if (!a || !b) return true;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}
