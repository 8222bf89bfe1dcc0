/** What a failed save or load says to the person: the error's own message, else a plain retry. */
export function errorText(err: unknown): string {
  const text = (err as { message?: unknown }).message;
  return typeof text === 'string' && text !== '' ? text : 'That did not work. Please try again.';
}
