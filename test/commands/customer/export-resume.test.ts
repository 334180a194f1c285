// customer export in the store's order (--sort none) interrupted (Ctrl-C, the run's abort
// signal) and resumed, in both dialects: the third page of the listing is held by a proxy
// until the run is interrupted, so the interruption lands after two pages every time. Exit 130
// saying how to go on, no file under the --output name, and --resume completes it to the very
// bytes of an export never interrupted.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { cli, liveCli, scratchDirs } from '../../helpers/cli-in-process.js';
import { brandEnv, DIALECTS } from '../../helpers/dialects.js';
import { startLossyProxy, type LossyProxy } from '../../helpers/lossy-proxy.js';
import { scratchDir } from '../../helpers/scratch.js';
import { waitFor } from '../_support.js';

const LISTING = '/api/202412/customers';
const COUNT = 700;

/** A seed of `count` customers, ascending ids, some known by a phone alone. */
function manyCustomers(count: number) {
  return {
    customers: Array.from({ length: count }, (_, index) => ({
      id: String(7_400_000_000_000_000_000n + BigInt(index)),
      ...(index % 5 === 4 ? { phone: `+1 555 ${String(index).padStart(7, '0')}` } : { email: `customer${index}@example.com`, firstName: `Customer ${index}` }),
      tags: index % 3 === 0 ? ['vip'] : [],
    })),
  };
}

describe.each(DIALECTS)('customer export interrupted and resumed (%s dialect)', (dialect) => {
  let sandbox: RunningSandbox;
  let proxy: LossyProxy;
  let gets = 0;
  let hold = false;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dialect, seed: manyCustomers(COUNT) });
    proxy = await startLossyProxy(sandbox.baseUrl, (request) => request.method === 'GET' && request.path === LISTING && ++gets === 3 && hold && 'hold');
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });

  it('Ctrl-C: exit 130 saying how to go on; --resume completes it to the same bytes', { timeout: 60_000 }, async () => {
    const folder = scratchDir();
    const env = { STORE_CLI_BASE_URL: proxy.baseUrl, STORE_CLI_TOKEN: sandbox.token, ...brandEnv(dialect), ...scratchDirs() };
    const whole = join(folder, 'whole.csv');
    const clean = await cli(['customer', 'export', '--sort', 'none', '--no-ids', '--output', whole], { env });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).toContain(`Exported ${COUNT} customers to ${whole}.`);

    const output = join(folder, 'interrupted.csv');
    gets = 0;
    hold = true;
    const controller = new AbortController();
    const lostBefore = proxy.lost;
    const run = liveCli(['customer', 'export', '--sort', 'none', '--no-ids', '--output', output], { env, signal: controller.signal });
    await waitFor(() => (proxy.lost > lostBefore ? true : undefined), 20_000, 'the third page to be held');
    controller.abort();
    const stopped = await run.done;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain(`Interrupted after 500 customers: run the same command with --resume to go on from ${output}.partial`);
    expect(existsSync(output)).toBe(false);
    expect(statSync(`${output}.partial`).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(`${output}.progress.json`, 'utf8'))).toMatchObject({ customers: 500 });

    hold = false;
    const other = await cli(['customer', 'export', '--sort', 'none', '--output', output, '--resume'], { env });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('--resume: the interrupted export was asked with other filters (ids=no); resume it with the same --since-id and --no-ids');
    const resumed = await cli(['customer', 'export', '--sort', 'none', '--no-ids', '--output', output, '--resume'], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`Exported ${COUNT} customers to .*interrupted\\.csv \\(resumed after customer \\d+\\)\\.`));
    expect(readFileSync(output, 'utf8')).toBe(readFileSync(whole, 'utf8'));
    expect(existsSync(`${output}.progress.json`)).toBe(false);
  });
});
