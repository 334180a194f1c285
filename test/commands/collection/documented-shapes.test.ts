// Collections in every shape the documentation and the spec give them: `collectionType` a
// number (1 custom, 2 smart, real-store-notes.md) or a code as text ("1", the spec's
// "string"), `published` a boolean or text. Strict in what we send, tolerant in what we
// read: a field the command does not need is shown as the store sent it, whatever its type,
// and never fails the listing. A tiny node:http server in the test answers these bodies.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { tsvRows } from '../_support.js';

/** Written as JSON text by hand, so the numbers are the store's exact digits. */
const COLLECTIONS = `{"collections": [
  {"collectionId": 4000000000000000304, "title": "Summer Sale", "collectionType": 1, "bodyHtml": "", "published": true, "countGoodsNum": 3},
  {"collectionId": "4000000000000000311", "title": "New Arrivals", "collectionType": 2, "published": false, "countGoodsNum": "2"},
  {"collectionId": "4000000000000000317", "title": "Winter Sale", "collectionType": "1", "published": "true", "countGoodsNum": "0"},
  {"collectionId": "4000000000000000322", "title": "Best Sellers", "collectionType": "2", "published": "false"},
  {"collectionId": "4000000000000000329", "title": "Odd One", "collectionType": 7, "published": 1, "image": "https://cdn.example.com/odd.jpg", "bodyHtml": 12, "collects": [4000000000000000401]},
  {"collectionId": "4000000000000000335", "title": "Nulls", "collectionType": null, "published": null, "image": null, "countGoodsNum": null}
]}`;

describe('collections in the documented shapes', () => {
  const seen: { method: string; path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, body });
      if (url.pathname === '/api/202412/collections') return send(res, 200, COLLECTIONS);
      if (req.method === 'POST' && url.pathname === '/api/202412/products') {
        const sent = JSON.parse(body) as { product: Record<string, unknown> };
        return send(res, 201, JSON.stringify({ product: { productId: '5000000000000000001', ...sent.product } }));
      }
      return send(res, 404, '{"error": "no such route"}');
    });
  });
  let env: Record<string, string> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = { STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, STORE_CLI_TOKEN: 'token-for-a-documented-store' };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('lists them all: types named custom/smart from numbers and text, published true/false from booleans and text, the rest as sent', async () => {
    const r = await cli(['collection', 'list'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['4000000000000000304', 'Summer Sale', 'custom', '3', 'true'],
      ['4000000000000000311', 'New Arrivals', 'smart', '2', 'false'],
      ['4000000000000000317', 'Winter Sale', 'custom', '0', 'true'],
      ['4000000000000000322', 'Best Sellers', 'smart', '', 'false'],
      ['4000000000000000329', 'Odd One', '7', '', '1'],
      ['4000000000000000335', 'Nulls', '', '', ''],
    ]);
  });

  it('--json shows each collection exactly as the store sent it, numbers and booleans kept', async () => {
    const r = await cli(['collection', 'list', '--json', 'collectionId,collectionType,published,image,bodyHtml,collects'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"collectionId":4000000000000000304');
    const list = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(list.map((c) => [c.collectionType, c.published])).toEqual([
      [1, true],
      [2, false],
      ['1', 'true'],
      ['2', 'false'],
      [7, 1],
      [null, null],
    ]);
    expect(list[4]).toMatchObject({ image: 'https://cdn.example.com/odd.jpg', bodyHtml: 12 });
  });

  it('a terminal table names the types too', async () => {
    const r = await cli(['collection', 'list'], { env, tty: true, columns: 120 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Summer Sale\s+custom\s+3\s+\S*true/);
    expect(r.stdout).toMatch(/New Arrivals\s+smart\s+2\s+\S*false/);
  });

  it('--collection-type sends the code; product create --collection NAME finds the id among numeric types', async () => {
    seen.length = 0;
    expect((await cli(['collection', 'list', '--collection-type', 'manual'], { env })).code).toBe(0);
    expect(seen.map((q) => q.path)).toEqual(['/api/202412/collections?collectionType=1']);
    seen.length = 0;
    const created = await cli(['product', 'create', '--title', 'Linen Shirt', '--collection', 'new arrivals', '--json', 'productId,collections'], { env });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ productId: '5000000000000000001', collections: '["4000000000000000311"]' });
    expect(seen.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/202412/collections?title=new+arrivals', 'POST /api/202412/products']);
  });
});

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}
