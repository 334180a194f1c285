// `--sandbox`: the embedded emulator, zero set-up, its state in STORE_CLI_DATA_DIR.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, killLeftovers, removeScratch, requireBuild, run } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

interface Card {
  id: string;
  balance: string;
  disableTime?: string | null;
}

describe('--sandbox', () => {
  it('giftcard search --status enabled, piped: tab-separated demo cards, no colour, nothing on stderr', async () => {
    const env = isolatedEnv();
    const r = await run(['--sandbox', 'giftcard', 'search', '--status', 'enabled'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(''); // no banner, spinner or hint without a terminal
    expect(r.stdout).not.toContain('\u001b[');
    expect(r.stdout.endsWith('\n')).toBe(true);
    const rows = r.stdout
      .slice(0, -1)
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // id, lastCharacters, balance, currency, status, expireTime, customerId, note
      expect(row).toHaveLength(8);
      expect(row[0]).toMatch(/^\d+$/);
      expect(row[1]).toMatch(/^[A-Za-z0-9]{4}$/);
      expect(row[2]).toMatch(/^\d+(\.\d+)?$/);
      expect(row[4]).toBe('enabled');
    }

    // --json: the same cards, as one JSON array of the API's objects.
    const json = await run(['--sandbox', 'giftcard', 'search', '--status', 'enabled', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    const cards = JSON.parse(json.stdout) as Card[];
    expect(Array.isArray(cards)).toBe(true);
    expect(cards.map((c) => c.id)).toEqual(rows.map((row) => row[0]));
    expect(cards.map((c) => c.balance)).toEqual(rows.map((row) => row[2]));
    for (const card of cards) expect(card.disableTime ?? null).toBeNull();
  });

  it('the state persists across runs in STORE_CLI_DATA_DIR; sandbox reset brings back the demo set', async () => {
    const env = isolatedEnv();
    const count = async () => {
      const r = await run(['--sandbox', 'giftcard', 'count', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { count: number }).count;
    };
    const demo = await count();
    expect(demo).toBeGreaterThan(0);
    expect(existsSync(join(env.STORE_CLI_DATA_DIR!, 'sandbox.json'))).toBe(true);

    const created = await run(['--sandbox', 'giftcard', 'create', '--initial-value', '12.34', '--json', 'id'], { env });
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const disabled = await run(['--sandbox', 'giftcard', 'disable', '--yes', id, '--json', 'id,disableTime'], { env });
    expect(disabled.code, disabled.stderr).toBe(0);

    // A new process sees both changes.
    const got = await run(['--sandbox', 'giftcard', 'get', id, '--json', 'balance,disableTime'], { env });
    expect(got.code, got.stderr).toBe(0);
    const card = JSON.parse(got.stdout) as Card;
    expect(card.balance).toBe('12.34');
    expect(card.disableTime).toEqual((JSON.parse(disabled.stdout) as Card).disableTime);
    expect(card.disableTime).toBeTruthy();
    expect(await count()).toBe(demo + 1);

    const reset = await run(['sandbox', 'reset', '--yes'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toBe('');

    expect(await count()).toBe(demo);
    const gone = await run(['--sandbox', 'giftcard', 'get', id], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/404/);
    expect(gone.stderr).not.toMatch(STACK_LINE);
  });

  it('another data directory is another sandbox', async () => {
    const a = isolatedEnv();
    const created = await run(['--sandbox', 'giftcard', 'create', '--initial-value', '1', '--json', 'id'], { env: a });
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const elsewhere = await run(['--sandbox', 'giftcard', 'get', id], { env: isolatedEnv() });
    expect(elsewhere.code).toBe(1);
  });

  it('STORE_CLI_SANDBOX_DIALECT=real: the embedded sandbox answers in the real dialect; another value is exit 2', async () => {
    const env = isolatedEnv({ STORE_CLI_SANDBOX_DIALECT: 'real' });
    const created = await run(['--sandbox', 'giftcard', 'create', '--initial-value', '3', '--json', 'createTime'], { env });
    expect(created.code, created.stderr).toBe(0);
    expect((JSON.parse(created.stdout) as { createTime: string }).createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000$/);
    const wrong = await run(['--sandbox', 'giftcard', 'count'], { env: isolatedEnv({ STORE_CLI_SANDBOX_DIALECT: 'shopify' }) });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe("error: STORE_CLI_SANDBOX_DIALECT must be 'service' or 'real' (got 'shopify').\n");
  });

  it('--sandbox with --base-url is a usage error (exit 2)', async () => {
    const r = await run(['--sandbox', '--base-url', 'http://127.0.0.1:1', 'giftcard', 'count']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sandbox/);
  });
});
