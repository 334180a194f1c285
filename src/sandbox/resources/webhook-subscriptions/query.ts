// Listing subscriptions: filters by topic and address, pages by id like gift card search.
import { invalidField } from '../../http/sandbox-errors.js';
import { pageUrl, parseLimit, parseSinceId, nextPageCursor } from '../pagination.js';
import type { SubscriptionRecord } from './record.js';
import { SUBSCRIPTION_TOPICS } from './topics.js';

const LIST_PATH = '/api/202412/app/webhooks';

const FILTER_NAMES = ['sinceId', 'topic', 'address'] as const;

export interface ListFilters {
  topic?: string;
  address?: string;
}

export function filtersOf(source: (name: string) => string | null | undefined, where: (name: string) => string): ListFilters {
  const filters: ListFilters = {};
  const topic = source('topic');
  if (topic !== null && topic !== undefined) {
    if (!SUBSCRIPTION_TOPICS.includes(topic)) throw invalidField(where('topic'), `must be one of ${SUBSCRIPTION_TOPICS.join(', ')}`);
    filters.topic = topic;
  }
  const address = source('address');
  if (address !== null && address !== undefined) filters.address = address;
  return filters;
}

export const matching =
  (filters: ListFilters) =>
  (record: SubscriptionRecord): boolean =>
    (filters.topic === undefined || record.topic === filters.topic) && (filters.address === undefined || record.address === filters.address);

/**
 * One page of the listing of `subscriptions` (ascending by id), and the link to the next. Pages
 * by id like gift card search: the token carries the filters; the real dialect wants it alone.
 */
export function listPage(subscriptions: readonly SubscriptionRecord[], query: URLSearchParams, tokenAlone: boolean): { page: SubscriptionRecord[]; links: { next?: string } } {
  const limit = parseLimit(query.get('limit'));
  const token = query.get('pageToken');
  let after: string | null;
  let filters: ListFilters;
  const carried: Record<string, string> = {};
  if (token === null) {
    filters = filtersOf(
      (name) => query.get(name),
      (name) => name,
    );
    after = parseSinceId(query.get('sinceId'));
    if (after !== null) carried.sinceId = after;
  } else {
    const cursor = nextPageCursor(token, query, FILTER_NAMES, tokenAlone);
    filters = filtersOf(
      (name) => cursor.filters[name],
      () => 'pageToken',
    );
    if (cursor.filters.sinceId !== undefined) carried.sinceId = cursor.filters.sinceId;
    after = cursor.after;
  }
  const candidates = subscriptions.filter((record) => (after === null || BigInt(record.id) > BigInt(after)) && matching(filters)(record));
  const page = candidates.slice(0, limit);
  const last = page.at(-1);
  const links = candidates.length > limit && last !== undefined ? { next: pageUrl(LIST_PATH, limit, { after: last.id, filters: { ...carried, ...filters } }) } : {};
  return { page, links };
}
