// --report on product, order and discount export, in-process against a logged demo store:
// each writes a JSON report of kind 'export' whose row count is the rows of the file it
// wrote, with the requests it took; a report naming the --output file is refused before any
// request is sent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';
import { runLogged, useLogged } from '../../helpers/logged-sandbox.js';

interface ExportReport {
  command: string;
  kind: string;
  source: string;
  shards: Array<{ rows: number; created: number | null; rejected: number; requests: number; refused: number; outcome: string }>;
}

const dataRows = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n').length - 1;
const reportOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ExportReport;

describe('--report on the exports', () => {
  const served = useLogged({ seed: 'demo' });
  const dir = scratchDir('store-cli-reports-');

  it('product export, order export and discount export each write a json report with the rows they wrote', async () => {
    const env = served.store.env();
    const products = await cli(['product', 'export', '--output', join(dir, 'products.csv'), '--report', `json=${join(dir, 'products.json')}`], { env });
    expect(products.code, products.stderr).toBe(0);
    const productReport = reportOf(join(dir, 'products.json'));
    expect(productReport).toMatchObject({ command: 'product export', kind: 'export', source: join(dir, 'products.csv') });
    expect(dataRows(join(dir, 'products.csv'))).toBeGreaterThan(0);
    expect(productReport.shards[0]).toMatchObject({ rows: dataRows(join(dir, 'products.csv')), created: null, rejected: 0, refused: 0, outcome: 'complete' });
    // One listing of the products, and one each of categories, collections and locations.
    expect(productReport.shards[0]!.requests).toBeGreaterThanOrEqual(4);

    const since = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    const orders = await cli(['order', 'export', '--since', since, '--output', join(dir, 'orders.csv'), '--report', `json=${join(dir, 'orders.json')}`], {
      env,
    });
    expect(orders.code, orders.stderr).toBe(0);
    const orderReport = reportOf(join(dir, 'orders.json'));
    expect(orderReport).toMatchObject({ command: 'order export', kind: 'export' });
    expect(orderReport.shards[0]).toMatchObject({ rows: dataRows(join(dir, 'orders.csv')), outcome: 'complete' });
    expect(orderReport.shards[0]!.rows).toBeGreaterThan(0);
    expect(orderReport.shards[0]!.requests).toBeGreaterThanOrEqual(1);

    const created = await cli(
      ['discount', 'create', '--title', 'Report sale', '--discount-type', 'order', '--value-type', 'percentage', '--value', '10', '--code', 'REPORT-1'],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const discounts = await cli(['discount', 'export', '--output', join(dir, 'out.csv'), '--report', `json=${join(dir, 'discounts.json')}`], { env });
    expect(discounts.code, discounts.stderr).toBe(0);
    // A row a discount: the demo's three and the one made here.
    expect(dataRows(join(dir, 'out.csv'))).toBe(4);
    expect(reportOf(join(dir, 'discounts.json'))).toMatchObject({
      command: 'discount export',
      kind: 'export',
      shards: [{ rows: 4, rejected: 0, outcome: 'complete' }],
    });
  });

  it('an export that fails still writes its report, as stopped, with the requests it took', async () => {
    const env = served.store.env();
    const fault = await cli(['sandbox', 'fault', 'add', 'GET /api/202412/discounts 404', '--json', 'id'], { env });
    expect(fault.code, fault.stderr).toBe(0);
    const failed = await cli(['discount', 'export', '--output', join(dir, 'none.csv'), '--report', `json=${join(dir, 'none.json')}`], { env });
    await cli(['sandbox', 'fault', 'remove', String((JSON.parse(fault.stdout) as { id: string | number }).id)], { env });
    expect(failed.code).toBe(1);
    expect(existsSync(join(dir, 'none.csv'))).toBe(false);
    const report = reportOf(join(dir, 'none.json'));
    expect(report).toMatchObject({ command: 'discount export', kind: 'export', shards: [{ rows: 0, outcome: 'stopped' }] });
    expect(report.shards[0]!.requests).toBeGreaterThanOrEqual(1);
  });

  it('a report written over the --output file is refused before any request', async () => {
    const output = join(dir, 'same.csv');
    const refused = await runLogged(served.store, ['product', 'export', '--output', output, '--report', `json=${output}`], { env: served.store.env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error: --report json=.*same\.csv and --output .*same\.csv are the same file; give two files\. Nothing was sent\.$/m);
    expect(refused.requests).toEqual([]);
    expect(existsSync(output)).toBe(false);
  });
});
