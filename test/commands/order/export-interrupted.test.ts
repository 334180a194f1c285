// order export interrupted (Ctrl-C, the run's abort signal) and resumed, against sandboxes
// started here in both dialects: exit 130 saying how to go on, no file under the --output
// name, --resume with other filters refused, and --resume completes it to the very bytes of an
// export never interrupted. A run
// killed with -9 and resumed is test/e2e/kill-and-resume.test.ts's.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { manyOrdersSeed } from '../../helpers/order-seed.js';
import { startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { waitFor } from '../_support.js';

describe.each(DIALECTS)('order export interrupted and resumed (%s dialect)', (dialect) => {
  let sandbox: LoggedSandbox;
  let folder: string;

  beforeAll(async () => {
    folder = scratchDir();
    writeFileSync(join(folder, 'seed.json'), manyOrdersSeed(3000));
    // Each page of 250 orders answered 40 ms late, so that the interruption lands midway.
    sandbox = await startLogged({ seedFile: join(folder, 'seed.json'), dialect, faults: ['GET /api/202412/orders 200+40ms'] });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('Ctrl-C: exit 130 saying how to go on; --resume completes it to the same bytes', { timeout: 60_000 }, async () => {
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const whole = join(folder, 'whole.csv');
    const clean = await sandbox.run(['order', 'export', '--since', since, '--output', whole]);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).toMatch(/Exported 3,?000 orders, 6,?000 rows/);

    const output = join(folder, 'interrupted.csv');
    const progress = `${output}.progress.json`;
    const controller = new AbortController();
    const run = liveCli(['order', 'export', '--since', since, '--output', output], { env: sandbox.env(), signal: controller.signal });
    await waitFor(
      () => (existsSync(progress) && (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders >= 500 ? true : undefined),
      20_000,
      'progress of the export',
    );
    controller.abort();
    const stopped = await run.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/Interrupted after \d+ orders: run the same command with --resume to go on from .*interrupted\.csv\.partial/);
    expect(existsSync(output)).toBe(false);
    // A resume must ask what the interrupted run asked.
    const other = await sandbox.run(['order', 'export', '--since', '2020-01-01', '--output', output, '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--resume: the interrupted export was asked with other filters/);
    const resumed = await sandbox.run(['order', 'export', '--since', since, '--output', output, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Exported 3,?000 orders, 6,?000 rows to .*interrupted\.csv \(resumed after order \d+\)\./);
    expect(readFileSync(output, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });
});
