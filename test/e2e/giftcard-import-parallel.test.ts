// Two `giftcard import`s of one file at once, as two CI jobs started together would run
// them: both must end 0 with no failed row, and the store must hold each card once, as the
// file says. The race that once failed rows: a card one run created and then disabled is
// updated by the other run, which read it in between; the store refuses that update (a
// disabled card is frozen, 409), and the row must be planned again from the card as it
// now is. Latency on updates (a fault rule that answers normally, late) widens the window.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, run, scratch, useServed } from '../helpers/cli-spawn.js';

describe('two giftcard imports of one file, in parallel', () => {
  const served = useServed(['--json', '--quiet', '--fault', 'PUT /api/202412/gift_cards/* 200+400ms']);

  it('both exit 0 with no failed row; every card exists once, with the balance and status of the file', { timeout: 60_000 }, async () => {
    const codes = Array.from({ length: 6 }, (_, i) => `PARALLEL${String(i).padStart(8, '0')}`);
    const file = join(scratch().root, 'cards.csv');
    writeFileSync(file, `code,initialValue,balance,note,status\n${codes.map((code, i) => `${code},50,${20 + i},row ${i},${i % 2 === 0 ? 'disabled' : 'enabled'}`).join('\n')}\n`);
    const env = served.sandbox.env();
    const [a, b] = await Promise.all([run(['giftcard', 'import', file, '--json'], { env, timeoutMs: 45_000 }), run(['giftcard', 'import', file, '--json'], { env, timeoutMs: 45_000 })]);
    for (const r of [a, b]) {
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ rows: 6, failed: 0 });
    }
    // Between them, each card was created once.
    expect(JSON.parse(a.stdout).created + JSON.parse(b.stdout).created).toBe(6);
    const { json } = await api(served.sandbox, 'GET', '/gift_cards/search?limit=250');
    const cards = (json as { giftCards: { lastCharacters: string; balance: string; note: string; disableTime?: string }[] }).giftCards;
    expect(cards).toHaveLength(6);
    for (const [i, code] of codes.entries()) {
      const card = cards.find((c) => c.lastCharacters === code.slice(-4))!;
      expect(card).toMatchObject({ balance: String(20 + i), note: `row ${i}` });
      expect(card.disableTime !== undefined && card.disableTime !== null).toBe(i % 2 === 0);
    }
  });
});
