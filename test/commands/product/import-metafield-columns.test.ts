// product import's metafield: columns against an in-process sandbox: a value is checked against
// its field's definition and converted as metafield import converts it ("1 kg" for a Weight),
// in a dry run too; a row whose product change landed but whose value the store refused is
// partial: counted, with its id and before in --results and its reason in --rejects.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { call, requestLog } from '../_support.js';
import { csv, scratchFile } from '../metafield/_import.js';
import { createProduct, teeProduct, writes } from './_products.js';

const HEADER = ['productId', 'sku', 'price', 'metafield:specs.weight'];

async function valuesOf(sandbox: Parameters<typeof call>[0], productId: string): Promise<Map<string, string>> {
  const reply = await call(sandbox, 'GET', `/metafields/products/${productId}`);
  expect(reply.status, reply.text).toBe(200);
  return new Map(
    (JSON.parse(reply.text).metafields as Array<{ namespace: string; code: string; value: string }>).map((v) => [`${v.namespace}.${v.code}`, v.value]),
  );
}

describe('product import: metafield: columns', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('a natural value ("1 kg") is converted by its definition, as metafield import converts it', async () => {
    const product = await createProduct(s.sandbox, teeProduct(`Weighed Tee ${Date.now()}`));
    const id = String(product.productId);
    const file = scratchFile('products.csv', csv([[id, 'TT-RED-S', '', '1 kg']], HEADER));
    const result = await cli(['product', 'import', file, '--key', 'id', '--json'], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse((await valuesOf(s.sandbox, id)).get('specs.weight')!)).toEqual({ value: 1, unit: 'kg' });
  });

  it('--dry-run checks each value against its definition: a value that does not fit is refused, unsent', async () => {
    const product = await createProduct(s.sandbox, teeProduct(`Floor Tee ${Date.now()}`));
    const id = String(product.productId);
    const file = scratchFile('products.csv', csv([[id, 'TT-RED-S', '21.00', 'lots']], ['productId', 'sku', 'price', 'metafield:custom.stock_floor']));
    log.clear();
    const result = await cli(['product', 'import', file, '--key', 'id', '--dry-run', '--json'], { env: s.env });
    expect(result.code, result.stderr).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 1, updated: 0, failed: 1 });
    expect(result.stderr).toMatch(/line 2: metafield:custom\.stock_floor: the value "lots" is not an Integer/);
    expect(writes(await log.take())).toEqual([]);
  });

  it('a row whose variant landed but whose value the store refused is partial: counted, its id and before in --results', async () => {
    const product = await createProduct(s.sandbox, teeProduct(`Heavy Tee ${Date.now()}`));
    const id = String(product.productId);
    const file = scratchFile(
      'products.csv',
      csv(
        [
          [id, 'TT-RED-S', '23.00', '900 kg'],
          [id, 'TT-RED-M', '24.00', ''],
        ],
        HEADER,
      ),
    );
    const results = scratchFile('results.csv', '');
    const rejects = scratchFile('rejects.csv', '');
    const result = await cli(['product', 'import', file, '--key', 'id', '--results', results, '--rejects', rejects, '--json'], { env: s.env });
    expect(result.code, result.stderr).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 2, updated: 1, partial: 1, failed: 0 });
    expect(result.stderr).toMatch(/1 updated, 0 unchanged, 1 partial, 0 failed/);
    const lines = parse(readFileSync(results, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const partial = lines.find((line) => line.line === '2')!;
    expect(partial).toMatchObject({ action: 'partial', id });
    expect(JSON.parse(partial.before!)).toMatchObject({ sku: 'TT-RED-S', price: '19.99' });
    expect(readFileSync(rejects, 'utf8')).toMatch(/must be at most 500 kg/);
    // The variant's price is on the store; the weight is not.
    const reply = await call(s.sandbox, 'GET', `/products/${id}`);
    const variant = (JSON.parse(reply.text).product.variants as Array<{ sku: string; price: string }>).find((v) => v.sku === 'TT-RED-S')!;
    expect(Number(variant.price)).toBe(23);
    expect((await valuesOf(s.sandbox, id)).has('specs.weight')).toBe(false);
  });
});
