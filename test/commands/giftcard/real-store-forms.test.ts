// The client against a store that answers as the real one does (real-store-notes.md): the
// Link header in double quotes with padded URLs and unquoted rels beside rel=previous, ids
// as strings, times without a zone, plain-date expiries, `{"error"}` bodies, 201 and 204.
// A tiny node:http server in the test speaks that form; the sandbox is not involved.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { tsvRows } from '../_support.js';

type Handler = (req: IncomingMessage, url: URL, res: ServerResponse) => void;

const SEARCH = '/api/202412/gift_cards/search';
const NOW = () => new Date('2025-06-15T12:00:00Z');

const card = (id: string, fields: Record<string, string | null> = {}) => ({
  id,
  lastCharacters: `${id.slice(-4)}`,
  balance: '25.00',
  currency: 'USD',
  customerId: '7001',
  createTime: '2024-12-16T17:04:38.004',
  updateTime: '2024-12-16T17:04:38.004',
  disableTime: null,
  expireTime: '2027-12-04',
  ...fields,
});

const CARDS = [
  card('201462121'),
  card('201462122', { expireTime: '2025-06-14' }),
  card('201462123', { expireTime: '2025-06-15' }),
  card('201462124', { expireTime: '2025-06-15T11:59:59' }),
  card('201462125', { disableTime: '2025-01-02T03:04:05-04:00' }),
];

describe('a store that answers in the real form', () => {
  let handler: Handler = () => {};
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    handler(req, url, res);
  });
  let origin = '';
  let env: Record<string, string> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env = { STORE_CLI_BASE_URL: origin, STORE_CLI_TOKEN: 'token-for-a-real-form-store' };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const pageUrl = (token: string) => `< ${origin}${SEARCH}?pageToken=${token}&limit=2 >`;

  /** Pages of two cards; a pageToken names the page's first index. The Link is written as the docs print it. */
  const pagedStore: Handler = (_req, url, res) => {
    const start = Number(url.searchParams.get('pageToken') ?? '0');
    const page = CARDS.slice(start, start + 2);
    const links: string[] = [];
    if (start > 0) links.push(`${pageUrl(String(start - 2))}; rel=previous`);
    if (start + 2 < CARDS.length) links.push(`${pageUrl(String(start + 2))}; rel=next`);
    json(res, 200, { giftCards: page }, links.length > 0 ? { link: `"${links.join(', ')}"` } : {});
  };

  it('search --all follows the quoted, padded Link with rel=previous to the end: every card, exit 0', async () => {
    handler = pagedStore;
    seen.length = 0;
    const r = await cli(['giftcard', 'search', '--all', '--limit', '2', '--status', 'enabled', '--json'], { env, now: NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${JSON.stringify(CARDS)}\n`);
    // Filters go on the first page only; a pageToken request carries only limit beside it.
    expect(seen).toEqual([`GET ${SEARCH}?limit=2&status=enabled`, `GET ${SEARCH}?pageToken=2&limit=2`, `GET ${SEARCH}?pageToken=4&limit=2`]);
  });

  it('tables and TSV show times as sent and derive each status from them', async () => {
    handler = pagedStore;
    const r = await cli(['giftcard', 'search', '--all', '--limit', '2'], { env, now: NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout).map(([id, , , , status, expires]) => [id, status, expires])).toEqual([
      ['201462121', 'enabled', '2027-12-04'],
      ['201462122', 'expired', '2025-06-14'],
      ['201462123', 'enabled', '2025-06-15'],
      ['201462124', 'expired', '2025-06-15T11:59:59'],
      ['201462125', 'disabled', '2027-12-04'],
    ]);
    handler = (_req, _url, res) => json(res, 200, { giftCard: CARDS[3] });
    const one = await cli(['giftcard', 'get', '201462124'], { env, now: NOW });
    expect(Object.fromEntries(tsvRows(one.stdout))).toMatchObject({ STATUS: 'expired', EXPIRES: '2025-06-15T11:59:59', CREATED: '2024-12-16T17:04:38.004' });
  });

  it('a full page whose Link cannot be read exits 1 naming the Link header, after printing what it had', async () => {
    handler = (_req, _url, res) => json(res, 200, { giftCards: CARDS.slice(0, 2) }, { link: `${origin}${SEARCH}?pageToken=2&limit=2; rel=next` });
    const r = await cli(['giftcard', 'search', '--all', '--limit', '2', '--jsonl'], { env, now: NOW });
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(
      /Link header could not be read \(Link: http:\/\/127\.0\.0\.1:\d+\/api\/202412\/gift_cards\/search\?pageToken=2&limit=2; rel=next\) and the page was full \(2 of 2 items\)/,
    );
    expectNoStackTrace(r.stderr);
  });

  it('a short page with an unreadable Link is the end of the listing', async () => {
    handler = (_req, _url, res) => json(res, 200, { giftCards: CARDS.slice(0, 1) }, { link: 'garbage' });
    const r = await cli(['giftcard', 'search', '--all', '--limit', '2', '--jsonl'], { env, now: NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it('an {"error"} body is the message of the failure', async () => {
    handler = (_req, _url, res) => json(res, 422, { error: 'Gift card balance must not exceed its initial value', requestId: 'r-1' });
    const r = await cli(['giftcard', 'update', '201462121', '--balance', '99.00'], { env, now: NOW });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('(422): Gift card balance must not exceed its initial value.');
    expectNoStackTrace(r.stderr);
  });

  it('a create answered 201 prints the card; a disable answered 204 reads the card back', async () => {
    handler = (req, _url, res) => json(res, 201, { giftCard: { ...CARDS[0], code: 'NEWCODE9ABCD2345' } });
    const created = await cli(['giftcard', 'create', '--code', 'NEWCODE9ABCD2345', '--initial-value', '25.00', '--json', 'id,code'], { env, now: NOW });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ id: '201462121', code: 'NEWCODE9ABCD2345' });

    seen.length = 0;
    handler = (req, _url, res) => {
      if (req.method === 'POST') {
        res.writeHead(204).end();
        return;
      }
      json(res, 200, { giftCard: { ...CARDS[0], disableTime: '2025-06-15T12:00:00' } });
    };
    const disabled = await cli(['giftcard', 'disable', '201462121', '--yes'], { env, now: NOW });
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(Object.fromEntries(tsvRows(disabled.stdout))).toMatchObject({ ID: '201462121', STATUS: 'disabled', DISABLED: '2025-06-15T12:00:00' });
    expect(seen).toEqual(['POST /api/202412/gift_cards/201462121/disable', 'GET /api/202412/gift_cards/201462121']);
  });

  it('a create answered 202 without a body still succeeds and shows the code it sent', async () => {
    handler = (_req, _url, res) => res.writeHead(202).end();
    const r = await cli(['giftcard', 'create', '--code', 'KEEPCODE5678WXYZ', '--initial-value', '10.00', '--json'], { env, now: NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ code: 'KEEPCODE5678WXYZ', initialValue: '10.00' });
    expect(r.stderr).toContain('The store accepted the gift card but sent none back, so its id is not known');
  });

  it('metafield delete answered 204 prints the namespace and code it removed', async () => {
    handler = (_req, _url, res) => res.writeHead(204).end();
    const r = await cli(['metafield', 'delete', 'products', '301', '--namespace', 'custom', '--code', 'size', '--yes', '--json'], { env, now: NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ namespace: 'custom', code: 'size' });
  });
});
