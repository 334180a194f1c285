// Seeds and snapshots through the built binary: serve --seed, then export, import and reset
// of that running sandbox from other store-cli processes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, killLeftovers, removeScratch, requireBuild, run, scratch, serve } from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const SEED = { giftCards: [{ id: '4100000000000000001', code: 'SPAWNSEED01', initialValue: '7.00' }] };

describe('a served sandbox with a seed', () => {
  it('serve --seed, export, import and reset from other processes', async () => {
    const dir = scratch().root;
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(SEED));
    const s = await serve(['--json', '--token', 't', '--seed', seedFile]);
    try {
      expect((await api(s, 'GET', '/gift_cards/count')).json).toEqual({ count: '1' });
      const created = await api(s, 'POST', '/gift_cards', { giftCard: { code: 'SPAWNMADE01', initialValue: '3.00' } });
      expect(created.status).toBe(200);

      const exported = join(dir, 'state.json');
      const out = await run(['sandbox', 'export', exported], { env: s.env() });
      expect(out.code, out.stderr).toBe(0);
      expect(JSON.parse(readFileSync(exported, 'utf8')).giftCards).toHaveLength(2);

      const reset = await run(['sandbox', 'reset', '--yes'], { env: s.env() });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stderr).toContain(`Reset the sandbox at ${s.baseUrl}: 1 gift cards`);
      expect((await api(s, 'GET', '/gift_cards/count')).json).toEqual({ count: '1' });

      const imported = await run(['sandbox', 'import', '-', '--yes'], { env: s.env(), input: readFileSync(exported, 'utf8') });
      expect(imported.code, imported.stderr).toBe(0);
      expect((await api(s, 'GET', '/gift_cards/count')).json).toEqual({ count: '2' });
    } finally {
      await s.stop();
    }
  });

  it('a seed that does not fit: exit 2, the file and the JSON path named, no stack', async () => {
    const seedFile = join(scratch().root, 'seed.json');
    writeFileSync(seedFile, JSON.stringify({ giftCards: [{ ...SEED.giftCards[0], initialValue: '7.001' }] }));
    const r = await run(['sandbox', 'serve', '--port', '0', '--seed', seedFile]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`error: ${seedFile}: giftCards[0].initialValue: must be a decimal amount with at most 2 decimal places.`);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});
