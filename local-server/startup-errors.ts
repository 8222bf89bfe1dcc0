/**
 * Turns the failures a person can fix (the port is taken, the database file is damaged or cannot
 * be opened) into a message saying what and where and what to type, instead of a stack trace.
 * Every other error keeps its stack: that one is a bug.
 */
import path from 'node:path';

export interface StartupContext {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** The command that starts from fresh demo data; `npm start` passes `npm run start:fresh`. */
  readonly freshCommand?: string;
}

/** The message for `err`, or undefined when it is not one of the failures above. */
export function explainStartupError(err: unknown, context: StartupContext): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ENOTLOOPBACK') return message;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return [
      `The local data server cannot listen on ${context.host}:${context.port}: ` +
        (code === 'EADDRINUSE' ? 'the port is already in use.' : 'permission denied.'),
      `Stop what holds it (\`ss -ltnp\` or \`lsof -i :${context.port}\` names it), or move the server with PORT=<another port>.`,
    ].join('\n');
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    const absolute = path.resolve(context.dataDir, 'cardbuilder.sqlite');
    // Relative to where the command was typed when inside it: `.data/db/cardbuilder.sqlite`.
    const relative = path.relative(process.cwd(), absolute);
    const file = relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
    if (code === 'SQLITE_BUSY') {
      return `The database ${file} is locked by another process (${message}): is another server using ${context.dataDir}?`;
    }
    return [
      `The database ${file} cannot be used: ${message} (${code}).`,
      'The file is damaged or unreadable, for example from an earlier run killed while writing it or a copy cut short.',
      context.freshCommand
        ? `Start again from fresh demo data with: ${context.freshCommand}`
        : `Move ${context.dataDir} aside (or delete it) to start from an empty data folder.`,
    ].join('\n');
  }
  return undefined;
}

/**
 * From here on, a failure explained above is printed as its message and ends the process with
 * code 1; anything else is printed with its stack, as Node would.
 */
export function explainFatalErrors(context: StartupContext): void {
  process.on('uncaughtException', (err) => {
    const explained = explainStartupError(err, context);
    console.error(explained ? `\n${explained}\n` : err);
    process.exit(1);
  });
}
