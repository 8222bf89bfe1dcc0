/**
 * A callable's refusal as the domain decides it: the callable protocol's error code and the
 * message the person reads. The server throws it as a BackendError; the domain stays free of it.
 */
export interface Refusal<Code extends string> {
  readonly ok: false;
  readonly code: Code;
  readonly message: string;
}

export function refuse<Code extends string>(code: Code, message: string): Refusal<Code> {
  return { ok: false, code, message };
}
