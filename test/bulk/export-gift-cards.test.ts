import { describe, expect, it } from 'vitest';
import type { GiftCard } from '../../src/api/gift-cards/schema.js';
import { exportGiftCards } from '../../src/bulk/kinds/gift-cards/export.js';

const card = (id: string, code: string): GiftCard => ({ id, code, lastCharacters: code.slice(-4), initialValue: '5.00', balance: '5.00', currency: 'USD' });

async function* pages(...lists: GiftCard[][]): AsyncGenerator<GiftCard[]> {
  for (const list of lists) yield list;
}

async function run(lists: GiftCard[][], reveal: boolean, sort?: 'code' | 'none') {
  let text = '';
  const counts = await exportGiftCards(pages(...lists), { write: async (chunk) => void (text += chunk) }, reveal, sort);
  return {
    counts,
    codes: text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]),
  };
}

describe('exportGiftCards', () => {
  const mixed = [
    [card('12', 'zeta0002'), card('3', '****AAAA')],
    [card('100', 'Beta0001'), card('9', 'alpha003')],
  ];

  it('sorts by code across pages (ignoring case), then by id as a number; counts what was revealed and what the store masked', async () => {
    const { counts, codes } = await run(mixed, true);
    expect(codes).toEqual(['****AAAA', 'alpha003', 'Beta0001', 'zeta0002']);
    expect(counts).toEqual({ cards: 4, revealed: 3, masked: 1 });
  });

  it('masked codes sort as written (the order tells nothing the file does not), ties by id', async () => {
    const { counts, codes } = await run([[card('20', 'xxxxAAAA'), card('3', 'yyyyAAAA'), card('100', 'zzzzBBBB')]], false);
    expect(codes).toEqual(['****AAAA', '****AAAA', '****BBBB']);
    expect(counts).toEqual({ cards: 3, revealed: 0, masked: 0 });
  });

  it("--sort none keeps the store's order", async () => {
    const { codes } = await run(mixed, true, 'none');
    expect(codes).toEqual(['zeta0002', '****AAAA', 'Beta0001', 'alpha003']);
  });
});
