// A store that names a new next page after every full page (a paging bug, or a hostile
// proxy) once kept `--all` listings going until killed. A tiny server that never ends
// stands in for it; a small --max-pages makes the bound quick to reach.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';

describe('endless Link paging stops at the page bound', () => {
  let server: Server;
  let env: Record<string, string> = {};
  let requests = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests += 1;
      const url = new URL(request.url!, 'http://store');
      const limit = Number(url.searchParams.get('limit') ?? '50');
      const page = Number(url.searchParams.get('pageToken')?.slice(1) ?? '0');
      const giftCards = Array.from({ length: limit }, (_, i) => ({
        id: String(page * limit + i + 1),
        lastCharacters: 'AB12',
        balance: '1.00',
        currency: 'USD',
      }));
      response
        .writeHead(200, { 'content-type': 'application/json', link: `<${url.pathname}?limit=${limit}&pageToken=p${page + 1}>; rel="next"` })
        .end(JSON.stringify({ giftCards }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = { STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, STORE_CLI_TOKEN: 'secret-token' };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests = 0;
  });

  it('giftcard search --all --max-pages 3: the three pages streamed, then exit 1 naming the bound', async () => {
    const r = await cli(['giftcard', 'search', '--all', '--max-pages', '3', '--limit', '5', '--jsonl'], { env });
    expect(r.code).toBe(1);
    expect(requests).toBe(3);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(15);
    expectNoStackTrace(r.stderr);
    expect(r.stderr).toBe(
      'error: The store still named a next page after 3 pages, the most one listing follows (--max-pages raises the bound): stopping rather than page for ever.\n',
    );
  });

  it('api --paginate --max-pages 2 stops alike', async () => {
    const r = await cli(['api', 'GET', 'gift_cards/search', '--paginate', '--max-pages', '2', '-F', 'limit=4'], { env });
    expect(r.code).toBe(1);
    expect(requests).toBe(2);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(8);
    expect(r.stderr).toContain('after 2 pages, the most one listing follows (--max-pages raises the bound)');
  });

  it('--max-pages without --all (or --paginate), or not a whole number: exit 2, nothing sent', async () => {
    const cases: [string[], string][] = [
      [['giftcard', 'search', '--max-pages', '3'], '--max-pages bounds the pages of --all: add --all.'],
      [['giftcard', 'search', '--all', '--max-pages', '0'], "--max-pages must be a whole number from 1 to 100000000 (got '0')."],
      [['api', 'GET', 'gift_cards/search', '--max-pages', '3'], '--max-pages bounds the pages of --paginate: add --paginate.'],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(argv, { env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(requests).toBe(0);
  });
});
