// Every discount verb against sandboxes started here, in each dialect: exit codes, stdout and
// stderr as a script sees them; export, import into a second store and export again; undo of
// that import; and the sandbox's own request log, which in the real dialect shows no /codes
// and no /count path (Genstore documents neither). They ran as spawned processes before;
// test/e2e/smoke.test.ts keeps one run of the bundle.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useLogged } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';

describe.each(DIALECTS)('discount verbs against a sandbox of the %s dialect', (dialect) => {
  const served = useLogged({ seed: 'demo', dialect });
  const empty = useLogged({ dialect });
  const ID = dialect === 'real' ? 'discountId' : 'id';
  const discount = (args: string[], env = served.store.env()) => cli(['discount', ...args], { env });

  it('create (custom and generated code), get, update, disable, enable, list, count, delete', async () => {
    const created = await discount([
      'create',
      '--title',
      'E2E sale',
      '--discount-type',
      'order',
      '--value-type',
      'percentage',
      '--value',
      '15',
      '--code',
      'E2ESALE1',
      '--json',
      `${ID},status`,
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as Record<string, string>)[ID]!;
    expect(JSON.parse(created.stdout)).toEqual({ [ID]: expect.stringMatching(/^\d+$/), status: 'ENABLED' });
    const generated = await discount([
      'create',
      '--title',
      'E2E generated',
      '--discount-type',
      'product',
      '--value-type',
      'fixed',
      '--value',
      '2',
      '--end-time',
      '2027-01-31',
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    if (dialect === 'real') expect(generated.stdout).toMatch(/^CODE\t[A-Z0-9]{8}$/m);

    const got = await discount(['get', id]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('TITLE\tE2E sale\n');
    expect(got.stdout).toMatch(dialect === 'real' ? /^CODE\tE2ESALE1$/m : /^CODES\t1$/m);

    const updated = await discount(['update', id, '--value', '20', '--json', 'value']);
    expect(JSON.parse(updated.stdout)).toEqual({ value: '20' });
    expect(JSON.parse((await discount(['disable', id, '--json', 'status'])).stdout)).toEqual({ status: 'DISABLED' });
    expect(JSON.parse((await discount(['enable', id, '--json', 'status'])).stdout)).toEqual({ status: 'ENABLED' });
    const listed = await discount(['list', '--all', '--jsonl', ID]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`{"${ID}":"${id}"}`);
    expect((await discount(['count'])).stdout).toBe('5\n');

    const refused = await discount(['delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const deleted = await discount(['delete', id, '--yes']);
    expect(deleted).toMatchObject({ code: 0, stdout: '' });
    const missing = await discount(['get', id]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toMatch(STACK_LINE);
  });

  it('export, import into an empty store, export again: the same bytes (--no-ids); a re-run writes nothing; undo deletes what it made', async () => {
    const root = scratchDir();
    const file = join(root, 'discounts.csv');
    expect((await discount(['export', '--no-ids', '--output', file])).code).toBe(0);
    const target = empty.store.env({ STORE_CLI_DATA_DIR: join(root, 'data') });
    const imported = await discount(['import', file, '--json'], target);
    expect(imported.code, imported.stderr).toBe(0);
    const { runId, created } = JSON.parse(imported.stdout) as { runId: string; created: number };
    expect(created).toBeGreaterThanOrEqual(3);
    const again = await discount(['export', '--no-ids'], target);
    expect(again.stdout).toBe(readFileSync(file, 'utf8'));
    const rerun = await discount(['import', file, '--json'], target);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: created });

    const undone = await cli(['undo', runId, '--yes', '--json'], { env: target });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: created, leftAlone: 0 });
    expect((await discount(['count'], target)).stdout).toBe('0\n');
  });

  it('bad input exits 2 in one sentence, nothing sent; the real dialect is never asked for a path Genstore does not document', async () => {
    const r = await discount(['create', '--title', 'x', '--discount-type', 'order', '--value-type', 'percentage', '--value', '101']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe("error: --value must be above 0, and at most 100 for a percentage (got '101').");
    expect(r.stderr).not.toMatch(STACK_LINE);
    const bad = join(scratchDir(), 'bad.csv');
    writeFileSync(bad, 'code,startTime,endTime\nBADTIMES,2026-12-11,2026-12-10\n');
    const refused = await discount(['import', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line 2: the startTime 2026-12-11T00:00:00Z is not before the endTime 2026-12-10T23:59:59Z');
    const paths = [...served.store.log(), ...empty.store.log()];
    expect(paths.length).toBeGreaterThan(0);
    if (dialect === 'real') expect(paths.filter((line) => /\/discounts\/[^ ]*(codes|count)/.test(line))).toEqual([]);
  });
});
