// Listing discounts and a discount's codes: filters, pages by id. The token carries the
// filters; the real dialect wants it alone (only limit beside it), as the other listings.
import { invalidField } from '../../http/sandbox-errors.js';
import { pageUrl, parseLimit, parseSinceId, nextPageCursor } from '../pagination.js';

export type Filter<T> = { name: string; check(value: string): string; keep(record: T, value: string): boolean };

/** One page of `records` (ascending by id) after the query's position, and the link to the next. */
export function listPage<T extends { id: string }>(
  records: readonly T[],
  query: URLSearchParams,
  path: string,
  filters: readonly Filter<T>[],
  tokenAlone: boolean,
): { page: T[]; links: { next?: string } } {
  const limit = parseLimit(query.get('limit'));
  const token = query.get('pageToken');
  const names = ['sinceId', ...filters.map((filter) => filter.name)];
  let after: string | null;
  let given: Record<string, string> = {};
  if (token === null) {
    after = parseSinceId(query.get('sinceId'));
    for (const filter of filters) {
      const value = query.get(filter.name);
      if (value !== null) given[filter.name] = filter.check(value);
    }
    if (after !== null) given.sinceId = after;
  } else {
    const cursor = nextPageCursor(token, query, names, tokenAlone);
    given = { ...cursor.filters };
    after = cursor.after;
  }
  const kept = records.filter(
    (record) => (after === null || BigInt(record.id) > BigInt(after)) && filters.every((filter) => given[filter.name] === undefined || filter.keep(record, given[filter.name]!)),
  );
  const page = kept.slice(0, limit);
  const last = page.at(-1);
  const links = kept.length > limit && last !== undefined ? { next: pageUrl(path, limit, { after: last.id, filters: given }) } : {};
  return { page, links };
}

/** A filter that must be one of `values`, compared as sent. */
export function enumFilter<T>(name: string, values: readonly string[], of: (record: T) => string): Filter<T> {
  return {
    name,
    check(value) {
      if (!values.includes(value)) throw invalidField(name, `must be one of ${values.join(', ')}`);
      return value;
    },
    keep: (record, value) => of(record) === value,
  };
}

/** The code filter of a discount's codes: exact, ignoring case (as codes are compared). */
export function codeFilter<T extends { code: string }>(): Filter<T> {
  return { name: 'code', check: (value) => value, keep: (record, value) => record.code.toLowerCase() === value.toLowerCase() };
}
