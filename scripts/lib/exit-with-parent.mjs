/**
 * Preloaded (`node --import <this file>?parent=PID&signal=SIGINT ...`) into each process that
 * `npm start` and the test wrappers start, so that none outlives them. Those processes run in a
 * process group of their own (a Ctrl-C in the terminal must reach the Auth emulator once, from its
 * parent, or it skips exporting its accounts), which also means that nothing ends them when the
 * parent is killed hard: SIGKILL, a closed terminal, a CI timeout. So each one watches its parent
 * and, when the parent is gone, sends itself `signal` (the emulator exports its accounts on SIGINT;
 * the data server closes its database on SIGTERM), with a hard exit if that takes too long.
 *
 * Plain JavaScript: firebase-tools runs without tsx.
 */
import process from 'node:process';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { URL } from 'node:url';

const query = new URL(import.meta.url).searchParams;
const parent = Number(query.get('parent') ?? process.ppid);
const signal = query.get('signal') ?? 'SIGTERM';
const POLL_MS = 250;
const GRACE_MS = 15_000;

function parentGone() {
  // Reparented (to init or a subreaper): the parent that started us has ended.
  return process.ppid !== parent;
}

function leave() {
  // The parent held the other end of our stdout/stderr pipes; writing to them now fails with
  // EPIPE, which must not crash the process halfway through its clean shutdown.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  setTimeout(() => process.exit(1), GRACE_MS).unref();
  process.kill(process.pid, signal);
}

if (parentGone()) {
  leave();
} else {
  const timer = setInterval(() => {
    if (!parentGone()) return;
    clearInterval(timer);
    leave();
  }, POLL_MS);
  timer.unref();
}
