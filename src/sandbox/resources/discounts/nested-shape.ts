// Genstore's discount shape, as the real dialect plays it: the one place of the sandbox that
// knows it (docs/decisions.md "Discounts"). The docs' sample begins
// {"discount":{"promotionType":{"categoryType":"PRODUCT_DISCOUNT","generateType":
// {"discountCode":"71NLIYCH","generateDiscountType":"CO…; decided past it: the type, the
// method and the one code sit there; the other fields keep their names at the top of the
// discount, whose id is `discountId`. Our dialect's flat shape is present.ts's.
import { randomInt } from 'node:crypto';
import { isJsonObject, type JsonObject } from '../../http/body-json.js';
import type { FieldErrors } from '../../http/sandbox-errors.js';
import type { DiscountRecord } from './record.js';

/** Genstore's codes: "a custom 8-digit code" of letters and digits (the help centre), as it generates them. */
export const NESTED_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;
const GENERATED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A discount as Genstore shows it, from our flat form of it (present.ts): `id` as
 * `discountId`, the type, the method and its first code (a discount made here has one at
 * most) inside promotionType, the rest where it was; no count of codes.
 */
export function nestFlat(flat: Record<string, unknown>, record: DiscountRecord): Record<string, unknown> {
  const { id, title, discountType, discountMethod, codesCount: _codesCount, ...rest } = flat;
  const code = record.codes[0];
  return {
    discountId: id,
    title,
    promotionType: {
      categoryType: discountType,
      generateType: { ...(code !== undefined ? { discountCode: code.code } : {}), generateDiscountType: discountMethod },
    },
    ...rest,
  };
}

/** Where a field of the flat reading sits in a nested body, for an error's JSON path. */
const NESTED_PATHS: Readonly<Record<string, string>> = {
  discountType: 'discount.promotionType.categoryType',
  discountMethod: 'discount.promotionType.generateType.generateDiscountType',
  code: 'discount.promotionType.generateType.discountCode',
};

/** Names the flat shape has that a Genstore body must not (they sit inside promotionType there, or are the store's to give). */
const FLAT_ONLY = ['discountType', 'discountMethod', 'discountCode', 'id', 'discountId', 'codesCount', 'codes'] as const;

/** The object at `at` (a JSON path), if the body gives one: absent or null is none, anything else refused naming `shape`. */
function nestedObject(value: unknown, at: string, shape: string, errors: FieldErrors): JsonObject | undefined {
  if (value === undefined || value === null) return undefined;
  if (isJsonObject(value)) return value;
  errors.add(at, `must be an object: ${shape}`);
  return undefined;
}

/**
 * A nested body's fields read into the flat names the checks use (`discountType`,
 * `discountMethod`, and `code` for the code inside), with the JSON path of each; a flat
 * field at the top is refused where it stands, as a store of this shape refuses a flat body.
 */
export function flattenNested(body: JsonObject, errors: FieldErrors): { fields: JsonObject; path: (name: string) => string } {
  const path = (name: string) => NESTED_PATHS[name] ?? `discount.${name}`;
  const fields: JsonObject = {};
  for (const [name, value] of Object.entries(body)) {
    if ((FLAT_ONLY as readonly string[]).includes(name)) {
      errors.add(
        `discount.${name}`,
        name === 'discountType' || name === 'discountMethod' || name === 'discountCode'
          ? `is not a field of a discount: it is ${path(name === 'discountCode' ? 'code' : name)}`
          : "is the store's to give",
      );
    } else if (name !== 'promotionType') fields[name] = value;
  }
  const promotion = nestedObject(
    body.promotionType,
    'discount.promotionType',
    '{"categoryType", "generateType": {"discountCode", "generateDiscountType"}}',
    errors,
  );
  if (promotion === undefined) return { fields, path };
  if (promotion.categoryType !== undefined) fields.discountType = promotion.categoryType;
  const generate = nestedObject(promotion.generateType, 'discount.promotionType.generateType', '{"discountCode", "generateDiscountType"}', errors);
  if (generate === undefined) return { fields, path };
  if (generate.generateDiscountType !== undefined) fields.discountMethod = generate.generateDiscountType;
  if (generate.discountCode !== undefined) fields.code = generate.discountCode;
  return { fields, path };
}

/** A code as Genstore generates one: 8 upper-case letters and digits, none the store holds (`taken`, lower case). */
export function generateNestedCode(taken: (lower: string) => boolean): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < 8; i++) code += GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)];
    if (!taken(code.toLowerCase())) return code;
  }
}
