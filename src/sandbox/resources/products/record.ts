// Collections and products as kept in memory, in the data file and in demo.json.
// Positions are not stored: the order of an array is the order of its items. A collection's
// products are not stored either: they follow from the products' own `collections`.
import * as z from 'zod';
import { AMOUNT_PATTERN } from '../money.js';
import { ID_PATTERN } from '../../state/ids.js';
import { characterCount, isHttpUrl } from '../text.js';
import { AVAILABLE_PATTERN, COLLECTION_TYPES, MAX_TEXT_LENGTH, PRODUCT_STATUSES, WEIGHT_PATTERN, WEIGHT_UNITS } from './decisions.js';

const id = z.string().regex(ID_PATTERN, 'must be a decimal id without leading zeros');
const text = z.string().refine((value) => characterCount(value) <= MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`);
const name = text.refine((value) => value.trim() !== '', 'must not be blank');
const amount = z.string().regex(AMOUNT_PATTERN, 'must be a decimal amount with at most 2 decimal places');
const absoluteUrl = z.string().refine(isHttpUrl, 'must be an absolute http or https URL');

export const collectionRecordSchema = z.strictObject({
  collectionId: id,
  title: name,
  /** `manual`, the name data files of earlier versions use, is read as custom. */
  collectionType: z.preprocess((value) => (value === 'manual' ? 'custom' : value), z.enum(COLLECTION_TYPES)),
  bodyHtml: z.string(),
  published: z.boolean(),
  image: z.strictObject({ src: absoluteUrl }).optional(),
});

const optionValueRecordSchema = z.strictObject({ id, name });

const optionRecordSchema = z.strictObject({
  id,
  name,
  values: z.array(optionValueRecordSchema).min(1),
});

const variantRecordSchema = z.strictObject({
  variantId: id,
  sku: text.optional(),
  barcode: text.optional(),
  price: amount,
  costPrice: amount.optional(),
  compareOfPrice: amount.optional(),
  weight: z.string().regex(WEIGHT_PATTERN).optional(),
  weightUnit: z.enum(WEIGHT_UNITS),
  inventoryManagement: z.boolean(),
  isDisabled: z.boolean(),
  inventoryQuantities: z.array(z.strictObject({ locationId: id, available: z.string().regex(AVAILABLE_PATTERN) })),
  /** One option value id per product option, in the product's option order. */
  optionValueIds: z.array(id),
});

export const productRecordSchema = z.strictObject({
  productId: id,
  title: name,
  subTitle: text.optional(),
  bodyHtml: z.string().optional(),
  vendor: text.optional(),
  productType: text,
  status: z.enum(PRODUCT_STATUSES),
  categoryId: id.optional(),
  /** Collection ids in the order the merchant gave them. */
  collections: z.array(id),
  images: z.array(z.strictObject({ id, src: absoluteUrl })),
  options: z.array(optionRecordSchema),
  variants: z.array(variantRecordSchema).min(1),
  marketAssigns: z.array(z.strictObject({ marketId: id, isAssigned: z.boolean() })),
});

export type CollectionRecord = z.infer<typeof collectionRecordSchema>;
export type ProductRecord = z.infer<typeof productRecordSchema>;
export type VariantRecord = ProductRecord['variants'][number];
export type OptionRecord = ProductRecord['options'][number];
export type ImageRecord = ProductRecord['images'][number];
