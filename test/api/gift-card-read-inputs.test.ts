// The gift card reads' inputs checked without zod (src/api/gift-cards/read-inputs.ts): what
// they accept, the schema accepts as it is; what they do not, the schema refuses in its words.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { giftCardIdOf, giftCardSearchOf } from '../../src/api/gift-cards/read-inputs.js';
import { checkGiftCardId, checkGiftCardSearch } from '../../src/api/gift-cards/schema.js';

const outcome = async (check: () => unknown) => {
  try {
    return { value: await check() };
  } catch (error) {
    return { error: error instanceof UsageError ? error.message : error };
  }
};

describe('gift card read inputs without zod', () => {
  it('an id: the same id or the same refusal as the schema', async () => {
    for (const id of ['4000000000000000011', '0', '12a', '', ' 1', '1 ', '-1', '1.5', '٣']) {
      expect(await outcome(() => giftCardIdOf(id)), id).toEqual(await outcome(() => checkGiftCardId(id)));
    }
  });

  it('a search: the same filters or the same refusal as the schema', async () => {
    const inputs: Array<Record<string, unknown>> = [
      {},
      { limit: 50, status: 'enabled' },
      { limit: 1, sinceId: '12', pageToken: 'abc', lastCharacters: 'A7k2' },
      { limit: 250 },
      { limit: 251 },
      { limit: 0 },
      { limit: 2.5 },
      { sinceId: 'x1' },
      { status: 'ENABLED' },
      { status: 'expired', lastCharacters: 'A7K' },
      { lastCharacters: 'A7K2!' },
      { pageToken: '' },
      { limit: undefined, sinceId: undefined, status: undefined, pageToken: undefined, lastCharacters: undefined },
    ];
    for (const input of inputs) {
      expect(await outcome(() => giftCardSearchOf(input)), JSON.stringify(input)).toEqual(await outcome(() => checkGiftCardSearch(input)));
    }
  });
});
