// Discounts end to end, every piece a process of the built binary: `sandbox serve` in each
// dialect, and every discount verb against it: exit codes, stdout and stderr as a script
// sees them; export, import into a second served store and export again; undo of that
// import; and the served sandbox's own request log, which in the real dialect shows no
// /codes and no /count path (Genstore documents neither).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.js';
import { requestLog, run, scratch, useServed } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

describe.each(DIALECTS)('discount verbs against sandbox serve --dialect %s', (dialect) => {
  const served = useServed(['--json', '--demo', '--dialect', dialect]);
  const empty = useServed(['--json', '--dialect', dialect]);
  const ID = dialect === 'real' ? 'discountId' : 'id';
  const cli = (args: string[], env = served.sandbox.env()) => run(['discount', ...args], { env, timeoutMs: 30_000 });

  it('create (custom and generated code), get, update, disable, enable, list, count, delete', { timeout: 60_000 }, async () => {
    const created = await cli(['create', '--title', 'E2E sale', '--discount-type', 'order', '--value-type', 'percentage', '--value', '15', '--code', 'E2ESALE1', '--json', `${ID},status`]);
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as Record<string, string>)[ID]!;
    expect(JSON.parse(created.stdout)).toEqual({ [ID]: expect.stringMatching(/^\d+$/), status: 'ENABLED' });
    const generated = await cli(['create', '--title', 'E2E generated', '--discount-type', 'product', '--value-type', 'fixed', '--value', '2', '--end-time', '2027-01-31']);
    expect(generated.code, generated.stderr).toBe(0);
    if (dialect === 'real') expect(generated.stdout).toMatch(/^CODE\t[A-Z0-9]{8}$/m);

    const got = await cli(['get', id]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('TITLE\tE2E sale\n');
    expect(got.stdout).toMatch(dialect === 'real' ? /^CODE\tE2ESALE1$/m : /^CODES\t1$/m);

    const updated = await cli(['update', id, '--value', '20', '--json', 'value']);
    expect(JSON.parse(updated.stdout)).toEqual({ value: '20' });
    expect(JSON.parse((await cli(['disable', id, '--json', 'status'])).stdout)).toEqual({ status: 'DISABLED' });
    expect(JSON.parse((await cli(['enable', id, '--json', 'status'])).stdout)).toEqual({ status: 'ENABLED' });
    const listed = await cli(['list', '--all', '--jsonl', ID]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`{"${ID}":"${id}"}`);
    expect((await cli(['count'])).stdout).toBe('5\n');

    const refused = await cli(['delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const deleted = await cli(['delete', id, '--yes']);
    expect(deleted).toMatchObject({ code: 0, stdout: '' });
    const missing = await cli(['get', id]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toMatch(STACK_LINE);
  });

  it('export, import into an empty store, export again: the same bytes (--no-ids); a re-run writes nothing; undo deletes what it made', { timeout: 90_000 }, async () => {
    const root = scratch().root;
    const file = join(root, 'discounts.csv');
    expect((await cli(['export', '--no-ids', '--output', file])).code).toBe(0);
    const target = empty.sandbox.env({ STORE_CLI_DATA_DIR: join(root, 'data') });
    const imported = await cli(['import', file, '--json'], target);
    expect(imported.code, imported.stderr).toBe(0);
    const { runId, created } = JSON.parse(imported.stdout) as { runId: string; created: number };
    expect(created).toBeGreaterThanOrEqual(3);
    const again = await cli(['export', '--no-ids'], target);
    expect(again.stdout).toBe(readFileSync(file, 'utf8'));
    const rerun = await cli(['import', file, '--json'], target);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: created });

    const undone = await run(['undo', runId, '--yes', '--json'], { env: target, timeoutMs: 30_000 });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: created, leftAlone: 0 });
    expect((await cli(['count'], target)).stdout).toBe('0\n');
  });

  it('bad input exits 2 in one sentence, nothing sent; the real dialect is never asked for a path Genstore does not document', async () => {
    const r = await cli(['create', '--title', 'x', '--discount-type', 'order', '--value-type', 'percentage', '--value', '101']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe("error: --value must be above 0, and at most 100 for a percentage (got '101').");
    expect(r.stderr).not.toMatch(STACK_LINE);
    const bad = join(scratch().root, 'bad.csv');
    writeFileSync(bad, 'code,startTime,endTime\nBADTIMES,2026-12-11,2026-12-10\n');
    const refused = await cli(['import', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line 2: the startTime 2026-12-11T00:00:00Z is not before the endTime 2026-12-10T23:59:59Z');
    const paths = [...requestLog(served.sandbox), ...requestLog(empty.sandbox)];
    expect(paths.length).toBeGreaterThan(0);
    if (dialect === 'real') expect(paths.filter((line) => /\/discounts\/[^ ]*(codes|count)/.test(line))).toEqual([]);
  });
});
