import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { markets } from '../../src/api/markets/declaration.js';
import { pages } from '../../src/api/pages/declaration.js';
import { checkInput, RestApi } from '../../src/api/rest-resource.js';
import { CancelledError, UnconfirmedCreateError } from '../../src/core/errors.js';
import { FakeTransport } from '../helpers/fake-transport.js';

// The pages client (About Page: `POST /pages`, `GET|PUT|DELETE /pages/{id}`) fed the docs'
// create answer as printed, and the markets client's paths (`/markets`, its count).

/** About Page's create answer, as the docs print it (`visible` and the id as text). */
const DOCS_PAGE_ANSWER = `{"page":{"publishTime":"2025-01-10T11:00:00Z","visible":"true","templateName":"custom","seoDescription":"This is a custom page demo","handle":"demo","id":"1","title":"Custom page demo","seoTitle":"Custom page title","content":"<div class=\\"rfq_form_page\\"><div class=\\"loader\\"></div></div>"}}`;

describe('pages and markets clients', () => {
  it("a page: the docs' sample answer is read as sent; create sends coverByHandle (create only), update never does", async () => {
    const t = new FakeTransport([{ body: DOCS_PAGE_ANSWER }, { body: DOCS_PAGE_ANSWER }, { body: DOCS_PAGE_ANSWER }, { body: '' }]);
    const api = new RestApi(t, pages);
    const input = checkInput(pages, 'create', { title: 'Custom page demo', handle: 'demo', visible: 'true', coverByHandle: 'true' });
    const page = await api.create(input as never);
    expect(page).toMatchObject({ id: '1', visible: 'true', handle: 'demo' });
    expect(toJson(page)).toBe(toJson(JSON.parse(DOCS_PAGE_ANSWER).page));
    await api.get('1');
    await api.update('1', { title: 'New' });
    await api.delete('1');
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/202412/pages',
      'GET /api/202412/pages/1',
      'PUT /api/202412/pages/1',
      'DELETE /api/202412/pages/1',
    ]);
    expect(t.requests[0]!.body).toEqual({ page: { title: 'Custom page demo', handle: 'demo', visible: true, coverByHandle: true } });
    expect(() => checkInput(pages, 'update', { coverByHandle: true })).toThrow(/coverByHandle is not sent on update/);
  });

  it('a page create whose answer is lost is not sent again', async () => {
    let sent = 0;
    const lost = new RestApi(
      {
        request: async () => {
          sent += 1;
          throw new CancelledError('Interrupted.');
        },
      },
      pages,
    );
    await expect(lost.create({ title: 'About' })).rejects.toBeInstanceOf(UnconfirmedCreateError);
    expect(sent).toBe(1);
  });

  it('markets: list pages at /markets, count at /markets/count, regions sent as a list', async () => {
    const t = new FakeTransport([
      { body: '{"markets":[{"id":7,"handle":"us","primary":"true"}]}' },
      { body: '{"count":2}' },
      { body: '{"market":{"id":"8","regions":["DE"]}}' },
    ]);
    const api = new RestApi(t, markets);
    expect(toJson(await api.list({ limit: 250 }))).toBe('[{"id":7,"handle":"us","primary":"true"}]');
    expect(await api.count()).toBe('2');
    await api.create({ name: 'Europe', regions: ['DE'] });
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/202412/markets', 'GET /api/202412/markets/count', 'POST /api/202412/markets']);
    expect(t.requests[2]!.body).toEqual({ market: { name: 'Europe', regions: ['DE'] } });
  });
});
