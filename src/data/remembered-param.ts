/**
 * A URL parameter remembered in this browser until sign-up has used it (`?via=`, `?plan=`,
 * `?invite=`): sign-up may leave the page and come back, so a value is checked against its pattern
 * and stored the moment it is seen. Storage that refuses (private modes, blocked cookies) makes
 * every call a no-op: the parameter is then simply not remembered.
 */
type ParamStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

export interface RememberedParam {
  /** The query parameter's name, such as `via`. */
  readonly param: string;
  /** The parameter's value in a search string, or null when absent or malformed. */
  fromSearch(search: string): string | null;
  /** Remembers a value (a malformed one is ignored). */
  remember(value: string, storage?: ParamStorage): void;
  /** Remembers the parameter of a search string when it holds one; returns that value. */
  rememberFrom(search: string, storage?: ParamStorage): string | null;
  /** The remembered value, or null. */
  read(storage?: ParamStorage): string | null;
  /** The remembered value, forgotten as it is read (for what may be used once). */
  take(storage?: ParamStorage): string | null;
  forget(storage?: ParamStorage): void;
}

function webStorage(kind: 'local' | 'session'): ParamStorage {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A parameter kept under `key` in local storage (survives an e-mail link opened in another tab) or
 * session storage (forgotten with the tab), accepted only when it matches `pattern`.
 */
export function rememberedParam(options: {
  param: string;
  key: string;
  pattern: RegExp;
  storage: 'local' | 'session';
}): RememberedParam {
  const { param, key, pattern } = options;
  const valid = (value: string | null | undefined): value is string =>
    typeof value === 'string' && pattern.test(value);
  const store = () => webStorage(options.storage);

  function read(storage: ParamStorage = store()): string | null {
    try {
      const value = storage?.getItem(key);
      return valid(value) ? value : null;
    } catch {
      return null;
    }
  }
  function forget(storage: ParamStorage = store()): void {
    try {
      storage?.removeItem(key);
    } catch (err) {
      console.warn(`[${param}] forgetting the remembered value failed`, err);
    }
  }
  function remember(value: string, storage: ParamStorage = store()): void {
    if (!valid(value)) return;
    try {
      storage?.setItem(key, value);
    } catch (err) {
      console.warn(`[${param}] remembering the value failed`, err);
    }
  }
  function fromSearch(search: string): string | null {
    const value = new URLSearchParams(search).get(param)?.trim();
    return valid(value) ? value : null;
  }
  return {
    param,
    fromSearch,
    remember,
    rememberFrom(search, storage) {
      const value = fromSearch(search);
      if (value !== null) remember(value, storage);
      return value;
    },
    read,
    take(storage = store()) {
      const value = read(storage);
      forget(storage);
      return value;
    },
    forget,
  };
}
