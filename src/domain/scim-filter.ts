/**
 * SCIM filters (RFC 7644 §3.4.2.2) on lists of users and groups. The grammar is parsed by
 * `scim2-parse-filter`; the comparison is ours, because the RFC compares strings without regard
 * to case unless the attribute is `caseExact` (RFC 7643 §2.2: `id` and `externalId` are, `userName`
 * is not), where the library compares exactly. So `userName eq "BJensen"` finds `bjensen`.
 */
import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scim';

/** Attributes compared exactly (RFC 7643 §3.1, §4.1; lower-cased full paths). */
const CASE_EXACT = new Set(['id', 'externalid']);

/** The filter's tree, or 400 invalidFilter with what did not parse. */
export function parseScimFilter(text: string): Filter {
  try {
    return parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ScimError(400, `The filter could not be read: ${reason}`, 'invalidFilter');
  }
}

type Value = boolean | null | number | string;

function values(resource: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return [resource];
  if (Array.isArray(resource)) return resource.flatMap((item) => values(item, path));
  if (typeof resource !== 'object' || resource === null) return [];
  const wanted = (path[0] as string).toLowerCase();
  const key = Object.keys(resource).find((k) => k.toLowerCase() === wanted);
  if (key === undefined) return [];
  return values((resource as Record<string, unknown>)[key], path.slice(1));
}

/** An attribute path without the URN of its schema, split at the dots. */
function pathOf(attrPath: string): string[] {
  const colon = attrPath.lastIndexOf(':');
  return (colon === -1 ? attrPath : attrPath.slice(colon + 1)).split('.');
}

function compare(op: string, actual: unknown, expected: Value, exact: boolean): boolean {
  if (
    actual === undefined ||
    Array.isArray(actual) ||
    (typeof actual === 'object' && actual !== null)
  )
    return op === 'ne';
  let a: unknown = actual;
  let e: Value = expected;
  if (typeof a === 'string' && typeof e === 'string' && !exact) {
    a = a.toLowerCase();
    e = e.toLowerCase();
  }
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return typeof a === 'string' && typeof e === 'string' && a.includes(e);
    case 'sw':
      return typeof a === 'string' && typeof e === 'string' && a.startsWith(e);
    case 'ew':
      return typeof a === 'string' && typeof e === 'string' && a.endsWith(e);
    case 'gt':
      return e !== null && (a as number | string) > e;
    case 'ge':
      return e !== null && (a as number | string) >= e;
    case 'lt':
      return e !== null && (a as number | string) < e;
    case 'le':
      return e !== null && (a as number | string) <= e;
    default:
      return false;
  }
}

/** True when `resource` (a User or Group resource as answered) matches the filter. */
export function matchesFilter(filter: Filter, resource: unknown): boolean {
  switch (filter.op) {
    case 'and':
      return filter.filters.every((f) => matchesFilter(f, resource));
    case 'or':
      return filter.filters.some((f) => matchesFilter(f, resource));
    case 'not':
      return !matchesFilter(filter.filter, resource);
    case '[]':
      return values(resource, pathOf(filter.attrPath)).some((item) =>
        matchesFilter(filter.valFilter, item),
      );
    case 'pr':
      return values(resource, pathOf(filter.attrPath)).some(
        (v) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
      );
    default: {
      const path = pathOf(filter.attrPath);
      const exact = CASE_EXACT.has(path.join('.').toLowerCase());
      const found = values(resource, path);
      if (filter.op === 'ne') return found.every((v) => compare('ne', v, filter.compValue, exact));
      return found.some((v) => compare(filter.op, v, filter.compValue, exact));
    }
  }
}

/**
 * The userName a filter asks for when it is exactly `userName eq "…"` (what Okta and Entra ID send
 * before creating a user), so the server can look it up instead of reading every user; else null.
 */
export function userNameEquality(filter: Filter): string | null {
  if (filter.op !== 'eq') return null;
  const path = pathOf(filter.attrPath).join('.').toLowerCase();
  return path === 'username' && typeof filter.compValue === 'string' ? filter.compValue : null;
}
