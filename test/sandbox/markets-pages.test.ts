import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.js';
import { call, withSandbox } from './helpers.js';

// Markets (`/markets`, About Market) and pages (`/pages`, About Page) in both dialects: the demo
// set, a unique handle made from the name when none is sent, the primary market kept, a page's
// create with coverByHandle over a page of the same handle, and no page listing.

const US = '7100000000000000001';
const EUROPE = '7100000000000000002';
const ABOUT = '7200000000000000001';

describe.each(DIALECTS)('markets and pages (%s dialect)', (dialect) => {
  it('markets: the two demo markets by id, paged by Link, counted; create makes a handle, takes the shop currency; a taken handle is a 409; the primary market stays', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const all = await call(sandbox, 'GET', '/markets');
      expect(all.status).toBe(200);
      expect(all.json.markets.map((market: { handle: string }) => market.handle)).toEqual(['us', 'europe']);
      expect(all.json.markets[1]).toMatchObject({ name: 'Europe', currency: 'EUR', regions: ['DE', 'AT', 'FR', 'NL'], primary: false });
      const first = await call(sandbox, 'GET', '/markets?limit=1');
      expect(first.json.markets).toHaveLength(1);
      expect(first.headers.get('link') ?? '').toContain('next');
      expect(String((await call(sandbox, 'GET', '/markets/count')).json.count)).toBe('2');

      const made = await call(sandbox, 'POST', '/markets', { body: { market: { name: 'Europe', regions: ['GB'] } } });
      expect(made.status).toBe(dialect === 'real' ? 201 : 200);
      expect(made.json.market).toMatchObject({ name: 'Europe', handle: 'europe-2', currency: 'USD', primaryLanguage: 'en', regions: ['GB'], primary: false });
      const id = String(made.json.market.id);
      const taken = await call(sandbox, 'PUT', `/markets/${id}`, { body: { market: { handle: 'us' } } });
      expect(taken.status).toBe(409);
      expect(taken.text).toContain('handle us');
      const bad = await call(sandbox, 'POST', '/markets', { body: { market: { name: 'X', regions: ['usa'], currency: 'eur' } } });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('market.currency');
      const region = await call(sandbox, 'POST', '/markets', { body: { market: { name: 'X', regions: ['usa'] } } });
      expect(region.status).toBe(400);
      expect(region.text).toContain('market.regions');

      const primary = await call(sandbox, 'DELETE', `/markets/${US}`);
      expect(primary.status).toBe(409);
      expect(primary.text).toContain('primary');
      expect((await call(sandbox, 'DELETE', `/markets/${EUROPE}`)).status).toBe(200);
      expect((await call(sandbox, 'GET', `/markets/${EUROPE}`)).status).toBe(404);
    });
  });

  it('pages: the demo page; the docs sample body creates one ("true" as text); coverByHandle changes the page of that handle; a taken handle without it is a 409; no listing', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const about = await call(sandbox, 'GET', `/pages/${ABOUT}`);
      expect(about.json.page).toMatchObject({ handle: 'about-us', title: 'About us', visible: 'true' });

      // About Page's create sample, as the docs print it.
      const sample = {
        page: {
          coverByHandle: 'true',
          publishTime: '2025-01-10T11:00:00Z',
          visible: 'true',
          templateName: 'custom',
          seoDescription: 'This is a custom page demo',
          handle: 'demo',
          title: 'Custom page demo',
          seoTitle: 'Custom page title',
          content: '<div class="rfq_form_page"><div class="loader"></div></div>',
        },
      };
      const made = await call(sandbox, 'POST', '/pages', { body: sample });
      expect(made.status).toBe(dialect === 'real' ? 201 : 200);
      expect(made.json.page).toMatchObject({ handle: 'demo', title: 'Custom page demo', visible: 'true', templateName: 'custom' });
      const id = String(made.json.page.id);

      const again = await call(sandbox, 'POST', '/pages', { body: { page: { ...sample.page, title: 'Covered' } } });
      expect(again.status).toBe(200);
      expect(String(again.json.page.id)).toBe(id);
      expect(again.json.page.title).toBe('Covered');
      const refused = await call(sandbox, 'POST', '/pages', { body: { page: { title: 'Other', handle: 'demo' } } });
      expect(refused.status).toBe(409);
      const derived = await call(sandbox, 'POST', '/pages', { body: { page: { title: 'About Us' } } });
      expect(derived.json.page.handle).toBe('about-us-2');

      expect((await call(sandbox, 'GET', '/pages')).status).toBe(405);
      expect((await call(sandbox, 'DELETE', `/pages/${id}`)).status).toBe(200);
      expect((await call(sandbox, 'GET', `/pages/${id}`)).status).toBe(404);
    });
  });
});
