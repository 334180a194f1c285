// A resource's zod-free field list (api/<resource>/fields.ts, what verbs declare for --json
// at start-up) and its schema cannot drift: schema.ts asserts that the two name the same
// fields, so a field added to one and not the other fails the type check (`npm test` runs
// tsc before any test). The @ts-expect-error lines below prove that such a list does not
// compile: were the check to accept it, tsc would report the unused directive.
import { describe, expect, it } from 'vitest';
import type { Assert, ExactFields } from '../../src/api/schema.js';
import type { giftCardSchema } from '../../src/api/gift-cards/schema.js';
import type { GiftCardField } from '../../src/api/gift-cards/fields.js';
import { PRODUCT_FIELDS } from '../../src/api/products/fields.js';
import { productListItemSchema } from '../../src/api/products/schema.js';

type CardShape = typeof giftCardSchema.shape;

// @ts-expect-error a list missing one of the schema's fields does not compile
export type _Missing = Assert<ExactFields<CardShape, Exclude<GiftCardField, 'note'>>>;
// @ts-expect-error a list naming a field the schema does not have does not compile
export type _Extra = Assert<ExactFields<CardShape, GiftCardField | 'nickname'>>;
// The list as it is compiles.
export type _Same = Assert<ExactFields<CardShape, GiftCardField>>;

describe('field lists', () => {
  it('the exact check names what is missing and what is in excess', () => {
    const found: ExactFields<{ a: 1; b: 2 }, 'a' | 'c'> = { missing: 'b', extra: 'c' };
    expect(found).toEqual({ missing: 'b', extra: 'c' });
  });

  it("product list's tolerant schema has the product's fields, in the field list's order", () => {
    expect(Object.keys(productListItemSchema.shape)).toEqual([...PRODUCT_FIELDS]);
  });
});
