// Finding the next page. DESIGN: a `Link: <URL>; rel="next"` header whose URL carries
// pageToken; tolerated too: a body field `nextPageToken`. Pure, so it is unit-tested.

export interface LinkValue {
  url: string;
  rels: string[];
}

export function parseLinkHeader(header: string | undefined): LinkValue[] {
  if (!header) return [];
  const links: LinkValue[] = [];
  // Split on commas that start a new <url>, not on commas inside quoted parameters.
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(part);
    if (!match) continue;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ url: match[1] ?? '', rels });
  }
  return links;
}

/**
 * The query of the next page, or undefined on the last page. Only the query string of a
 * Link URL is used: the request itself always goes to the configured store, so a Link
 * pointing elsewhere can never receive the token.
 */
export function nextPageQuery(linkHeader: string | undefined, body: unknown, current: Record<string, string | undefined>): Record<string, string> | undefined {
  const next = parseLinkHeader(linkHeader).find((link) => link.rels.includes('next'));
  if (next) {
    const url = new URL(next.url, 'http://placeholder.invalid');
    const query = Object.fromEntries(url.searchParams.entries());
    if (Object.keys(query).length > 0) return query;
  }
  const token = body && typeof body === 'object' ? (body as Record<string, unknown>).nextPageToken : undefined;
  if (typeof token === 'string' && token !== '') {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(current)) if (value !== undefined && key !== 'sinceId') query[key] = value;
    query.pageToken = token;
    return query;
  }
  return undefined;
}
