// `--sandbox`, the embedded emulator, across runs: its state kept in STORE_CLI_DATA_DIR (each run
// a context of its own, as each process is), another data folder another sandbox, its dialect
// from STORE_CLI_SANDBOX_DIALECT, and --base-url beside it refused. Spawned from the bundle once:
// test/e2e/embedded-sandbox.test.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../../helpers/cli-in-process.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';

interface Card {
  id: string;
  balance: string;
  disableTime?: string | null;
}

describe('--sandbox across runs', () => {
  it('the state persists across runs in STORE_CLI_DATA_DIR; sandbox reset brings back the demo set', async () => {
    const env = scratchDirs();
    const count = async () => {
      const r = await cli(['--sandbox', 'giftcard', 'count', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { count: number }).count;
    };
    const demo = await count();
    expect(demo).toBeGreaterThan(0);
    expect(existsSync(join(env.STORE_CLI_DATA_DIR!, 'sandbox.json'))).toBe(true);

    const created = await cli(['--sandbox', 'giftcard', 'create', '--initial-value', '12.34', '--json', 'id'], { env });
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const disabled = await cli(['--sandbox', 'giftcard', 'disable', '--yes', id, '--json', 'id,disableTime'], { env });
    expect(disabled.code, disabled.stderr).toBe(0);

    // A new run (a context of its own) sees both changes.
    const got = await cli(['--sandbox', 'giftcard', 'get', id, '--json', 'balance,disableTime'], { env });
    expect(got.code, got.stderr).toBe(0);
    const card = JSON.parse(got.stdout) as Card;
    expect(card.balance).toBe('12.34');
    expect(card.disableTime).toEqual((JSON.parse(disabled.stdout) as Card).disableTime);
    expect(card.disableTime).toBeTruthy();
    expect(await count()).toBe(demo + 1);

    const reset = await cli(['sandbox', 'reset', '--yes'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toBe('');

    expect(await count()).toBe(demo);
    const gone = await cli(['--sandbox', 'giftcard', 'get', id], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/404/);
    expect(gone.stderr).not.toMatch(STACK_LINE);
  });

  it('another data directory is another sandbox', async () => {
    const a = scratchDirs();
    const created = await cli(['--sandbox', 'giftcard', 'create', '--initial-value', '1', '--json', 'id'], { env: a });
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const elsewhere = await cli(['--sandbox', 'giftcard', 'get', id], { env: scratchDirs() });
    expect(elsewhere.code).toBe(1);
  });

  it('STORE_CLI_SANDBOX_DIALECT=real: the embedded sandbox answers in the real dialect; another value is exit 2', async () => {
    const env = { ...scratchDirs(), STORE_CLI_SANDBOX_DIALECT: 'real' };
    const created = await cli(['--sandbox', 'giftcard', 'create', '--initial-value', '3', '--json', 'createTime'], { env });
    expect(created.code, created.stderr).toBe(0);
    expect((JSON.parse(created.stdout) as { createTime: string }).createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000$/);
    const wrong = await cli(['--sandbox', 'giftcard', 'count'], { env: { ...scratchDirs(), STORE_CLI_SANDBOX_DIALECT: 'shopify' } });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe("error: STORE_CLI_SANDBOX_DIALECT must be 'service' or 'real' (got 'shopify').\n");
  });

  it('--sandbox with --base-url is a usage error (exit 2)', async () => {
    const r = await cli(['--sandbox', '--base-url', 'http://127.0.0.1:1', 'giftcard', 'count'], { env: scratchDirs() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sandbox/);
  });
});
