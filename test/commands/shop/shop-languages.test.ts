// `shop languages` (GET shops/languages, About Shop's "Get language list") against the sandbox
// in both dialects, and against a store whose languages carry fields of other types.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { requestLog, tsvRows } from '../_support.js';

describe.each(DIALECTS)('shop languages, %s dialect', (dialect) => {
  const log = requestLog();
  const s = useSandbox({ dialect, onRequest: log.hook, tokens: [parseTokenSpec('reader-token-1:read_shops'), parseTokenSpec('gifts-token-2:read_gift_card')] });
  const as = (token: string) => ({ ...s.env, STORE_CLI_TOKEN: token });

  it('lists code, name and primary in one request; --json and --jsonl; a token without read_shops exits 4', async () => {
    log.clear();
    const r = await cli(['shop', 'languages'], { env: as('reader-token-1') });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['en', 'English', 'true'],
      ['de', 'German', 'false'],
      ['fr', 'French', 'false'],
    ]);
    expect((await log.take()).map((l) => `${l.method} ${l.path}`)).toEqual(['GET /api/202412/shops/languages']);
    const json = await cli(['shop', 'languages', '--json', 'languageCode,primary'], { env: as('reader-token-1') });
    expect(JSON.parse(json.stdout)).toEqual([
      { languageCode: 'en', primary: true },
      { languageCode: 'de', primary: false },
      { languageCode: 'fr', primary: false },
    ]);
    const refused = await cli(['shop', 'languages'], { env: as('gifts-token-2') });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('read_shops');
  });
});

describe('shop languages, a store that writes them its own way', () => {
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        request.url === '/api/202412/shops/languages'
          ? '{"languages":[{"languageCode":"pt-BR","name":{"en":"Portuguese"},"primary":"true","published":1}]}'
          : '{}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('shows every field as sent, whatever its type; the listing never fails over one', async () => {
    const env = { STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: 't', STORE_CLI_BRAND: 'genstore' };
    const r = await cli(['shop', 'languages', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ languageCode: 'pt-BR', name: { en: 'Portuguese' }, primary: 'true', published: 1 }]);
    const table = await cli(['shop', 'languages'], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(tsvRows(table.stdout)[0]?.[0]).toBe('pt-BR');
  });
});
