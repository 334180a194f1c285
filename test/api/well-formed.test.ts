// The zod-free read checks (src/api/well-formed.ts) must never accept what a resource's zod
// schema refuses: each field's kind is held to the schema's field, value by value, and a
// refused answer still gets the schema's sentence.
import { describe, expect, it } from 'vitest';
import { LosslessNumber } from '../../src/core/json.js';
import { RuntimeError } from '../../src/core/errors.js';
import { readChecked, objectOf, id } from '../../src/api/well-formed.js';
import { GIFT_CARD_KINDS, isWellFormedCard, isWellFormedCardList } from '../../src/api/gift-cards/well-formed.js';
import { checkCard, giftCardSchema } from '../../src/api/gift-cards/schema.js';

/** Values of every JSON type the store could send, and lossless numbers as the client parses them. */
const SAMPLES: unknown[] = [
  undefined,
  null,
  '',
  'text',
  '12.50',
  new LosslessNumber('4000000000000000011'),
  new LosslessNumber('2.5'),
  7,
  true,
  false,
  {},
  { a: 1 },
  [],
  ['a', 'b'],
  [1],
  [null],
];

function heldToSchema(
  kinds: Readonly<Record<string, (value: unknown) => boolean>>,
  shape: Record<string, { safeParse: (value: unknown) => { success: boolean } }>,
): void {
  expect(Object.keys(kinds).sort()).toEqual(Object.keys(shape).sort());
  for (const [field, kind] of Object.entries(kinds)) {
    for (const value of SAMPLES) {
      if (kind(value)) expect(shape[field]!.safeParse(value).success, `${field}: ${String(value)}`).toBe(true);
    }
  }
}

describe('the zod-free read checks', () => {
  it("accept no gift card field's value that the gift card schema refuses", () => {
    heldToSchema(GIFT_CARD_KINDS, giftCardSchema.shape);
  });

  it('accept a well-formed card as sent, unknown fields included, and refuse what is not an object with an id', () => {
    const card = { id: new LosslessNumber('4000000000000000011'), balance: '5.00', currency: null, extra: { nested: [1] } };
    expect(isWellFormedCard(card)).toBe(true);
    expect(giftCardSchema.safeParse(card).success).toBe(true);
    for (const bad of [null, [], 'card', {}, { id: 5 }, { id: '1', balance: true }, { id: '1', code: null }])
      expect(isWellFormedCard(bad), JSON.stringify(bad)).toBe(false);
    expect(isWellFormedCardList([card, { id: '2' }])).toBe(true);
    expect(isWellFormedCardList([card, { id: 2 }])).toBe(false);
    expect(isWellFormedCardList({ 0: card })).toBe(false);
  });

  it('readChecked: a well-formed answer is returned as the same object, without loading the schema', async () => {
    const answer = { z: 1, id: '9', a: 2 };
    let loaded = false;
    const read = await readChecked(answer, objectOf({ id }), async () => {
      loaded = true;
      return (value: unknown) => value;
    });
    expect(read).toBe(answer);
    expect(Object.keys(read as object)).toEqual(['z', 'id', 'a']);
    expect(loaded).toBe(false);
  });

  it("readChecked: an answer refused is the schema check's to judge, which names where it is wrong", async () => {
    const read = readChecked({ id: '1', balance: true }, isWellFormedCard, async () => checkCard);
    await expect(read).rejects.toThrow(RuntimeError);
    await expect(read).rejects.toThrow(/^The store sent a gift card that does not match the API at balance: /);
  });

  it('readChecked: what the quick check is too strict for, the schema accepts', async () => {
    const strict = (value: unknown) => typeof value === 'object' && value !== null && 'only' in value;
    await expect(readChecked({ id: '1' }, strict, async () => checkCard)).resolves.toEqual({ id: '1' });
  });
});
