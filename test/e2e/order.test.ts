// An order export killed midway (kill -9) as a real process against `sandbox serve`, in both
// dialects: --resume completes it to the very bytes of an export never interrupted. The
// verbs are test/commands/order/verbs.test.ts's; Ctrl-C and --resume, export-interrupted.test.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, killLeftovers, removeScratch, requireBuild, run, scratch, serve, spawnGathering, until, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS, dialectArgs } from '../helpers/dialects.js';
import { manyOrdersSeed } from '../helpers/order-seed.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe.each(DIALECTS)('order export resumed after kill -9 (spawned, %s dialect)', (dialect) => {
  let sandbox: ServeHandle;
  const folder = scratch().root;

  beforeAll(async () => {
    writeFileSync(join(folder, 'seed.json'), manyOrdersSeed(3000));
    // Each page of 250 orders answered 150 ms late: an export takes about 2 s, and a kill lands midway.
    sandbox = await serve(['--json', '--seed', join(folder, 'seed.json'), ...dialectArgs(dialect), '--fault', 'GET /api/202412/orders 200+150ms']);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('--resume goes on after the last page recorded and ends with the bytes of an export never interrupted', { timeout: 60_000 }, async () => {
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const whole = join(folder, 'whole.csv');
    const clean = await run(['order', 'export', '--since', since, '--output', whole], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).toMatch(/Exported 3,?000 orders, 6,?000 rows/);

    const output = join(folder, 'killed.csv');
    const progress = `${output}.progress.json`;
    const { child, stderr } = spawnGathering(['order', 'export', '--since', since, '--output', output], sandbox.env());
    await until(
      () => (existsSync(progress) && (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders >= 500 ? true : undefined),
      20_000,
      () => `no progress; stderr:\n${stderr()}`,
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 10_000)).signal).toBe('SIGKILL');
    expect(existsSync(output)).toBe(false);
    expect(existsSync(`${output}.partial`)).toBe(true);
    const done = (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders;
    expect(done).toBeLessThan(3000);
    // A torn last write: bytes beyond what the progress counts are cut on resume.
    writeFileSync(`${output}.partial`, 'torn,line', { flag: 'a' });

    const other = await run(['order', 'export', '--since', '2020-01-01', '--output', output, '--resume'], { env: sandbox.env() });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--resume: the interrupted export was asked with other filters/);

    const resumed = await run(['order', 'export', '--since', since, '--output', output, '--resume', '--json'], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { orders: number; resumedAfter: string };
    expect(summary.orders).toBe(3000);
    expect(summary.resumedAfter).toBe(String(6_500_000_000_000_000_000n + BigInt(done - 1)));
    expect(readFileSync(output, 'utf8')).toBe(readFileSync(whole, 'utf8'));
    expect(existsSync(`${output}.partial`) || existsSync(progress)).toBe(false);
  });
});
