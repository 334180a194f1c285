import { describe, expect, it } from 'vitest';
import { nextPageQuery, parseLinkHeader } from '../../src/core/paginate.js';

describe('parseLinkHeader', () => {
  it('reads nothing from an absent or empty header', () => {
    expect(parseLinkHeader(undefined)).toEqual([]);
    expect(parseLinkHeader('')).toEqual([]);
  });

  it('reads several links with quoted and unquoted rels', () => {
    const header = '<https://s.example/a?pageToken=p1>; rel="previous", <https://s.example/a?pageToken=n1>; rel=next';
    expect(parseLinkHeader(header)).toEqual([
      { url: 'https://s.example/a?pageToken=p1', rels: ['previous'] },
      { url: 'https://s.example/a?pageToken=n1', rels: ['next'] },
    ]);
  });

  it('splits a rel list such as "next last" and lower-cases it', () => {
    expect(parseLinkHeader('</x?pageToken=a>; rel="Next  LAST"')).toEqual([{ url: '/x?pageToken=a', rels: ['next', 'last'] }]);
  });

  it('keeps commas inside URLs and quoted parameters', () => {
    const header = '</a?status=enabled,disabled&pageToken=t>; title="one, two"; rel="next", </a?pageToken=f>; rel="first"';
    expect(parseLinkHeader(header)).toEqual([
      { url: '/a?status=enabled,disabled&pageToken=t', rels: ['next'] },
      { url: '/a?pageToken=f', rels: ['first'] },
    ]);
  });

  it('finds rel after other parameters and tolerates spacing', () => {
    expect(parseLinkHeader('  </p?pageToken=z> ;  type="application/json" ;REL = "next"')).toEqual([{ url: '/p?pageToken=z', rels: ['next'] }]);
  });

  it('skips parts that are not links, and links without rel have no rels', () => {
    expect(parseLinkHeader('garbage, </only>')).toEqual([{ url: '/only', rels: [] }]);
  });
});

describe('nextPageQuery', () => {
  const current = { limit: '50', status: 'enabled', sinceId: undefined, pageToken: undefined };

  it("returns the next link's query", () => {
    const header = '<https://store.example/api/202412/gift_cards/search?limit=50&status=enabled&pageToken=abc%3D%3D>; rel="next"';
    expect(nextPageQuery(header, {}, current)).toEqual({ limit: '50', status: 'enabled', pageToken: 'abc==' });
  });

  it('takes the next link among several, whatever order', () => {
    const header = '</s?pageToken=prev>; rel="prev", </s?pageToken=nxt>; rel="next last"';
    expect(nextPageQuery(header, {}, current)).toEqual({ pageToken: 'nxt' });
  });

  it('uses only the query: a Link to another host yields the same result as a relative one', () => {
    const foreign = nextPageQuery('<https://evil.example:8443/steal/path?pageToken=t1&limit=5>; rel="next"', {}, current);
    const relative = nextPageQuery('</api/202412/gift_cards/search?pageToken=t1&limit=5>; rel="next"', {}, current);
    expect(foreign).toEqual({ pageToken: 't1', limit: '5' });
    expect(foreign).toEqual(relative);
    expect(JSON.stringify(foreign)).not.toContain('evil');
  });

  it('falls back to a body nextPageToken, keeping the current filters but not sinceId', () => {
    const query = nextPageQuery(undefined, { giftCards: [], nextPageToken: 'tok2' }, { limit: '10', status: 'disabled', sinceId: '99', pageToken: 'tok1' });
    expect(query).toEqual({ limit: '10', status: 'disabled', pageToken: 'tok2' });
  });

  it('prefers the Link header to the body token', () => {
    expect(nextPageQuery('</s?pageToken=fromLink>; rel="next"', { nextPageToken: 'fromBody' }, current)).toEqual({ pageToken: 'fromLink' });
  });

  it('uses the body token when the only links are not "next"', () => {
    expect(nextPageQuery('</s?pageToken=p>; rel="prev"', { nextPageToken: 'b' }, { limit: '5' })).toEqual({ limit: '5', pageToken: 'b' });
  });

  it('is undefined on the last page', () => {
    expect(nextPageQuery(undefined, { giftCards: [] }, current)).toBeUndefined();
    expect(nextPageQuery('</s?pageToken=p>; rel="prev"', {}, current)).toBeUndefined();
    expect(nextPageQuery(undefined, { nextPageToken: '' }, current)).toBeUndefined();
    expect(nextPageQuery(undefined, { nextPageToken: null }, current)).toBeUndefined();
    expect(nextPageQuery(undefined, null, current)).toBeUndefined();
  });
});
