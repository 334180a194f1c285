import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { requestLog, stripAnsi, tsvRows } from '../_support.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../helpers/dialects.js';

describe.each(DIALECTS)('category search (%s dialect)', (dialect) => {
  const log = requestLog();
  const s = useSandbox({
    dialect,
    seed: 'demo',
    onRequest: log.hook,
    tokens: [parseTokenSpec('full-token-0001'), parseTokenSpec('gift-token-0002:read_gift_card')],
  });
  const env = () => ({ ...s.env, STORE_CLI_TOKEN: 'full-token-0001' });

  it('by part of the name, ignoring case: TSV rows with the path from the root', async () => {
    log.clear();
    const r = await cli(['category', 'search', 'SHIRT'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout)).toEqual([
      ['4000000000000000212', 'T-Shirts', '4000000000000000207', 'Apparel > Tops > T-Shirts'],
      ['4000000000000000218', 'Sweatshirts', '4000000000000000207', 'Apparel > Tops > Sweatshirts'],
    ]);
    // The parents were not among the matches: one more request for the tree.
    expect((await log.take()).map((q) => q.path)).toEqual(['/api/202412/category/search?categoryName=SHIRT', '/api/202412/category/search']);
  });

  it('without a name: every category; a root has an empty parent (the store sends 0), in rows and in a table; --json keeps the 0', async () => {
    const r = await cli(['category', 'search'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const rows = tsvRows(r.stdout);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.find((row) => row[1] === 'Apparel')).toEqual(['4000000000000000203', 'Apparel', '', 'Apparel']);
    const table = await cli(['category', 'search', '--columns', 'categoryId,parentCategoryId,categoryName'], {
      env: { ...env(), NO_COLOR: '1' },
      tty: true,
      columns: 120,
    });
    expect(table.stdout).toMatch(/^4000000000000000203 {23}Apparel$/m);
    expect(table.stdout).toMatch(/^4000000000000000207 {2}4000000000000000203 {2}Tops$/m);
    expect(table.stdout).not.toMatch(/\b0\b/);
    const json = await cli(['category', 'search', 'apparel', '--json', 'parentCategoryId'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual([{ parentCategoryId: '0' }]);
  });

  it('--json: the categories as sent; a terminal: a table', async () => {
    const json = await cli(['category', 'search', 'tops', '--json'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual([{ categoryId: '4000000000000000207', categoryName: 'Tops', parentCategoryId: '4000000000000000203' }]);
    const tty = await cli(['category', 'search', 'tops'], { env: env(), tty: true });
    expect(stripAnsi(tty.stdout)).toMatch(/^ID\s+NAME\s+PARENT\s+PATH\n4000000000000000207\s+Tops\s+4000000000000000203\s+Apparel > Tops\n$/);
  });

  it('no match: exit 0, empty output; a terminal says so on stderr', async () => {
    const piped = await cli(['category', 'search', 'zzz'], { env: env() });
    expect(piped).toEqual({ code: 0, stdout: '', stderr: '' });
    const json = await cli(['category', 'search', 'zzz', '--json'], { env: env() });
    expect(json.stdout).toBe('[]\n');
    const tty = await cli(['category', 'search', 'zzz'], { env: env(), tty: true });
    expect(stripAnsi(tty.stderr)).toContain("No category matches 'zzz'.");
  });

  it('a token without read_products exits 4', async () => {
    const r = await cli(['category', 'search'], { env: { ...s.env, STORE_CLI_TOKEN: 'gift-token-0002' } });
    expect(r.code).toBe(4);
  });
});
