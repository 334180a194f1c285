// Undo of product import and discount import on real runs against a sandbox started here, in
// both dialects: product export before, import (a product changed, stock and a metafield
// included, a variant added, and a new product), undo, export after: byte for byte the same;
// a product changed since the run is left alone without --force. A discount import keeps a
// journal, `runs` says it is undoable, and undo deletes the discounts it created.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useLogged, type Env } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';

async function exported(env: Env): Promise<string> {
  const path = join(scratchDir(), 'export.csv');
  const result = await cli(['product', 'export', '--metafields', '--output', path], { env });
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(path, 'utf8');
}

function file(text: string): string {
  const path = join(scratchDir(), 'rows.csv');
  writeFileSync(path, text);
  return path;
}

async function importedProducts(env: Env, text: string, extra: readonly string[] = []): Promise<{ runId: string; stderr: string }> {
  const result = await cli(['product', 'import', file(text), '--json', ...extra], { env });
  expect(result.code, result.stderr).toBe(0);
  const { runId } = JSON.parse(result.stdout) as { runId: string };
  expect(result.stderr).toContain(`Run ${runId}: undo with store-cli undo ${runId}`);
  return { runId, stderr: result.stderr };
}

const SHIRT = '4000000000000000401';
const CHANGES = [
  'handle,option1Name,option1Value,option2Name,option2Value,sku,price,inventory:Main Warehouse,metafield:custom.material,title',
  'organic-cotton-t-shirt,Color,White,Size,S,TSH-WHT-S,26.50,99,Linen,',
  'organic-cotton-t-shirt,Color,Green,Size,L,TSH-GRN-L,27.00,5,,',
  'undo-e2e-mug,,,,,MUG-UNDO-1,12.00,3,Ceramic,Undo E2E Mug',
].join('\n');

describe.each(DIALECTS)('undo of product and discount imports (%s dialect)', (dialect) => {
  const served = useLogged({ seed: 'demo', dialect });

  it('product export, import (changed and new), undo, export: byte-identical; a second undo changes nothing', async () => {
    const env = served.store.env();
    const before = await exported(env);
    const results = join(scratchDir(), 'results.csv');
    const { runId } = await importedProducts(env, `${CHANGES}\n`, ['--results', results]);
    const during = await exported(env);
    expect(during).not.toBe(before);
    expect(during).toContain('undo-e2e-mug');
    // Each row's product id, and what an update replaced: the variant as it was. Lines are written as rows settle, in any order.
    const lines = readFileSync(results, 'utf8').split('\n');
    const ofLine = (line: number) => lines.find((text) => text.startsWith(`${line},`));
    expect(ofLine(2)).toMatch(new RegExp(`^2,handle:organic-cotton-t-shirt sku:TSH-WHT-S,updated,${SHIRT},".*""price"":""24.00"".*"$`));
    expect(ofLine(4)).toMatch(/^4,handle:undo-e2e-mug sku:MUG-UNDO-1,created,\d+,$/);

    const planned = await cli(['undo', runId, '--dry-run', '--json'], { env });
    expect(planned.code, planned.stderr).toBe(0);
    // The shirt put back whole, its material value restored, the mug (with its value) deleted.
    expect(JSON.parse(planned.stdout)).toEqual({ runId, restored: 2, deleted: 1, disabled: 0, cancelled: 0, asBefore: 0, leftAlone: 0, failed: 0 });

    const undone = await cli(['undo', runId, '--yes', '--json'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toEqual({ runId, restored: 2, deleted: 1, disabled: 0, cancelled: 0, asBefore: 0, leftAlone: 0, failed: 0 });
    expect(await exported(env)).toBe(before);

    const again = await cli(['undo', runId, '--yes', '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ restored: 0, deleted: 0, asBefore: 3 });
    expect(await exported(env)).toBe(before);
  });

  it('a product changed by someone else since the run is left alone; --force puts it back', async () => {
    const env = served.store.env();
    const before = await exported(env);
    const { runId } = await importedProducts(
      env,
      'handle,option1Name,option1Value,option2Name,option2Value,price\norganic-cotton-t-shirt,Color,White,Size,M,31.00\n',
    );
    // Someone else changes the product after the run.
    await importedProducts(env, 'handle,title\norganic-cotton-t-shirt,Theirs\n');

    const undone = await cli(['undo', runId, '--yes'], { env });
    expect(undone.code).toBe(3);
    expect(undone.stderr).toContain(`product ${SHIRT}: the product changed since the run`);
    expect(undone.stderr).toContain('1 left alone');
    expect(await exported(env)).toContain('Theirs');

    const forced = await cli(['undo', runId, '--yes', '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(await exported(env)).toBe(before);
  });

  it('discount import: journaled, listed as undoable, and undo deletes the discounts it created (the store as before, byte for byte)', async () => {
    const env = served.store.env();
    const discounts = async () => (await cli(['discount', 'export', '--no-ids'], { env })).stdout;
    const before = await discounts();
    const imported = await cli(
      ['discount', 'import', file('code,title,discountType,valueType,value\nUNDOONE1,Undo one,order,fixed,5\nUNDOTWO2,Undo two,order,fixed,6\n'), '--json'],
      { env },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const { runId } = JSON.parse(imported.stdout) as { runId: string };
    expect(imported.stderr).toContain(`Run ${runId}: undo with store-cli undo ${runId}`);
    const journal = readFileSync(join(env.STORE_CLI_DATA_DIR!, 'runs', runId, 'before.jsonl'), 'utf8');
    const entries = journal
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; key: string });
    expect(entries.map((entry) => `${entry.kind} ${entry.key}`).sort()).toEqual([
      'discount-create undoone1',
      'discount-create undotwo2',
      'discount-created undoone1',
      'discount-created undotwo2',
    ]);

    const listed = JSON.parse((await cli(['runs', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    expect(listed.find((r) => r.runId === runId)).toMatchObject({ command: 'discount import', created: 2, undoable: true, undone: null });
    expect(await discounts()).toContain('UNDOONE1');
    const undone = await cli(['undo', runId, '--yes', '--json'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: 2, leftAlone: 0 });
    expect(await discounts()).toBe(before);
  });
});
