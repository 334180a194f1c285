// Undo of product import and discount import on real runs against the spawned sandbox, in
// both dialects: product export before, import (a product changed, stock and a metafield
// included, a variant added, and a new product), undo, export after: byte for byte the same;
// a product changed since the run is left alone without --force. A discount import keeps a
// journal but undo refuses it (the API deletes no code): one sentence, exit 2, nothing sent,
// and `runs` says it is not undoable.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, useServed, type Env } from '../helpers/cli-spawn.js';
import { DIALECTS } from '../helpers/dialects.js';
import { scratchDir } from '../helpers/scratch.js';

async function exported(env: Env): Promise<string> {
  const path = join(scratchDir(), 'export.csv');
  const result = await run(['product', 'export', '--metafields', '--output', path], { env });
  expect(result.code, result.stderr).toBe(0);
  return readFileSync(path, 'utf8');
}

function file(text: string): string {
  const path = join(scratchDir(), 'rows.csv');
  writeFileSync(path, text);
  return path;
}

async function importedProducts(env: Env, text: string, extra: readonly string[] = []): Promise<{ runId: string; stderr: string }> {
  const result = await run(['product', 'import', file(text), '--json', ...extra], { env });
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

describe.each(DIALECTS)('undo of product and discount imports (%s dialect, spawned)', (dialect) => {
  const served = useServed(['--json', '--demo', '--dialect', dialect]);

  it('product export, import (changed and new), undo, export: byte-identical; a second undo changes nothing', { timeout: 90_000 }, async () => {
    const env = served.sandbox.env();
    const before = await exported(env);
    const results = join(scratchDir(), 'results.csv');
    const { runId } = await importedProducts(env, `${CHANGES}\n`, ['--results', results]);
    const during = await exported(env);
    expect(during).not.toBe(before);
    expect(during).toContain('undo-e2e-mug');
    // Each row's product id, and what an update replaced: the variant as it was.
    const lines = readFileSync(results, 'utf8').split('\n');
    expect(lines[1]).toMatch(new RegExp(`^2,handle:organic-cotton-t-shirt sku:TSH-WHT-S,updated,${SHIRT},".*""price"":""24.00"".*"$`));
    expect(lines[3]).toMatch(/^4,handle:undo-e2e-mug sku:MUG-UNDO-1,created,\d+,$/);

    const planned = await run(['undo', runId, '--dry-run', '--json'], { env });
    expect(planned.code, planned.stderr).toBe(0);
    // The shirt put back whole, its material value restored, the mug (with its value) deleted.
    expect(JSON.parse(planned.stdout)).toEqual({ runId, restored: 2, deleted: 1, disabled: 0, asBefore: 0, leftAlone: 0, failed: 0 });

    const undone = await run(['undo', runId, '--yes', '--json'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toEqual({ runId, restored: 2, deleted: 1, disabled: 0, asBefore: 0, leftAlone: 0, failed: 0 });
    expect(await exported(env)).toBe(before);

    const again = await run(['undo', runId, '--yes', '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ restored: 0, deleted: 0, asBefore: 3 });
    expect(await exported(env)).toBe(before);
  });

  it('a product changed by someone else since the run is left alone; --force puts it back', { timeout: 90_000 }, async () => {
    const env = served.sandbox.env();
    const before = await exported(env);
    const { runId } = await importedProducts(env, 'handle,option1Name,option1Value,option2Name,option2Value,price\norganic-cotton-t-shirt,Color,White,Size,M,31.00\n');
    // Someone else changes the product after the run.
    await importedProducts(env, 'handle,title\norganic-cotton-t-shirt,Theirs\n');

    const undone = await run(['undo', runId, '--yes'], { env });
    expect(undone.code).toBe(3);
    expect(undone.stderr).toContain(`product ${SHIRT}: the product changed since the run`);
    expect(undone.stderr).toContain('1 left alone');
    expect(await exported(env)).toContain('Theirs');

    const forced = await run(['undo', runId, '--yes', '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(await exported(env)).toBe(before);
  });

  it('discount import: journaled, listed as not undoable, and undo refuses it in one sentence (exit 2, nothing sent)', { timeout: 60_000 }, async () => {
    const env = served.sandbox.env();
    const created = await run(['discount', 'create', '--title', 'Undo sale', '--discount-type', 'order', '--value-type', 'percentage', '--value', '10', '--discount-method', 'code', '--json', 'id'], {
      env,
    });
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const imported = await run(['discount', 'import', file('code\nUNDOONE\nUNDOTWO\n'), '--discount', id, '--json'], { env });
    expect(imported.code, imported.stderr).toBe(0);
    const { runId } = JSON.parse(imported.stdout) as { runId: string };
    expect(imported.stderr).toContain(`Run ${runId}: kept in store-cli runs, but it cannot be undone (the API deletes no discount code, only a whole discount with all its codes).`);
    const journal = readFileSync(join(env.STORE_CLI_DATA_DIR!, 'runs', runId, 'before.jsonl'), 'utf8');
    expect(
      journal
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { kind: 'discount-code-create', discountId: id, line: 2, code: 'UNDOONE' },
      { kind: 'discount-code-create', discountId: id, line: 3, code: 'UNDOTWO' },
    ]);

    const listed = JSON.parse((await run(['runs', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    expect(listed.find((r) => r.runId === runId)).toMatchObject({ command: 'discount import', created: 2, undoable: false, undone: null });
    const table = await run(['runs'], { env });
    expect(table.stdout).toMatch(new RegExp(`${runId}\t.*\t\tno\n`));

    const codes = async () => (await run(['discount', 'export', '--discount', id], { env })).stdout;
    const held = await codes();
    expect(held).toContain('UNDOONE');
    const undone = await run(['undo', runId, '--yes'], { env });
    expect(undone.code).toBe(2);
    expect(undone.stderr.split('\n')[0]).toMatch(
      new RegExp(
        `^error: Run ${runId} \\(discount import .*rows\\.csv\\) cannot be undone: the API deletes no discount code, only a whole discount with all its codes\\. What it added is listed in .*before\\.jsonl; nothing was sent\\.$`,
      ),
    );
    expect(await codes()).toBe(held);
  });
});
