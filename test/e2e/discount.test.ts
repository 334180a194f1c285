// Discounts end to end, every piece a process of the built binary: `sandbox serve` in each
// dialect, and every discount verb against it: exit codes, stdout and stderr as a script
// sees them, and the codes of an import read back from the store.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects.js';
import { api, run, scratch, useServed } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

describe.each(DIALECTS)('discount verbs against sandbox serve --dialect %s', (dialect) => {
  const served = useServed(['--json', '--quiet', '--dialect', dialect]);
  const cli = (args: string[], input?: string) => run(['discount', ...args], { env: served.sandbox.env(), timeoutMs: 30_000, ...(input === undefined ? {} : { input }) });

  it('create, get, update, disable, enable, list, import, export, delete', { timeout: 60_000 }, async () => {
    const created = await cli(['create', '--title', 'E2E sale', '--discount-type', 'order', '--value-type', 'percentage', '--value', '15', '--discount-method', 'code', '--json', 'id,status']);
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    expect(JSON.parse(created.stdout)).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'ENABLED' });

    const got = await cli(['get', id]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('TITLE\tE2E sale\n');

    const updated = await cli(['update', id, '--value', '20', '--json', 'value']);
    expect(JSON.parse(updated.stdout)).toEqual({ value: '20' });
    expect(JSON.parse((await cli(['disable', id, '--json', 'status'])).stdout)).toEqual({ status: 'DISABLED' });
    expect(JSON.parse((await cli(['enable', id, '--json', 'status'])).stdout)).toEqual({ status: 'ENABLED' });
    const listed = await cli(['list', '--all', '--jsonl', 'id']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`{"id":"${id}"}`);

    const root = scratch().root;
    const file = join(root, 'codes.csv');
    writeFileSync(file, 'code\nE2E-ONE\nE2E-TWO\n""\n');
    const codesOut = join(root, 'generated.csv');
    const imported = await cli(['import', file, '--discount', id, '--codes-out', codesOut, '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 3, created: 3, failed: 0 });
    // The codes file imports as it is: its code is there already.
    const again = await cli(['import', codesOut, '--discount', id, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 1, created: 0, unchanged: 1 });

    const exported = await cli(['export', '--discount', id]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(
      exported.stdout
        .split('\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]),
    ).toEqual(['E2E-ONE', 'E2E-TWO']);
    const { json } = await api(served.sandbox, 'GET', `/discounts/${id}/codes`);
    expect((json as { discountCodes: unknown[] }).discountCodes).toHaveLength(3);

    const refused = await cli(['delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const deleted = await cli(['delete', id, '--yes']);
    expect(deleted).toMatchObject({ code: 0, stdout: '' });
    const missing = await cli(['get', id]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toMatch(STACK_LINE);
  });

  it('bad input exits 2 in one sentence, nothing sent', async () => {
    const r = await cli(['create', '--title', 'x', '--discount-type', 'order', '--value-type', 'percentage', '--value', '101', '--discount-method', 'code']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe("error: --value must be above 0, and at most 100 for a percentage (got '101').");
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});
