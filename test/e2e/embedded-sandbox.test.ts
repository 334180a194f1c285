// `--sandbox`: the embedded emulator, zero set-up, run from the bundle. Its state kept between
// runs in STORE_CLI_DATA_DIR, its dialect and its refusals: test/commands/sandbox/embedded.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, killLeftovers, removeScratch, requireBuild, run } from '../helpers/cli-spawn.js';

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
});
