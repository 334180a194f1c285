// The discounts' section of a seed (and of a snapshot), and the demo set's discounts
// (demo.json): a code discount, an automatic one, a disabled shipping one, each code discount
// with one code (as a Genstore discount holds one: the demo reads the same in both dialects).
// A seed's discount may hold several codes, which our dialect lists; the real one shows the
// first inside the discount.
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { AMOUNT_PATTERN } from '../money.js';
import { seedSection } from '../resource.js';
import { ID_PATTERN } from '../../state/ids.js';
import demo from './demo.json' with { type: 'json' };
import {
  CODE_PATTERN,
  DISCOUNT_METHODS,
  DISCOUNT_TYPES,
  ELIGIBILITIES,
  isDiscountValue,
  KEY,
  STATUSES,
  TITLE_MAX_LENGTH,
  VALUE_TYPES,
  type DiscountCodeRecord,
  type DiscountRecord,
} from './record.js';

const id = z.string({ error: 'must be a decimal id as a JSON string' }).regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

/** A code of a seed: the code alone, or with its id, uses and time. */
const seedCodeSchema = z.union([
  z.string().regex(CODE_PATTERN, 'must be 3 to 50 letters, digits, - or _'),
  z.strictObject({
    id: id.optional(),
    code: z.string().regex(CODE_PATTERN, 'must be 3 to 50 letters, digits, - or _'),
    usageCount: z.number().int().nonnegative().optional(),
    createTime: timestamp.optional(),
  }),
]);

const seedDiscountSchema = z.strictObject({
  id,
  title: z.string().min(1).max(TITLE_MAX_LENGTH),
  discountType: z.enum(DISCOUNT_TYPES),
  valueType: z.enum(VALUE_TYPES),
  value: z.string().regex(AMOUNT_PATTERN, 'must be a decimal string with at most 2 decimals'),
  discountMethod: z.enum(DISCOUNT_METHODS),
  eligibility: z.enum(ELIGIBILITIES).optional(),
  segmentIds: z.array(id).default([]),
  status: z.enum(STATUSES).default('ENABLED'),
  startTime: timestamp.optional(),
  endTime: timestamp.nullable().default(null),
  usageLimit: z.number().int().positive().nullable().default(null),
  oncePerCustomer: z.boolean().default(false),
  createTime: timestamp.optional(),
  updateTime: timestamp.optional(),
  codes: z.array(seedCodeSchema).default([]),
});

type SeedDiscount = z.output<typeof seedDiscountSchema>;

/** A seed's discount with its defaults: what the resource stores, but for the ids of codes given without one (the store's sequence gives them). */
export type FilledDiscount = Omit<DiscountRecord, 'codes'> & { codes: Array<Omit<DiscountCodeRecord, 'id'> & { id?: string }> };

export const discountSeed = seedSection({
  key: KEY,
  schema: z.array(seedDiscountSchema).default([]),
  check(seed: { discounts: SeedDiscount[] }, report) {
    const ids = new Map<string, string>();
    const codes = new Map<string, number>();
    const seen = (value: string, path: string) => {
      const earlier = ids.get(value);
      ids.set(value, path);
      return earlier;
    };
    seed.discounts.forEach((discount, index) => {
      const sameId = seen(discount.id, `discounts[${index}]`);
      if (sameId !== undefined) report(['discounts', index, 'id'], `is the id of ${sameId} too`);
      if (!isDiscountValue(discount.valueType, discount.value))
        report(['discounts', index, 'value'], discount.valueType === 'PERCENTAGE' ? 'must be above 0 and at most 100' : 'must be above 0');
      const eligibility = discount.eligibility ?? (discount.segmentIds.length > 0 ? 'SEGMENT' : 'ALL');
      if (eligibility === 'SEGMENT' && discount.segmentIds.length === 0)
        report(['discounts', index, 'segmentIds'], 'must name a segment when eligibility is SEGMENT');
      if (discount.discountMethod === 'AUTOMATIC_DISCOUNT' && discount.codes.length > 0)
        report(['discounts', index, 'codes'], 'must be empty: an AUTOMATIC_DISCOUNT has no codes');
      discount.codes.forEach((entry, at) => {
        const code = typeof entry === 'string' ? entry : entry.code;
        const same = codes.get(code.toLowerCase());
        if (same !== undefined) report(['discounts', index, 'codes', at], `repeats a code of discounts[${same}] (codes are unique ignoring case)`);
        codes.set(code.toLowerCase(), index);
        if (typeof entry !== 'string' && entry.id !== undefined) {
          const sameCodeId = seen(entry.id, `discounts[${index}].codes[${at}]`);
          if (sameCodeId !== undefined) report(['discounts', index, 'codes', at, 'id'], `is the id of ${sameCodeId} too`);
        }
      });
    });
  },
  /** Times default to when the seed is loaded; a code without an id gets the store's next one when the seed is stored. */
  fill: (discounts, { stamp }): FilledDiscount[] =>
    discounts.map((discount) => {
      const createTime = discount.createTime ?? stamp;
      return {
        ...discount,
        eligibility: discount.eligibility ?? (discount.segmentIds.length > 0 ? 'SEGMENT' : 'ALL'),
        startTime: discount.startTime ?? createTime,
        createTime,
        updateTime: discount.updateTime ?? createTime,
        codes: discount.codes.map((entry) => {
          const code = typeof entry === 'string' ? { code: entry } : entry;
          return {
            ...(code.id === undefined ? {} : { id: code.id }),
            code: code.code,
            usageCount: code.usageCount ?? 0,
            createTime: code.createTime ?? createTime,
          };
        }),
      };
    }),
  demo,
});
