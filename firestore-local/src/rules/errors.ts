/**
 * The two kinds of failure in the rules engine. `RulesError` is a problem with the rules source
 * (syntax, unknown function, wrong arity, recursion), reported once at load time with the file,
 * line and column and a caret under the offending column. `EvalError` is raised while a condition
 * is evaluated (a missing field, a type mismatch, an access-call limit): the expression that
 * raised it has no value, and the `allow` it reaches denies.
 */

export class RulesError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly sourceLine: string;
  readonly detail: string;

  constructor(file: string, line: number, column: number, detail: string, sourceLine: string) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'RulesError';
    this.file = file;
    this.line = line;
    this.column = column;
    this.detail = detail;
    this.sourceLine = sourceLine;
  }

  /** "file:line:col: msg", then the source line and a caret under the column. */
  format(): string {
    const caretPad = this.sourceLine.slice(0, Math.max(0, this.column - 1)).replace(/[^\t]/g, ' ');
    return `${this.message}\n${this.sourceLine}\n${caretPad}^`;
  }
}

/** Builds RulesErrors for one source text: turns an offset into line, column and source line. */
export class SourceMap {
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly source: string,
    readonly file: string,
  ) {
    for (let i = 0; i < source.length; i++) {
      if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  error(offset: number, detail: string): RulesError {
    const { line, column } = this.position(offset);
    const start = this.lineStarts[line - 1] ?? 0;
    let end = this.source.indexOf('\n', start);
    if (end < 0) end = this.source.length;
    const text = this.source.slice(start, end).replace(/\r$/, '');
    return new RulesError(this.file, line, column, detail, text);
  }
}

/** An evaluation error: the expression has no value. Absorbed only by `&&`/`||` as documented. */
export class EvalError extends Error {
  /** True when the error is the access-call limit, so the decision can say so. */
  readonly limit: boolean;

  constructor(message: string, limit = false) {
    super(message);
    this.name = 'EvalError';
    this.limit = limit;
  }
}
