// What a user may write for a product: a JSON file (create), a partial product (edit
// --file) and the flag values. Every constraint of the wire contract is checked before
// anything is sent, and a problem names the flag, or the file and the JSON path.
import * as z from 'zod/mini';
import { isLosslessNumber, parseJson } from '../../core/json.js';
import { FieldError, UsageError } from '../../core/errors.js';
import { pluralWord } from '../../core/words.js';
import { PRODUCT_STATUSES, WEIGHT_UNITS } from './codes.js';
import { MONEY_AMOUNT as MONEY, parseInput } from '../schema.js';

const DECIMAL = /^\d{1,15}(\.\d+)?$/;
const DIGITS = /^\d{1,20}$/;
const WHOLE = /^-?\d{1,15}$/;

const digitsOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : isLosslessNumber(value) ? value.toString() : undefined);

/** An id: a JSON string of digits, or a JSON number (kept digit-exact). */
const idValue = z.custom<string>((v) => DIGITS.test(digitsOf(v) ?? ''), 'must be a numeric id such as "4000000000000000011"');
const positionValue = z.custom<string>((v) => /^\d{1,9}$/.test(digitsOf(v) ?? ''), 'must be a whole number such as "1"');
const quantityValue = z.custom<string>((v) => WHOLE.test(digitsOf(v) ?? ''), 'must be a whole number such as "10"');

const text = (max = 65535) => z.string('must be a JSON string').check(z.maxLength(max, `must be at most ${max} characters`));
const name = (what: string) =>
  z.string(`must be a JSON string (the ${what})`).check(z.minLength(1, `must not be empty (the ${what})`), z.maxLength(255, 'must be at most 255 characters'));
const money = z.string('must be a decimal amount like "19.99" (a JSON string)').check(z.regex(MONEY, 'must be a decimal amount like "19.99"'));
const decimal = z.string('must be a decimal number like "0.25" (a JSON string)').check(z.regex(DECIMAL, 'must be a decimal number like "0.25"'));
const flagText = z.enum(['true', 'false'], 'must be "true" or "false" (a JSON string)');
const code = (max = 255) =>
  z.string('must be a JSON string').check(z.maxLength(max, `must be at most ${max} characters`), z.regex(/^[^\r\n]*$/, 'must be one line'));
const imageUrl = z.string('must be a JSON string (an image URL)').check(z.refine(isWebUrl, 'must be an absolute http or https URL'));
const list = <T extends z.ZodMiniType>(item: T) => z.array(item, 'must be a JSON array');
const object = <T extends z.core.$ZodLooseShape>(shape: T) => z.strictObject(shape, 'must be a JSON object');

const optionValueInput = object({ name: name('option value'), id: z.optional(idValue), position: z.optional(positionValue) });

const variantInput = object({
  variantId: z.optional(idValue),
  productId: z.optional(idValue),
  sku: z.optional(code()),
  barcode: z.optional(code()),
  price: z.optional(money),
  costPrice: z.optional(money),
  compareOfPrice: z.optional(money),
  weight: z.optional(decimal),
  weightUnit: z.optional(z.enum(WEIGHT_UNITS, `must be one of ${WEIGHT_UNITS.join(', ')}`)),
  inventoryManagement: z.optional(flagText),
  isDisabled: z.optional(flagText),
  inventoryQuantities: z.optional(list(object({ locationId: z.optional(idValue), available: quantityValue }))),
  options: z.optional(list(object({ name: name('option name'), id: z.optional(idValue), position: z.optional(positionValue), value: optionValueInput }))),
});

const productShape = {
  /** Read-only fields are accepted (a file saved by `product get --json` is a valid template). */
  productId: z.optional(idValue),
  title: name('title'),
  subTitle: z.optional(text(255)),
  bodyHtml: z.optional(text()),
  vendor: z.optional(text(255)),
  productType: z.optional(text(255)),
  status: z.optional(z.enum(PRODUCT_STATUSES, `must be one of ${PRODUCT_STATUSES.join(', ')}`)),
  isMultiVariant: z.optional(z.union([flagText, z.boolean()], 'must be "true" or "false"')),
  categoryId: z.optional(idValue),
  productCategory: z.optional(z.unknown()),
  /** The wire's JSON-array text of ids, or (easier to write) a JSON array of ids. */
  collections: z.optional(
    z.union(
      [z.string().check(z.refine(isIdListText, 'must be JSON-array text of ids such as "[\\"123\\"]"')), list(idValue)],
      'must be a JSON array of collection ids',
    ),
  ),
  images: z.optional(list(object({ src: imageUrl, position: z.optional(positionValue), productId: z.optional(idValue), id: z.optional(idValue) }))),
  options: z.optional(list(object({ name: name('option name'), id: z.optional(idValue), position: z.optional(positionValue), value: list(optionValueInput) }))),
  variants: z.optional(list(variantInput)),
  marketAssigns: z.optional(list(object({ isAssigned: flagText, marketId: idValue }))),
  salesChannels: z.optional(z.unknown()),
};

export const productFileSchema = object(productShape);
/** A partial product for edit --file: every field optional; what is given is merged in. */
export const productPatchSchema = z.partial(productFileSchema);

export type ProductInput = Record<string, unknown>;

/**
 * Checks a product (create) or a partial product (edit) read from `source` (a file name,
 * or "stdin"). `prefix` is where the product sits in the file ("product." when wrapped).
 */
export function checkProductFile(value: unknown, source: string, options: { partial: boolean; prefix: string }): ProductInput {
  const schema = options.partial ? productPatchSchema : productFileSchema;
  const result = schema.safeParse(value);
  if (result.success) return value as ProductInput;
  const issue = result.error.issues[0]!;
  const path = jsonPath(issue.path);
  const at = `${options.prefix}${path}`.replace(/\.$/, '');
  const found = valueAt(value, issue.path);
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') message = `unknown ${pluralWord(issue.keys.length, 'field')} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  else if (found === undefined && issue.code === 'invalid_type') message = 'is required';
  else if (typeof found === 'string' && issue.code !== 'too_big') message += ` (got ${JSON.stringify(clip(found))})`;
  throw new UsageError(`${source}: ${at === '' ? 'the product' : at}: ${message}.`, false);
}

/** `["variants", 1, "price"]` -> `variants[1].price`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`), '');
}

export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isIdListText(text: string): boolean {
  try {
    const parsed = parseJson(text);
    return Array.isArray(parsed) && parsed.every((id) => DIGITS.test(digitsOf(id) ?? ''));
  } catch {
    return false;
  }
}

// ---- flag values -------------------------------------------------------------------------

export const productFlagValues = z.object({
  title: z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters'))),
  subTitle: z.optional(z.string().check(z.maxLength(255, 'must be at most 255 characters'))),
  vendor: z.optional(z.string().check(z.maxLength(255, 'must be at most 255 characters'))),
  productType: z.optional(z.string().check(z.maxLength(255, 'must be at most 255 characters'))),
  price: z.optional(z.string().check(z.regex(MONEY, 'must be a decimal amount like 19.99 (at most 2 decimals)'))),
  compareOfPrice: z.optional(z.string().check(z.regex(MONEY, 'must be a decimal amount like 24.99 (at most 2 decimals)'))),
  costPrice: z.optional(z.string().check(z.regex(MONEY, 'must be a decimal amount like 7.50 (at most 2 decimals)'))),
  sku: z.optional(z.string().check(z.regex(/^[^\r\n]{1,255}$/, 'must be one line of 1 to 255 characters'))),
  barcode: z.optional(z.string().check(z.regex(/^[^\r\n]{1,255}$/, 'must be one line of 1 to 255 characters'))),
  weight: z.optional(z.string().check(z.regex(DECIMAL, 'must be a decimal number like 0.25'))),
  inventory: z.optional(z.string().check(z.regex(WHOLE, 'must be a whole number such as 10'))),
  locationId: z.optional(z.string().check(z.regex(DIGITS, 'must be a numeric id'))),
});
export type ProductFlagValues = z.infer<typeof productFlagValues>;

export const checkProductFlagValues = (value: ProductFlagValues) => parseInput(productFlagValues, value);

/** Each image must be an absolute http(s) URL; the one at fault is named (field `image[i]`). */
export function checkImageUrls(urls: readonly string[]): string[] {
  urls.forEach((url, index) => {
    if (!isWebUrl(url)) throw new FieldError(`image[${index}]`, (name) => `${name()} must be an absolute http or https URL (got '${clip(url)}').`);
  });
  return [...urls];
}

const productIdInput = z.object({ productId: z.string().check(z.regex(DIGITS, 'must be a numeric id')) });
export const checkProductId = (productId: unknown) => parseInput(productIdInput, { productId }, { productId: '<productId>' }).productId;
