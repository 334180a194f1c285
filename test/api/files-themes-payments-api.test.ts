import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/core/json.js';
import { CancelledError, UnconfirmedCreateError } from '../../src/core/errors.js';
import { withSecretsMasked } from '../../src/core/secrets.js';
import { checkInput, RestApi } from '../../src/api/rest-resource.js';
import { fileTypeOf, MaterialsApi, materials } from '../../src/api/materials/declaration.js';
import { checkAssetKey, isPublished, ThemesApi, themes } from '../../src/api/themes/declaration.js';
import { payments } from '../../src/api/payments/declaration.js';
import { FakeTransport } from '../helpers/fake-transport.js';

// The clients of About Material, About Theme and About Pay Transaction fed the docs' sample
// bodies as printed: every field read as sent (text where the docs write text), the paths and
// bodies they send, and a payment's secret fields masked on every read.

/** About Material's object, as the docs print it. */
const DOCS_MATERIAL = `{"material":{"duration":"122","optimizeUrl":"https://image-c-pioneer.weimobqa.com/qa-2TL/3d19b66355d04653a722cb3e116620f9.webp","materialFileType":"1","size":"1111","coverImageUrl":"https://image-c-pioneer.weimobqa.com/qa-2TL/3d19b66355d04653a722cb3e116620f9.jpg","materialType":"1","id":"123","title":"title","materialDetailExts":[{"value":"","key":""}],"url":"https://image-c-pioneer.weimobqa.com/qa-2TL/4022047364584/57051e41027b414b91a4dadfd3268d68.png","introduction":"description"}}`;

/** About Theme's list answer, its asset read (and the older copy's `shopAssert`), and its asset write's answer. */
const DOCS_THEMES = `{"themes":[{"isCurrent":"false","shopThemeName":"Down","createTime":"2025-01-10T11:00:00Z","shopThemeId":"1","updateTime":"2025-01-10T11:00:00Z","status":"INIT"}]}`;
const DOCS_ASSET = `{"asset":{"createTime":"2025-01-10T11:00:00Z","context":"{\\"color_scheme\\":\\"scheme-1\\"}","updateTime":"2025-01-10T11:00:00Z","fileType":"json"}}`;
const OLDER_ASSET = DOCS_ASSET.replace('"asset"', '"shopAssert"');
const DOCS_ASSET_WRITTEN = `{"assets":{"name":"wishlist","theme_id":"1938530406471172098","url":"templates/cus.json"}}`;

/** About Pay Transaction's object as far as it is readable (to its currency). */
const DOCS_PAYMENT = `{"payment":{"successPaymentTime":"2019-06-28T18:03:50+01:00","amount":"123.23","channelTrxNo":"0SX593062F1597043","paymentId":"PI0020241010151755224","fee":"5.01","currency":"USD"}}`;

describe('the materials client', () => {
  it("reads the docs' object as sent; a create goes to POST material with the checked fields as text; search sends title and materialType and checks them again", async () => {
    const t = new FakeTransport([
      { body: DOCS_MATERIAL },
      { body: `{"materials":[${JSON.stringify(JSON.parse(DOCS_MATERIAL).material)}]}` },
      {
        body: '{"materials":[{"id":1,"title":"Logo","materialType":"1"},{"id":2,"title":"Banner","materialType":"1"},{"id":3,"title":"logo.pdf","materialType":"4"},{"id":4,"title":"Logo 2","materialType":4},{"id":5,"title":"LOGO 3","materialType":1}]}',
      },
    ]);
    const api = new MaterialsApi(t, materials);
    const input = checkInput(materials, 'create', {
      title: 'Front view',
      url: 'https://cdn.example.com/a.jpg',
      materialType: '1',
      materialFileType: '4',
      size: '10245',
    });
    const made = await api.create(input as never);
    expect(toJson(made)).toBe(toJson(JSON.parse(DOCS_MATERIAL).material));
    expect(toJson(await api.list({ limit: 250 }))).toBe(`[${toJson(JSON.parse(DOCS_MATERIAL).material)}]`);
    const found = [];
    for await (const page of api.search({ title: 'LOGO', materialType: '1' }, { limit: 50 }, true)) found.push(...page);
    expect(found.map((material) => String(material.id))).toEqual(['1', '5']);
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/202412/material', 'GET /api/202412/materials', 'GET /api/202412/materials']);
    expect(t.requests[0]!.body).toEqual({
      material: { title: 'Front view', materialType: '1', materialFileType: '4', size: '10245', url: 'https://cdn.example.com/a.jpg' },
    });
    expect(t.requests[2]!.query).toEqual({ title: 'LOGO', materialType: '1', limit: '50' });
  });

  it('a create whose answer is lost is not sent again; the documented types by extension, in any case', async () => {
    let sent = 0;
    const lost = new MaterialsApi(
      {
        request: async () => {
          sent += 1;
          throw new CancelledError('Interrupted.');
        },
      },
      materials,
    );
    await expect(lost.create({ title: 'a', url: 'https://x.example/a.png', materialType: '1', materialFileType: '2', size: '1' })).rejects.toBeInstanceOf(
      UnconfirmedCreateError,
    );
    expect(sent).toBe(1);
    expect(fileTypeOf('JPG')).toEqual({ kind: 'image', materialType: '1', materialFileType: '4' });
    expect(fileTypeOf('mov')).toEqual({ kind: 'video', materialType: '3', materialFileType: '27' });
    expect(fileTypeOf('xmind')).toEqual({ kind: 'file', materialType: '4', materialFileType: '39' });
    expect(fileTypeOf('exe')).toBeUndefined();
    expect(fileTypeOf('constructor')).toBeUndefined();
  });
});

describe('the themes client', () => {
  it("reads the docs' list, asset (and the older shopAssert) and write answers; an asset is asked by ?asset=KEY and written as {assets: {...}}", async () => {
    const t = new FakeTransport([{ body: DOCS_THEMES }, { body: DOCS_ASSET }, { body: OLDER_ASSET }, { body: DOCS_ASSET_WRITTEN }]);
    const api = new ThemesApi(t, themes);
    const listed = await api.list();
    expect(toJson(listed)).toBe(toJson(JSON.parse(DOCS_THEMES).themes));
    expect(isPublished(listed[0]!)).toBe(false);
    expect(isPublished({ shopThemeId: '2', isCurrent: 'true' })).toBe(true);
    expect(isPublished({ shopThemeId: '2', isCurrent: true })).toBe(true);
    expect((await api.asset('1', 'config/settings_data.json')).context).toBe('{"color_scheme":"scheme-1"}');
    expect((await api.asset('1', 'config/settings_data.json')).fileType).toBe('json');
    const written = await api.putAsset('1938530406471172098', { url: 'templates/cus.json', name: 'cus', fileType: 'json', context: '{}', code: 'PAGE' });
    expect(toJson(written)).toBe(toJson(JSON.parse(DOCS_ASSET_WRITTEN).assets));
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/202412/themes',
      'GET /api/202412/themes/1/assets',
      'GET /api/202412/themes/1/assets',
      'POST /api/202412/themes/1938530406471172098/assets',
    ]);
    expect(t.requests[1]!.query).toEqual({ asset: 'config/settings_data.json' });
    expect(t.requests[3]!.body).toEqual({ assets: { url: 'templates/cus.json', name: 'cus', fileType: 'json', context: '{}', code: 'PAGE' } });
    expect(t.requests[3]!.idempotent).toBe(true);
  });

  it('a write answered without the asset reads it back; an asset key must be a relative path with an extension', async () => {
    const t = new FakeTransport([{ body: '' }, { body: DOCS_ASSET }]);
    const api = new ThemesApi(t, themes);
    expect((await api.putAsset('1', { url: 'a/b.json', name: 'b', fileType: 'json', context: '{}' })).fileType).toBe('json');
    expect(t.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    for (const key of ['templates/index.json', 'locales/en.default.json', 'a/b/c.liquid']) expect(checkAssetKey(key, 'key')).toBe(key);
    for (const key of ['index.json', '/templates/x.json', 'templates/../x.json', '../x.json', 'templates/x', 'templates/x .json', `a/${'b'.repeat(260)}.css`])
      expect(() => checkAssetKey(key, 'key'), key).toThrow(/must be an asset key/);
  });
});

describe('the payments client', () => {
  it("reads the docs' payment as sent by its text id, at GET payment/{id}", async () => {
    const t = new FakeTransport([{ body: DOCS_PAYMENT }]);
    const payment = await new RestApi(t, payments).get('PI0020241010151755224');
    expect(toJson(payment)).toBe(toJson(JSON.parse(DOCS_PAYMENT).payment));
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/202412/payment/PI0020241010151755224']);
  });

  it('masks every field a secret name holds, at any depth, to its last four characters; leaves the rest as sent', async () => {
    const sent = {
      paymentId: 'PI1',
      cardNumber: '4111111111111111',
      channelDetails: {
        card_number: 4111111111111111n.toString(),
        cvv: '123',
        'CLIENT-SECRET': 'pi_3Q_secret_abcdefgh',
        accessToken: { value: 'x' },
        cvvResult: 'M',
        last4: '1111',
        nested: [{ iban: 'DE89370400440532013000', pan: null }],
        authorizationCode: 'A1B2C3',
        paymentCard: { number: '5555555555554444', brand: 'mastercard' },
        order: { number: '#1001' },
      },
      status: 'SUCCESS',
    };
    expect(withSecretsMasked(sent)).toEqual({
      paymentId: 'PI1',
      cardNumber: '****1111',
      channelDetails: {
        card_number: '****1111',
        cvv: '****',
        'CLIENT-SECRET': '****efgh',
        accessToken: '****',
        cvvResult: 'M',
        last4: '1111',
        nested: [{ iban: '****3000', pan: null }],
        authorizationCode: 'A1B2C3',
        paymentCard: { number: '****4444', brand: 'mastercard' },
        order: { number: '#1001' },
      },
      status: 'SUCCESS',
    });
    const t = new FakeTransport([{ body: `{"payment":{"paymentId":"PI1","channelDetails":{"cardNumber":4111111111111111,"password":"hunter22"}}}` }]);
    expect(toJson(await new RestApi(t, payments).get('PI1'))).toBe('{"paymentId":"PI1","channelDetails":{"cardNumber":"****1111","password":"****er22"}}');
  });
});
