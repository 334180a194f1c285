// The discount object the store's docs print (partners.genstore.ai "About Discount"),
// completed as docs/decisions.md "Discounts" decides, served as it is by a tiny local store
// speaking Genstore's header family: what `discount get` and `discount list` make of it,
// and the bytes `discount create` sends, as the store received them. The client checked
// against the docs' text, not against our own sandbox.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DOCS_DISCOUNT, DOCS_DISCOUNT_ANSWER, DOCS_DISCOUNT_PREFIX } from '../../helpers/discount-sample.js';
import { stripAnsi, tsvRows } from '../_support.js';

/** The flat shape a store might send too (read as tolerantly), with its code beside the fields. */
const FLAT =
  '{"id":"201462125","title":"Flat sale","discountType":"ORDER_DISCOUNT","valueType":"FIXED_AMOUNT_OFF","value":"5.00","discountMethod":"CODE_DISCOUNT","discountCode":"FLAT5OFF","status":"ENABLED"}';

describe('discounts in the documented shape', () => {
  const received: Array<{ method: string; path: string; token: string | undefined; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        token: req.headers['x-genstore-access-token'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      if (req.method === 'POST' && url.pathname === '/api/202412/discounts') return send(201, DOCS_DISCOUNT_ANSWER);
      if (url.pathname === '/api/202412/discounts/201462124') return send(200, DOCS_DISCOUNT_ANSWER);
      if (url.pathname === '/api/202412/discounts') return send(200, `{"discounts": [${DOCS_DISCOUNT}, ${FLAT}]}`);
      return send(404, '{"error": "no such route"}');
    });
  });
  let env: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = {
      STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      STORE_CLI_TOKEN: 'token-for-a-documented-store',
      STORE_CLI_BRAND: 'genstore',
    };
  });
  beforeEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('get: its type, method, value and code, read from inside promotionType; --json the object exactly as sent', async () => {
    const r = await cli(['discount', 'get', '201462124'], { env });
    expect(r.code, r.stderr).toBe(0);
    const fields = Object.fromEntries(tsvRows(r.stdout).map(([name, value]) => [name, value]));
    expect(fields).toMatchObject({
      ID: '201462124',
      TITLE: 'Summer sale',
      TYPE: 'PRODUCT_DISCOUNT',
      VALUE_TYPE: 'PERCENTAGE',
      VALUE: '15',
      METHOD: 'CODE_DISCOUNT',
      CODE: '71NLIYCH',
      STATUS: 'ENABLED',
      USAGE_LIMIT: '500',
    });
    const json = await cli(['discount', 'get', '201462124', '--json'], { env });
    expect(json.stdout).toBe(`${DOCS_DISCOUNT}\n`);
    const table = await cli(['discount', 'get', '201462124'], { env, tty: true, columns: 120, now: () => new Date('2024-12-20T00:00:00Z') });
    expect(stripAnsi(table.stdout)).toMatch(/TYPE\s+product\n/);
    expect(stripAnsi(table.stdout)).toMatch(/VALUE\s+15%\n/);
    expect(stripAnsi(table.stdout)).toMatch(/METHOD\s+code\n/);
    expect(stripAnsi(table.stdout)).toMatch(/CODE\s+71NLIYCH\n/);
  });

  it('list: both shapes in one listing, each with its type, method, value and code', async () => {
    const r = await cli(['discount', 'list', '--columns', 'id,discountType,valueType,value,discountMethod,code'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['201462124', 'PRODUCT_DISCOUNT', 'PERCENTAGE', '15', 'CODE_DISCOUNT', '71NLIYCH'],
      ['201462125', 'ORDER_DISCOUNT', 'FIXED_AMOUNT_OFF', '5.00', 'CODE_DISCOUNT', 'FLAT5OFF'],
    ]);
  });

  it("create: the nested body, byte for byte as the store received it, beginning as the docs' sample does", async () => {
    const r = await cli(
      [
        'discount',
        'create',
        '--title',
        'Summer sale',
        '--discount-type',
        'product',
        '--value-type',
        'percentage',
        '--value',
        '15',
        '--code',
        '71NLIYCH',
        '--usage-limit',
        '500',
        '--once-per-customer',
        'true',
        '--json',
        'discountId',
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ discountId: '201462124' });
    expect(received.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/202412/discounts']);
    expect(received[0]!.token).toBe('token-for-a-documented-store');
    expect(received[0]!.body).toBe(
      '{"discount":{"promotionType":{"categoryType":"PRODUCT_DISCOUNT","generateType":{"discountCode":"71NLIYCH","generateDiscountType":"CODE_DISCOUNT"}},"title":"Summer sale","valueType":"PERCENTAGE","value":"15","usageLimit":500,"oncePerCustomer":true}}',
    );
    expect(received[0]!.body.startsWith(DOCS_DISCOUNT_PREFIX)).toBe(true);
  });

  it("a code outside Genstore's rule is refused before anything is sent, naming the rule", async () => {
    const r = await cli(['discount', 'create', '--title', 'x', '--discount-type', 'order', '--value-type', 'fixed', '--value', '5', '--code', 'SUMMER-15'], {
      env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: --code must be 8 letters and digits (Genstore takes "a custom 8-digit code" of letters and digits, no other characters) (got 'SUMMER-15').`,
    );
    expect(received).toEqual([]);
  });
});
