// The product the CLI builds before sending it, in the domain's terms: the spec's product
// object, typed where the CLI touches it and open for every other field a store sends
// (kept and sent back). Two fields differ from the wire (wire.ts maps them):
// `collections` is a list of ids (the wire's JSON-array text) and `multiVariant` a boolean
// (the wire's `isMultiVariant`, "true" or "false"). Ids may be strings or lossless
// numbers, as the store or the user's file wrote them.
import { isLosslessNumber, scalarText } from '../../core/json.js';

export interface OptionValueDraft {
  name: string;
  id?: unknown;
  position?: unknown;
  [field: string]: unknown;
}

export interface OptionDraft {
  name: string;
  id?: unknown;
  position?: unknown;
  value: OptionValueDraft[];
  [field: string]: unknown;
}

export interface VariantOptionDraft {
  name: string;
  id?: unknown;
  position?: unknown;
  value: OptionValueDraft;
  [field: string]: unknown;
}

export interface InventoryDraft {
  locationId?: unknown;
  available: unknown;
  [field: string]: unknown;
}

export interface VariantDraft {
  variantId?: unknown;
  sku?: string;
  barcode?: string;
  price?: string;
  compareOfPrice?: string;
  costPrice?: string;
  weight?: string;
  weightUnit?: string;
  inventoryQuantities?: InventoryDraft[];
  options?: VariantOptionDraft[];
  [field: string]: unknown;
}

export interface ImageDraft {
  src: string;
  position?: unknown;
  [field: string]: unknown;
}

export interface ProductDraft {
  title?: string;
  categoryId?: unknown;
  /** The ids of the product's collections. */
  collections?: string[];
  /** Whether the product has several variants; null when the store sent null. */
  multiVariant?: boolean | null;
  images?: ImageDraft[];
  options?: OptionDraft[];
  variants?: VariantDraft[];
  [field: string]: unknown;
}

/** Fields only a store writes: dropped from a product before it is created. */
export const READ_ONLY_PRODUCT_FIELDS = ['productId', 'multiVariant', 'productCategory', 'salesChannels'] as const;
/** Fields only a store writes on the parts of a product (ids of variants, options, images). */
export const READ_ONLY_PART_FIELDS = ['id', 'variantId', 'productId'] as const;

/** An id's digits, whichever JSON type carried it. */
export function idText(value: unknown): string {
  return isLosslessNumber(value) ? value.toString() : scalarText(value);
}

/** "Red / S": a variant's option values in order. */
export function variantTitle(variant: VariantDraft): string {
  return (variant.options ?? []).map((o) => scalarText(o.value?.name)).join(' / ');
}

/**
 * A deep copy of JSON data. Lossless numbers are shared, not cloned: structuredClone
 * would turn them into plain objects that no longer write back as numbers.
 */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneJson(v)])) as T;
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * `product` without what only a read carries (sales channels, the category's name): an
 * edit neither sends these back nor counts them as changes, whether they come from the
 * store's product or from a patch saved by `product get --json`.
 */
export function withoutReadOnlyViews(product: Record<string, unknown>): ProductDraft {
  const { salesChannels: _channels, productCategory: _category, ...rest } = product;
  return rest as ProductDraft;
}
