import { describe, expect, it } from 'vitest';
import { findNextPage, MAX_PAGES, nextPageQuery, PageTrail, parseLinkHeader, readLinkHeader, type PageSeen } from '../../src/core/paginate.js';
import { LosslessNumber } from '../../src/core/json.js';
import { RuntimeError } from '../../src/core/errors.js';

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

describe('readLinkHeader: every form a real store sends', () => {
  const A = 'https://shop.example/api/202412/gift_cards/search?pageToken=a1&limit=2';
  const B = 'https://shop.example/api/202412/gift_cards/search?pageToken=b2&limit=2';
  const prevNext = [
    { url: A, rels: ['previous'] },
    { url: B, rels: ['next'] },
  ];
  it.each([
    ['RFC form, quoted rels', `<${A}>; rel="previous", <${B}>; rel="next"`, prevNext],
    ['unquoted rels', `<${A}>; rel=previous, <${B}>; rel=next`, prevNext],
    ['padded URLs', `< ${A} >; rel=previous, <  ${B}  >; rel=next`, prevNext],
    ["whole value in double quotes (the docs' form)", `"< ${A} >; rel=previous, < ${B} >; rel=next"`, prevNext],
    ['outer quotes with quoted rels', `"<${A}>; rel="previous", <${B}>; rel="next""`, prevNext],
    ['several quoted values joined with ", "', `"< ${A} >; rel=previous", "< ${B} >; rel=next"`, prevNext],
    ['no space after the comma', `<${A}>;rel=previous,<${B}>;rel=next`, prevNext],
    [
      'prev instead of previous',
      `<${A}>; rel=prev, <${B}>; rel=next`,
      [
        { url: A, rels: ['prev'] },
        { url: B, rels: ['next'] },
      ],
    ],
    [
      'next before previous',
      `<${B}>; rel=next, <${A}>; rel=previous`,
      [
        { url: B, rels: ['next'] },
        { url: A, rels: ['previous'] },
      ],
    ],
    [
      'first and last',
      `<${A}>; rel="first", <${B}>; rel="last"`,
      [
        { url: A, rels: ['first'] },
        { url: B, rels: ['last'] },
      ],
    ],
    ['multi-rel quoted', `<${B}>; rel="next last"`, [{ url: B, rels: ['next', 'last'] }]],
    ['multi-rel unquoted', `<${B}>; rel=next last`, [{ url: B, rels: ['next', 'last'] }]],
    ['upper-case REL and value', `<${B}>; REL=NEXT`, [{ url: B, rels: ['next'] }]],
    ['escaped quote in another parameter', `<${B}>; title="a \\"b\\", c"; rel="next"`, [{ url: B, rels: ['next'] }]],
  ])('%s', (_name, header, links) => {
    expect(readLinkHeader(header)).toEqual({ links, unreadable: false });
  });

  it('reads several headers given as a list, as undici may', () => {
    expect(readLinkHeader([`"< ${A} >; rel=previous"`, `<${B}>; rel=next`])).toEqual({ links: prevNext, unreadable: false });
    expect(readLinkHeader([])).toEqual({ links: [], unreadable: false });
  });

  it.each([
    ['plain text', 'garbage'],
    ['a URL without angle brackets', `${B}; rel=next`],
    ['an unclosed bracket', `<${B}; rel=next`],
    ['a link without rel', `<${B}>`],
    ['a rel no pager uses', `<${B}>; rel=nextpage`],
    ['junk after the parameters', `<${B}>; rel=previous junk="x" extra`],
    ['an empty URL', '<>; rel=next'],
  ])('marks %s as unreadable', (_name, header) => {
    expect(readLinkHeader(header).unreadable).toBe(true);
  });

  it('keeps the readable links beside garbage', () => {
    expect(readLinkHeader(`garbage, <${B}>; rel=next`)).toEqual({ links: [{ url: B, rels: ['next'] }], unreadable: true });
  });
});

describe('nextPageQuery', () => {
  const page = (link: PageSeen['link'], items = 2, query: PageSeen['query'] = { limit: '2' }, body: unknown = {}): PageSeen => ({ link, body, query, items });

  it("returns the next link's query as given", () => {
    const header = '<https://store.example/api/202412/gift_cards/search?limit=50&status=enabled&pageToken=abc%3D%3D>; rel="next"';
    expect(nextPageQuery(page(header))).toEqual({ limit: '50', status: 'enabled', pageToken: 'abc==' });
  });

  it.each([
    ["the docs' form", '"< https://…/gift_cards/search?pageToken=abc&limit=3 >; rel=previous, < https://…?pageToken=opq&limit=3 >; rel=next"'],
    ['joined quoted headers', '"< https://s.example/x?pageToken=abc&limit=3 >; rel=previous", "< https://s.example/x?pageToken=opq&limit=3 >; rel=next"'],
    ['next before previous, unquoted', '<https://s.example/x?pageToken=opq&limit=3>; rel=next, <https://s.example/x?pageToken=abc&limit=3>; rel=previous'],
    ['multi-rel "next last"', '</x?pageToken=abc&limit=3>; rel=prev, </x?pageToken=opq&limit=3>; rel="next last"'],
    ['a list of headers', ['"< https://s.example/x?pageToken=abc&limit=3 >; rel=previous"', '"< https://s.example/x?pageToken=opq&limit=3 >; rel=next"']],
  ])('follows %s', (_name, header) => {
    expect(nextPageQuery(page(header, 3, { limit: '3' }))).toEqual({ pageToken: 'opq', limit: '3' });
  });

  it('uses only the query: a Link to another host yields the same result as a relative one', () => {
    const foreign = nextPageQuery(page('<https://evil.example:8443/steal/path?pageToken=t1&limit=5>; rel="next"'));
    const relative = nextPageQuery(page('</api/202412/gift_cards/search?pageToken=t1&limit=5>; rel="next"'));
    expect(foreign).toEqual({ pageToken: 't1', limit: '5' });
    expect(foreign).toEqual(relative);
    expect(JSON.stringify(foreign)).not.toContain('evil');
  });

  it('falls back to a body nextPageToken, sending only limit beside it (the token carries the filters)', () => {
    const query = nextPageQuery(
      page(undefined, 10, { limit: '10', status: 'disabled', sinceId: '99', pageToken: 'tok1' }, { giftCards: [], nextPageToken: 'tok2' }),
    );
    expect(query).toEqual({ limit: '10', pageToken: 'tok2' });
    expect(nextPageQuery(page(undefined, 1, { status: 'enabled' }, { nextPageToken: 'tok2' }))).toEqual({ pageToken: 'tok2' });
  });

  it('prefers the Link header to the body token', () => {
    expect(nextPageQuery(page('</s?pageToken=fromLink>; rel="next"', 2, {}, { nextPageToken: 'fromBody' }))).toEqual({ pageToken: 'fromLink' });
  });

  it('uses the body token when the links are not "next", or the header is garbage', () => {
    expect(nextPageQuery(page('</s?pageToken=p>; rel=previous', 5, { limit: '5' }, { nextPageToken: 'b' }))).toEqual({ limit: '5', pageToken: 'b' });
    expect(nextPageQuery(page('garbage', 5, { limit: '5' }, { nextPageToken: 'b' }))).toEqual({ limit: '5', pageToken: 'b' });
  });

  it('is undefined on the last page, full or not, when the header was understood', () => {
    expect(nextPageQuery(page(undefined, 2))).toBeUndefined();
    expect(nextPageQuery(page('"< https://s.example/x?pageToken=p&limit=2 >; rel=previous"', 2))).toBeUndefined();
    expect(nextPageQuery(page('</s?pageToken=f>; rel=first, </s?pageToken=p>; rel=prev', 2))).toBeUndefined();
    expect(nextPageQuery(page(undefined, 2, { limit: '2' }, { nextPageToken: '' }))).toBeUndefined();
    expect(nextPageQuery(page(undefined, 2, { limit: '2' }, { nextPageToken: null }))).toBeUndefined();
    expect(nextPageQuery(page(undefined, 2, { limit: '2' }, null))).toBeUndefined();
  });

  it('ends a short page quietly even when the header is garbage', () => {
    expect(nextPageQuery(page('garbage', 1, { limit: '2' }))).toBeUndefined();
    expect(nextPageQuery(page('<url-without-rel>', 0, {}))).toBeUndefined();
    expect(nextPageQuery({ link: 'garbage', body: {}, query: {}, items: 49, defaultLimit: 50 })).toBeUndefined();
  });

  it.each([
    ['garbage', 'garbage'],
    ['a URL without brackets', 'https://s.example/x?pageToken=n; rel=next'],
    ['an unclosed bracket', '<https://s.example/x?pageToken=n; rel=next'],
    ['a link without rel', '<https://s.example/x?pageToken=n>'],
    ['previous beside garbage', '<https://s.example/x?pageToken=p>; rel=previous, ???'],
  ])('fails, naming the Link header, when %s comes with a full page', (_name, header) => {
    const run = () => nextPageQuery(page(header, 2, { limit: '2' }));
    expect(run).toThrow(RuntimeError);
    expect(run).toThrow(/^The store's Link header could not be read \(Link: .+\) and the page was full \(2 of 2 items\)/);
  });

  it("takes the store's default size when no limit was sent, and any items as full when none is known", () => {
    expect(() => nextPageQuery({ link: 'garbage', body: {}, query: {}, items: 50, defaultLimit: 50 })).toThrow(/50 of 50 items/);
    expect(() => nextPageQuery({ link: 'garbage', body: {}, query: {}, items: 3 })).toThrow(/\(3 items\)/);
  });

  it('fails when the next link has no query to follow, and no body token does', () => {
    expect(findNextPage(page('<https://s.example/other/path>; rel=next', 1))).toEqual({
      problem:
        "The store's Link header names a next page with no query to follow (Link: <https://s.example/other/path>; rel=next): stopping rather than end the listing early.",
    });
    expect(findNextPage(page('<https://s.example/other/path>; rel=next', 1, { limit: '2' }, { nextPageToken: 't' }))).toEqual({
      query: { limit: '2', pageToken: 't' },
    });
  });

  it('fails when the next link names the page just read, which would loop for ever', () => {
    const run = () => nextPageQuery(page('</x?limit=2&pageToken=t1>; rel=next', 2, { limit: '2', pageToken: 't1', status: undefined }));
    expect(run).toThrow(/^The store's Link header names the page just read as the next one \(Link: <\/x\?limit=2&pageToken=t1>; rel=next\)/);
    expect(nextPageQuery(page('</x?limit=2&pageToken=t2>; rel=next', 2, { limit: '2', pageToken: 't1' }))).toEqual({ limit: '2', pageToken: 't2' });
  });

  it('cuts a long header in the message', () => {
    const long = `<${'x'.repeat(500)}>`;
    expect(() => nextPageQuery(page(long))).toThrow(/x…\)/);
  });
});

describe('the bound on pages', () => {
  const full = (page: number, bound?: { pages: number; flag?: string }): PageSeen => ({
    page,
    ...(bound ? { bound } : {}),
    link: `</a?pageToken=t${page + 1}>; rel="next"`,
    body: {},
    query: { pageToken: `t${page}` },
    items: 250,
  });

  it('follows a next page up to MAX_PAGES (100,000) pages, then stops with an error instead of paging for ever', () => {
    expect(MAX_PAGES).toBe(100_000);
    expect(findNextPage(full(99_999))).toEqual({ query: { pageToken: 't100000' } });
    expect(findNextPage(full(100_000))).toEqual({
      problem: 'The store still named a next page after 100,000 pages, the most one listing follows: stopping rather than page for ever.',
    });
    expect(() => nextPageQuery(full(100_000))).toThrow(RuntimeError);
  });

  it("a command's own bound names its flag; the last page ends the listing whatever the count", () => {
    expect(findNextPage(full(3, { pages: 3, flag: '--max-pages' }))).toEqual({
      problem:
        'The store still named a next page after 3 pages, the most one listing follows (--max-pages raises the bound): stopping rather than page for ever.',
    });
    expect(findNextPage({ page: 3, bound: { pages: 3 }, link: undefined, body: {}, query: {}, items: 2 })).toEqual({ end: true });
  });
});

describe('PageTrail: a listing the store sends round in a circle', () => {
  const ids = (...list: string[]) => list.map((id) => ({ id, title: `item ${id}` }));

  it('lets a listing of new pages and new tokens go on', () => {
    const trail = new PageTrail({ limit: '2' });
    for (let page = 1; page <= 500; page++) {
      trail.checkPage(ids(`${page}a`, `${page}b`), page);
      trail.checkNext({ pageToken: `t${page + 1}`, limit: '2' }, page);
    }
  });

  it('stops at a page holding the items of an earlier one, by their ids, whatever else changed', () => {
    const trail = new PageTrail({});
    trail.checkPage(ids('1', '2'), 1);
    trail.checkPage(ids('3', '4'), 2);
    expect(() => trail.checkPage([{ id: '1', title: 'renamed' }, { id: '2' }], 3)).toThrow(
      new RuntimeError(
        "The store's listing goes round in a circle: page 3 holds the same 2 items as page 1, under a new page token; stopping rather than page for ever.",
      ),
    );
  });

  it('tells items without ids by their whole text, ids big and lossless as the same id, and order apart', () => {
    const trail = new PageTrail({});
    trail.checkPage([{ namespace: 'a', code: 'x' }], 1);
    trail.checkPage([{ namespace: 'a', code: 'y' }], 2);
    trail.checkPage([{ id: new LosslessNumber('12345678901234567890') }, { id: '7' }], 3);
    trail.checkPage([{ id: '7' }, { id: '12345678901234567890' }], 4);
    expect(() => trail.checkPage([{ namespace: 'a', code: 'y' }], 5)).toThrow(/page 5 holds the same item as page 2/);
    expect(() => trail.checkPage([{ id: '12345678901234567890' }, { id: 7 }], 6)).toThrow(/page 6 holds the same 2 items as page 3/);
  });

  it('lets empty pages by: they repeat nothing (a run of them ends at the page bound)', () => {
    const trail = new PageTrail({});
    trail.checkPage([], 1);
    trail.checkPage([], 2);
  });

  it('stops at a next page asked for before, its parameters in any order, the first page included', () => {
    const trail = new PageTrail({ limit: '250', status: 'enabled' });
    trail.checkNext({ pageToken: 'a', limit: '250' }, 1);
    trail.checkNext({ pageToken: 'b', limit: '250' }, 2);
    expect(() => trail.checkNext({ limit: '250', pageToken: 'a' }, 3)).toThrow(
      new RuntimeError(
        "The store's listing goes round in a circle: after page 3 it names page 2 again as the next one (limit=250&pageToken=a); stopping rather than page for ever.",
      ),
    );
    expect(() => trail.checkNext({ status: 'enabled', limit: '250' }, 3)).toThrow(/names page 1 again/);
  });
});
