import { describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../src/sandbox/index.js';
import { checkSeed } from '../../src/sandbox/state/seed.js';
import { DIALECTS, wireTime } from '../helpers/dialects.js';
import { call, withSandbox } from './helpers.js';

// Materials (`POST /material`, `GET /materials`, About Material), themes and their assets
// (`GET /themes`, `GET|POST /themes/{id}/assets`, About Theme) and payment transactions
// (`GET /payment/{id}`, About Pay Transaction) in both dialects: the demo set, the docs'
// request bodies as printed, what a create must agree with, and the scopes each requires.

const LOGO = '7210000000000000001';
const HARBOUR = '7220000000000000001';
const DRAFT = '7220000000000000002';

/** About Material's create request, as the docs print it (a .jpg whose file type is 1, bmp: the store does not compare them). */
const DOCS_MATERIAL = {
  material: {
    duration: '108',
    materialFileType: '1',
    size: '10245',
    materialType: '1',
    title: 'Front view image of Apple Watch',
    url: 'https://image-c.genstoredev.com/qa-34K/4022109170826/a34555550e704aa8994cc44c9c375b58.jpg',
    introduction: 'Front view image of Apple Watch',
  },
};

/** About Theme's asset write, as the docs print it (its file type as printed, no text). */
const DOCS_ASSET = { assets: { code: 'PAGE', name: 'wishlist', url: 'templates/cus.json', fileType: 'JSON 、LIQUID' } };

describe.each(DIALECTS)('files, themes and payments (%s dialect)', (dialect) => {
  it('materials: the demo files by id; the docs body makes one (200 or 201), its cover and optimized addresses made; search by title and type; a type, size or duration past the docs is a 400', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const all = await call(sandbox, 'GET', '/materials');
      expect(all.status).toBe(200);
      expect(all.json.materials.map((m: { title: string }) => m.title)).toEqual(['logo.png', 'Care guide']);
      expect(String(all.json.materials[0].id)).toBe(LOGO);

      const made = await call(sandbox, 'POST', '/material', { body: DOCS_MATERIAL });
      expect(made.status).toBe(dialect === 'real' ? 201 : 200);
      expect(made.json.material).toMatchObject({
        ...DOCS_MATERIAL.material,
        optimizeUrl: 'https://image-c.genstoredev.com/qa-34K/4022109170826/a34555550e704aa8994cc44c9c375b58.webp',
        coverImageUrl: 'https://image-c.genstoredev.com/qa-34K/4022109170826/a34555550e704aa8994cc44c9c375b58.jpg',
        materialDetailExts: [],
      });

      const byTitle = await call(sandbox, 'GET', '/materials?title=APPLE');
      expect(byTitle.json.materials.map((m: { title: string }) => m.title)).toEqual(['Front view image of Apple Watch']);
      const documents = await call(sandbox, 'GET', '/materials?materialType=4');
      expect(documents.json.materials.map((m: { title: string }) => m.title)).toEqual(['Care guide']);
      expect((await call(sandbox, 'GET', '/materials?materialType=9')).status).toBe(400);
      const paged = await call(sandbox, 'GET', '/materials?limit=1');
      expect(paged.json.materials).toHaveLength(1);
      expect(paged.headers.get('link') ?? '').toContain('next');

      const mismatch = await call(sandbox, 'POST', '/material', { body: { material: { ...DOCS_MATERIAL.material, materialFileType: '22' } } });
      expect(mismatch.status).toBe(400);
      expect(mismatch.text).toContain('material.materialFileType');
      const big = await call(sandbox, 'POST', '/material', { body: { material: { ...DOCS_MATERIAL.material, size: String(20 * 1024 * 1024 + 1) } } });
      expect(big.status).toBe(400);
      expect(big.text).toContain('material.size');
      const video = { ...DOCS_MATERIAL.material, materialType: '3', materialFileType: '10', duration: '181' };
      expect((await call(sandbox, 'POST', '/material', { body: { material: video } })).text).toContain('material.duration');
      const noUrl = await call(sandbox, 'POST', '/material', { body: { material: { ...DOCS_MATERIAL.material, url: 'file:///etc/passwd' } } });
      expect(noUrl.status).toBe(400);
      expect(noUrl.text).toContain('material.url');
    });
  });

  it('themes: listed with isCurrent as text; an asset read by ?asset=KEY; the docs write makes one; a second write replaces its text, keeps the rest; a key or theme that is not there is a 400 or 404', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const listed = await call(sandbox, 'GET', '/themes');
      expect(listed.json.themes).toEqual([
        {
          shopThemeId: HARBOUR,
          isCurrent: 'true',
          shopThemeName: 'Harbour',
          createTime: wireTime(dialect, '2026-06-01T09:00:00Z'),
          updateTime: wireTime(dialect, '2026-11-02T16:20:00Z'),
          status: 'SUCCESS',
        },
        expect.objectContaining({ shopThemeId: DRAFT, isCurrent: 'false' }),
      ]);

      const css = await call(sandbox, 'GET', `/themes/${HARBOUR}/assets?asset=assets/base.css`);
      expect(css.status).toBe(200);
      expect(Object.keys(css.json.asset)).toEqual(['createTime', 'context', 'updateTime', 'fileType']);
      expect(css.json.asset).toMatchObject({ fileType: 'css', context: expect.stringContaining('--color-background: #f7f4ee;') });

      const made = await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { body: DOCS_ASSET });
      expect(made.status).toBe(200);
      expect(made.json).toEqual({ assets: { name: 'wishlist', theme_id: DRAFT, url: 'templates/cus.json' } });
      const stored = await call(sandbox, 'GET', `/themes/${DRAFT}/assets?asset=templates/cus.json`);
      expect(stored.json.asset).toMatchObject({ context: '', fileType: 'JSON 、LIQUID' });

      const text = '{"sections":{}}\n';
      const again = await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { body: { assets: { url: 'templates/cus.json', context: text } } });
      expect(again.json.assets).toEqual({ name: 'wishlist', theme_id: DRAFT, url: 'templates/cus.json' });
      expect((await call(sandbox, 'GET', `/themes/${DRAFT}/assets?asset=templates/cus.json`)).json.asset).toMatchObject({
        context: text,
        fileType: 'JSON 、LIQUID',
      });
      // The published theme's asset of that key is another.
      expect((await call(sandbox, 'GET', `/themes/${HARBOUR}/assets?asset=templates/cus.json`)).status).toBe(404);
      // A new asset's name and type are its key's.
      const snippet = await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { body: { assets: { url: 'snippets/Note.LIQUID', context: '<p>Hi</p>' } } });
      expect(snippet.json.assets).toMatchObject({ name: 'Note', url: 'snippets/Note.LIQUID' });
      expect((await call(sandbox, 'GET', `/themes/${DRAFT}/assets?asset=snippets/Note.LIQUID`)).json.asset.fileType).toBe('liquid');

      expect((await call(sandbox, 'GET', `/themes/${HARBOUR}/assets`)).text).toContain('asset');
      expect((await call(sandbox, 'GET', `/themes/${HARBOUR}/assets`)).status).toBe(400);
      const escape = await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { body: { assets: { url: '../secrets.json', context: 'x' } } });
      expect(escape.status).toBe(400);
      expect(escape.text).toContain('assets.url');
      expect((await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { body: { asset: { url: 'a/b.json' } } })).text).toContain('assets');
      expect((await call(sandbox, 'GET', '/themes/7220000000000000999/assets?asset=a/b.json')).status).toBe(404);
    });
  });

  it('payments: read by their text id in the docs order, times in the dialect form, the gateway fields as kept; an unknown id is a 404', async () => {
    await withSandbox({ seed: 'demo', dialect }, async (sandbox) => {
      const paid = await call(sandbox, 'GET', '/payment/PI0020260919143000121');
      expect(paid.status).toBe(200);
      expect(Object.keys(paid.json.payment).slice(0, 6)).toEqual(['successPaymentTime', 'amount', 'channelTrxNo', 'paymentId', 'fee', 'currency']);
      expect(paid.json.payment).toMatchObject({
        successPaymentTime: wireTime(dialect, '2026-09-19T14:30:41Z'),
        amount: '79.92',
        channelTrxNo: '0SX593062F1597043',
        orderId: '6000000000000000121',
        status: 'SUCCESS',
        channel: 'paypal',
        channelDetails: { payerId: 'QYR5Z8XDVJNXQ' },
      });
      const failed = await call(sandbox, 'GET', '/payment/PI0020261029083000131');
      expect(failed.json.payment).not.toHaveProperty('successPaymentTime');
      const missing = await call(sandbox, 'GET', '/payment/PI404');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('PI404');
    });
  });

  it('each route asks its scopes: read_materials or write_materials, write_materials; read_themes or write_themes, write_themes; read_payments', async () => {
    const tokens = [
      parseTokenSpec('files-1:read_materials'),
      parseTokenSpec('themes-2:read_themes'),
      parseTokenSpec('themewriter-3:write_themes'),
      parseTokenSpec('pay-4:read_payments'),
      parseTokenSpec('orders-5:read_orders'),
    ];
    await withSandbox({ seed: 'demo', dialect, tokens }, async (sandbox) => {
      const as = (token: string) => ({ token });
      expect((await call(sandbox, 'GET', '/materials', as('files-1'))).status).toBe(200);
      expect((await call(sandbox, 'POST', '/material', { ...as('files-1'), body: DOCS_MATERIAL })).status).toBe(403);
      expect((await call(sandbox, 'GET', '/themes', as('themes-2'))).status).toBe(200);
      expect((await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { ...as('themes-2'), body: DOCS_ASSET })).status).toBe(403);
      expect((await call(sandbox, 'POST', `/themes/${DRAFT}/assets`, { ...as('themewriter-3'), body: DOCS_ASSET })).status).toBe(200);
      expect((await call(sandbox, 'GET', `/themes/${DRAFT}/assets?asset=assets/base.css`, as('themewriter-3'))).status).toBe(200);
      expect((await call(sandbox, 'GET', '/payment/PI0020260919143000121', as('pay-4'))).status).toBe(200);
      expect((await call(sandbox, 'GET', '/payment/PI0020260919143000121', as('orders-5'))).status).toBe(403);
    });
  });
});

describe('the seed of files, themes and payments', () => {
  const at = (result: ReturnType<typeof checkSeed>) => (result.ok ? [] : result.problems.map((problem) => `${problem.field}: ${problem.message}`));

  it('refuses an asset of no theme, two published themes, a payment of no order or a SUCCESS payment without its time', () => {
    const theme = (id: string, isCurrent: boolean) => ({ shopThemeId: id, shopThemeName: 'T', isCurrent });
    expect(at(checkSeed({ themes: [theme('1', true), theme('2', true)] }, new Date(0)))).toEqual([
      expect.stringMatching(/^themes\[1\]\.isCurrent: themes\[0\] is the published theme already/),
    ]);
    expect(at(checkSeed({ themes: [theme('1', true)], themeAssets: [{ id: '5', themeId: '2', url: 'a/b.css' }] }, new Date(0)))).toEqual([
      "themeAssets[0].themeId: is no theme's id (2)",
    ]);
    const payment = { paymentId: 'PI1', status: 'SUCCESS', amount: '1.00', currency: 'USD', channel: 'paypal' };
    expect(at(checkSeed({ payments: [{ ...payment, orderId: '42', successPaymentTime: '2026-01-01T00:00:00Z' }] }, new Date(0)))).toEqual([
      "payments[0].orderId: is no order's id (42)",
    ]);
    expect(at(checkSeed({ payments: [payment] }, new Date(0)))).toEqual(['payments[0].successPaymentTime: is required of a SUCCESS payment']);
  });
});
