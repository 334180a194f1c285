// Products as stores send them: a tolerant schema that checks the shape of what is read
// and keeps every field (unknown ones too), so --json stays exact and an edit sends back
// everything it did not change. What a user may write is checked in checks.ts.
import * as z from 'zod/mini';
import type { ProductField } from './fields.js';
import { parseWire, wireAmount, wireId, type Assert, type ExactFields, checkedListAsSent } from '../schema.js';

const text = z.optional(z.nullable(z.string()));
const id = z.optional(z.nullable(wireId));
/** Positions, quantities and flags: strings in the spec's samples, tolerated as numbers or booleans. */
const scalar = z.optional(z.nullable(z.union([wireAmount, z.boolean()])));

const optionValue = z.looseObject({ name: text, id, position: scalar });

export const variantSchema = z.looseObject({
  variantId: id,
  productId: id,
  sku: text,
  barcode: text,
  price: z.optional(z.nullable(wireAmount)),
  costPrice: z.optional(z.nullable(wireAmount)),
  compareOfPrice: z.optional(z.nullable(wireAmount)),
  weight: z.optional(z.nullable(wireAmount)),
  weightUnit: text,
  inventoryManagement: scalar,
  isDisabled: scalar,
  inventoryQuantities: z.optional(z.nullable(z.array(z.looseObject({ locationId: id, available: scalar })))),
  options: z.optional(z.nullable(z.array(z.looseObject({ name: text, id, position: scalar, value: z.optional(z.nullable(optionValue)) })))),
});

export const productSchema = z.looseObject({
  productId: wireId,
  title: text,
  subTitle: text,
  bodyHtml: text,
  vendor: text,
  productType: text,
  status: text,
  isMultiVariant: scalar,
  categoryId: id,
  productCategory: z.optional(z.nullable(z.looseObject({ categoryId: id, categoryName: text }))),
  /** JSON-array text of collection ids; a store sending a real array is tolerated. */
  collections: z.optional(z.nullable(z.union([z.string(), z.array(wireId)]))),
  images: z.optional(z.nullable(z.array(z.looseObject({ productId: id, src: text, position: scalar })))),
  options: z.optional(z.nullable(z.array(z.looseObject({ name: text, id, position: scalar, value: z.optional(z.nullable(z.array(optionValue))) })))),
  variants: z.optional(z.nullable(z.array(variantSchema))),
  marketAssigns: z.optional(z.nullable(z.array(z.looseObject({ isAssigned: scalar, marketId: id })))),
  salesChannels: z.optional(z.nullable(z.array(z.looseObject({ salesChannelCode: text })))),
});

export type Product = z.infer<typeof productSchema>;
export type Variant = z.infer<typeof variantSchema>;
/** fields.ts names exactly these fields (tsc checks it). */
export type ProductFieldsCheck = Assert<ExactFields<typeof productSchema.shape, ProductField>>;

/** Checked against the schema, but returned as sent: zod's copy would reorder the keys. */
export function checkProduct(product: unknown): Product {
  parseWire(productSchema, product, 'a product');
  return product as Product;
}

/**
 * A product as a listing sends it. Strict in what we send, tolerant in what we read: only
 * the id is checked; every other field (the single-product fields above, in their order) is
 * shown as the store sent it, whatever its JSON type, so no field can fail a listing.
 */
export const productListItemSchema = z.looseObject({
  productId: wireId,
  ...Object.fromEntries(
    Object.keys(productSchema.shape)
      .filter((field) => field !== 'productId')
      .map((field) => [field, z.optional(z.unknown())]),
  ),
});
/** A listed product: only productId is known to be there; read the rest as unknown. */
export type ListedProduct = { productId: z.infer<typeof wireId> } & Record<string, unknown>;

export const checkProductList = (list: unknown): ListedProduct[] => checkedListAsSent(productListItemSchema, list, 'a product list');
