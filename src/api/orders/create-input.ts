// What `order create` sends, checked before anything goes out: the order a --file gives (bare
// or as {"order": ...}, each error at its JSON path) and the values the flags give (each error
// naming its flag). The store's create body is past the readable part of About Order; its form
// is this project's choice (docs/decisions.md "Order create"). Loaded lazily: it holds zod.
import * as z from 'zod/mini';
import { UsageError } from '../../core/errors.js';
import { scalarText } from '../../core/json.js';
import { jsonPath, valueAt } from '../products/checks.js';
import { decimalAmount, numericId, parseInput, wireId } from '../schema.js';

/** What an order made through the API may be: not yet paid, authorized, or paid; refunds make it refunded. */
export const CREATE_FINANCIAL_STATUSES = ['pending', 'authorized', 'paid'] as const;

/** The most lines an order may be made with. */
export const MAX_ORDER_LINES = 250;

/** A line as the user names it: a SKU or a variant id (looked up in the catalog), or a line of its own (a title and a price). */
export interface OrderLineDraft {
  sku?: string;
  variantId?: string;
  title?: string;
  quantity: number;
  price?: string;
  /** Where it was named, for an error: `--sku TSH-WHT-S`, `order.json: order.lineItems[0]`. */
  at: string;
}

export interface OrderDraft {
  lineItems: OrderLineDraft[];
  email?: string;
  customerId?: string;
  note?: string;
  tags?: string;
  sourceIdentifier?: string;
  financialStatus?: (typeof CREATE_FINANCIAL_STATUSES)[number];
  totalShippingPrice?: string;
  totalTax?: string;
  totalDiscounts?: string;
}

/** A line an order is made with: a variant of the catalog (its price unless given), or a line of its own (a title and a price). */
export interface OrderCreateLine {
  variantId?: string;
  title?: string;
  sku?: string;
  quantity: number;
  price?: string;
}

/** What `POST orders` sends (docs/decisions.md "Order create"), every field checked before. */
export interface OrderCreateBody extends Omit<OrderDraft, 'lineItems'> {
  lineItems: OrderCreateLine[];
}

const email = z
  .string()
  .check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address such as ada@example.com'), z.maxLength(255, 'must be at most 255 characters'));
const fields = {
  email: z.optional(email),
  customerId: z.optional(numericId()),
  note: z.optional(z.string().check(z.maxLength(5000, 'must be at most 5000 characters'))),
  tags: z.optional(z.string().check(z.maxLength(1000, 'must be at most 1000 characters'))),
  sourceIdentifier: z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters'))),
  financialStatus: z.optional(z.enum(CREATE_FINANCIAL_STATUSES, `must be one of ${CREATE_FINANCIAL_STATUSES.join(', ')}`)),
  totalShippingPrice: z.optional(decimalAmount()),
  totalTax: z.optional(decimalAmount()),
  totalDiscounts: z.optional(decimalAmount()),
};

const fileLine = z
  .strictObject({
    sku: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
    variantId: z.optional(z.union([wireId, z.string()]).check(z.refine((id) => /^\d+$/.test(scalarText(id)), 'must be a numeric variant id'))),
    title: z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters'))),
    quantity: z.optional(z.union([z.int(), wireId]).check(z.refine((n) => /^[1-9]\d{0,5}$/.test(scalarText(n)), 'must be a whole number from 1 to 999999'))),
    price: z.optional(decimalAmount()),
  })
  .check(
    z.refine((line) => line.sku === undefined || line.variantId === undefined, 'give a sku or a variantId, not both'),
    z.refine((line) => line.sku !== undefined || line.variantId !== undefined || (line.title !== undefined && line.price !== undefined), {
      message: 'needs a sku, a variantId, or a title and a price (a line of its own)',
    }),
  );

const fileSchema = z.strictObject({
  ...fields,
  lineItems: z.optional(z.array(fileLine).check(z.maxLength(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`))),
});

/** The order of a --file, checked: each problem one sentence naming the file and its JSON path (exit 2). */
export function checkOrderFile(value: unknown, source: string): OrderDraft {
  const wrapped = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && 'order' in value;
  const body = wrapped ? (value as { order: unknown }).order : value;
  const prefix = wrapped ? 'order.' : '';
  const result = fileSchema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const at = `${prefix}${jsonPath(issue.path)}`.replace(/\.$/, '');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') message = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    else if (valueAt(body, issue.path) === undefined && issue.path.length > 0 && issue.code === 'invalid_type') message = 'is required';
    throw new UsageError(`${source}: ${at === '' ? 'the order' : at}: ${message}. Nothing was sent.`, false);
  }
  const { lineItems = [], ...rest } = result.data;
  return {
    ...(Object.fromEntries(Object.entries(rest).filter(([, given]) => given !== undefined)) as Omit<OrderDraft, 'lineItems'>),
    lineItems: lineItems.map((line, index) => ({
      ...(line.sku === undefined ? {} : { sku: line.sku }),
      ...(line.variantId === undefined ? {} : { variantId: scalarText(line.variantId) }),
      ...(line.title === undefined ? {} : { title: line.title }),
      ...(line.price === undefined ? {} : { price: line.price }),
      quantity: line.quantity === undefined ? 1 : Number(scalarText(line.quantity)),
      at: `${source}: ${prefix}lineItems[${index}]`,
    })),
  };
}

const flagSchema = z.object(fields);
const FLAG_NAMES = { totalShippingPrice: '--total-shipping-price', totalTax: '--total-tax', totalDiscounts: '--total-discounts' };

/** The order's fields the flags give, checked (exit 2 naming the flag); the lines apart. */
export function checkOrderFlags(values: Omit<OrderDraft, 'lineItems'>): Omit<OrderDraft, 'lineItems'> {
  const checked = parseInput(flagSchema, values, FLAG_NAMES);
  return Object.fromEntries(Object.entries(checked).filter(([, given]) => given !== undefined)) as Omit<OrderDraft, 'lineItems'>;
}

/**
 * `TSH-WHT-S` or `TSH-WHT-S:2` of `--sku` (a variant id of `--variant-id`): the quantity after
 * the last colon, 1 when none. A SKU that itself ends in `:` and digits goes in a --file.
 */
export function parseLineFlag(value: string, flag: '--sku' | '--variant-id'): OrderLineDraft {
  const match = /^(.*?)(?::(\d+))?$/.exec(value.trim())!;
  const [, name = '', count] = match;
  const quantity = count === undefined ? 1 : Number(count);
  if (name === '' || (flag === '--variant-id' && !/^\d+$/.test(name)))
    throw new UsageError(
      `${flag} takes ${flag === '--sku' ? 'a SKU' : 'a variant id'} with an optional :quantity, such as ${flag === '--sku' ? 'TSH-WHT-S:2' : '4000000000000000409:2'} (got '${value}'). Nothing was sent.`,
    );
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 999_999)
    throw new UsageError(`${flag} ${value}: the quantity must be a whole number from 1 to 999999. Nothing was sent.`);
  return { ...(flag === '--sku' ? { sku: name } : { variantId: name }), quantity, at: `${flag} ${value}` };
}
