// The two wire shapes of a discount, the one place of the client that knows them
// (docs/decisions.md "Discounts"). Genstore's is nested, its code inside: the docs' sample
// begins {"discount":{"promotionType":{"categoryType":"PRODUCT_DISCOUNT","generateType":
// {"discountCode":"71NLIYCH","generateDiscountType":"CO…, and the rest of it is past the
// readable part. Decided: the type, the method and the code sit there, as the sample shows;
// every other field keeps its name at the top level of the discount (title, valueType, value,
// eligibility, segmentIds, status, startTime, endTime, usageLimit, oncePerCustomer), and its
// id is `discountId`, as the path names it. The service's shape is flat (id, discountType,
// discountMethod, codesCount), its codes a collection of their own. What is sent is the
// store's shape exactly; what is read may be either.
import type { Brand } from '../../core/brand.js';
import { scalarText } from '../../core/json.js';
import type { Discount, DiscountCreate } from './schema.js';

/** nested: Genstore's (one code, inside); flat: the service's (codes apart). */
export type DiscountShape = 'nested' | 'flat';

/** A store's shape, by its header family: Genstore documents the nested one; the service is ours. */
export function shapeOf(brand: Brand): DiscountShape {
  return brand === 'genstore' ? 'nested' : 'flat';
}

/** The fields but the type, method and code, in the order a body lists them. */
const PLAIN_FIELDS = ['title', 'valueType', 'value', 'eligibility', 'segmentIds', 'startTime', 'endTime', 'usageLimit', 'oncePerCustomer'] as const;

type Sent = Partial<DiscountCreate>;

/**
 * The body of a create or an update in the store's shape: only the fields given. In the
 * nested shape the type, method and code go inside promotionType first, as the docs' sample
 * begins; in the flat one the code is not part of the discount (it is added apart).
 */
export function discountBody(fields: Sent, shape: DiscountShape): { discount: Record<string, unknown> } {
  const plain: Record<string, unknown> = {};
  for (const name of PLAIN_FIELDS) if (fields[name] !== undefined) plain[name] = fields[name];
  if (shape === 'flat') {
    const { title, ...rest } = plain;
    return {
      discount: {
        ...(title !== undefined ? { title } : {}),
        ...(fields.discountType !== undefined ? { discountType: fields.discountType } : {}),
        ...pick(rest, ['valueType', 'value']),
        ...(fields.discountMethod !== undefined ? { discountMethod: fields.discountMethod } : {}),
        ...omit(rest, ['valueType', 'value']),
      },
    };
  }
  const generateType: Record<string, unknown> = {};
  if (fields.code !== undefined) generateType.discountCode = fields.code;
  if (fields.discountMethod !== undefined) generateType.generateDiscountType = fields.discountMethod;
  const promotionType: Record<string, unknown> = {};
  if (fields.discountType !== undefined) promotionType.categoryType = fields.discountType;
  if (Object.keys(generateType).length > 0) promotionType.generateType = generateType;
  return { discount: { ...(Object.keys(promotionType).length > 0 ? { promotionType } : {}), ...plain } };
}

/** A discount read in either shape, every field as text ('' where the store sent none). */
export interface DiscountReading {
  id: string;
  title: string;
  discountType: string;
  valueType: string;
  value: string;
  discountMethod: string;
  /** The code inside a Genstore discount; '' for an automatic one, and on the service (its codes are apart). */
  code: string;
  eligibility: string;
  segmentIds: string[];
  status: string;
  startTime: string;
  endTime: string;
  usageLimit: string;
  oncePerCustomer: string;
  /** The service's count of a discount's codes; '' on Genstore. */
  codesCount: string;
  createTime: string;
  updateTime: string;
}

/** The discount's settings, from the nested shape where it has them, else from the flat one. */
export function readDiscount(discount: Discount): DiscountReading {
  const promotion = objectAt(discount, 'promotionType');
  const generate = objectAt(promotion, 'generateType');
  const text = (value: unknown) => scalarText(value);
  const first = (...values: unknown[]) => text(values.find((value) => value !== undefined && value !== null));
  return {
    id: first(discount.discountId, discount.id),
    title: text(discount.title),
    discountType: first(promotion?.categoryType, discount.discountType),
    valueType: text(discount.valueType),
    value: text(discount.value),
    discountMethod: first(generate?.generateDiscountType, discount.discountMethod),
    code: first(generate?.discountCode, (discount as Record<string, unknown>).discountCode),
    eligibility: text(discount.eligibility),
    segmentIds: Array.isArray(discount.segmentIds) ? discount.segmentIds.map(text) : text(discount.segmentIds) === '' ? [] : [text(discount.segmentIds)],
    status: text(discount.status),
    startTime: text(discount.startTime),
    endTime: text(discount.endTime),
    usageLimit: text(discount.usageLimit),
    oncePerCustomer: text(discount.oncePerCustomer),
    codesCount: text(discount.codesCount),
    createTime: text(discount.createTime),
    updateTime: text(discount.updateTime),
  };
}

function objectAt(from: unknown, key: string): Record<string, unknown> | undefined {
  const value = from !== null && typeof from === 'object' ? (from as Record<string, unknown>)[key] : undefined;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function pick(from: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => from[name] !== undefined).map((name) => [name, from[name]]));
}

function omit(from: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(from).filter(([name]) => !names.includes(name)));
}
