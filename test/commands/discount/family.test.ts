// How the client knows a store's discount shape: by its header family (docs/decisions.md
// "Discounts"). Named (STORE_CLI_BRAND, a profile's brand, a genmystore.com host), it costs
// nothing; named by nothing, one read of the token's scopes (a path both families document)
// lets a 401 find Genstore's family before a discount request is built, so a Genstore store
// is sent the nested body and is never asked for a path its docs do not show.
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { requestLog } from '../_support.js';

describe('a Genstore store whose family nothing names', () => {
  const log = requestLog();
  const s = useSandbox({ dialect: 'real', seed: 'demo', onRequest: log.hook });
  /** The store's address and token only: no STORE_CLI_BRAND, a loopback host that names no family. */
  const unnamed = () => ({ STORE_CLI_BASE_URL: s.sandbox.baseUrl, STORE_CLI_TOKEN: s.sandbox.token });

  it('create: the scopes read first find the family, then the nested body is sent once', async () => {
    log.clear();
    const r = await cli(
      [
        'discount',
        'create',
        '--title',
        'Found family',
        '--discount-type',
        'order',
        '--value-type',
        'percentage',
        '--value',
        '5',
        '--code',
        'FAMILY12',
        '--json',
        'discountId',
      ],
      {
        env: unnamed(),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('using the genstore header family');
    const requests = (await log.take()).map((request) => `${request.method} ${request.path} ${request.status}`);
    expect(requests.filter((line) => line.startsWith('POST'))).toEqual(['POST /api/202412/discounts 201']);
    expect(requests[0]).toBe('GET /api/202412/oauth2/access_scopes 401');
    expect(requests.at(-1)).toBe('POST /api/202412/discounts 201');
  });

  it("count and export: Genstore's listing only, never a /count or /codes path", async () => {
    log.clear();
    expect((await cli(['discount', 'count'], { env: unnamed() })).stdout).toBe('4\n');
    expect((await cli(['discount', 'export'], { env: unnamed() })).code).toBe(0);
    const paths = (await log.take()).map((request) => request.path.replace(/\?.*/, ''));
    expect(paths.filter((path) => /\/(count|codes)$/.test(path))).toEqual([]);
    expect(paths).toContain('/api/202412/discounts');
  });

  it('named: no read before the request', async () => {
    log.clear();
    expect((await cli(['discount', 'count'], { env: { ...unnamed(), STORE_CLI_BRAND: 'genstore' } })).code).toBe(0);
    expect((await log.take()).map((request) => request.path.replace(/\?.*/, ''))).toEqual(['/api/202412/discounts']);
  });
});
