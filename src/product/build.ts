// Applying the flags of create and edit to a product: product fields are set, options
// regenerate the variants, and variant fields apply to every variant. Pure: the look-ups
// by name are done before, and what comes out is checked before it is sent.
import { cloneJson, idText, type ImageDraft, type ProductDraft, type VariantDraft } from '../api/products/draft.js';
import { scalarText } from '../core/json.js';
import { FieldError } from '../core/errors.js';
import { optionDrafts, skuWithSuffix, variantsFor, variantTemplate, type ParsedOption } from './variants.js';

export interface ProductFields {
  title?: string;
  subTitle?: string;
  bodyHtml?: string;
  vendor?: string;
  productType?: string;
  status?: string;
  categoryId?: string;
  collectionIds?: string[];
  images?: string[];
}

export interface VariantFields {
  price?: string;
  compareOfPrice?: string;
  costPrice?: string;
  sku?: string;
  barcode?: string;
  weight?: string;
  weightUnit?: string;
  inventory?: string;
  locationId?: string;
}

export interface ProductChange {
  fields: ProductFields;
  /** From --option: replaces the options and regenerates the variants. */
  options?: ParsedOption[];
  variant: VariantFields;
}

const TEXT_FIELDS = ['title', 'subTitle', 'bodyHtml', 'vendor', 'productType', 'status'] as const;
const VARIANT_TEXT_FIELDS = ['price', 'compareOfPrice', 'costPrice', 'weight', 'weightUnit'] as const;

/** `base` with the change applied; `base` itself is left as it was. */
export function buildProduct(base: ProductDraft, change: ProductChange): ProductDraft {
  const product = cloneJson(base);
  for (const field of TEXT_FIELDS) if (change.fields[field] !== undefined) product[field] = change.fields[field];
  if (change.fields.categoryId !== undefined) product.categoryId = change.fields.categoryId;
  if (change.fields.collectionIds !== undefined) product.collections = [...change.fields.collectionIds];
  if (change.fields.images !== undefined) product.images = imagesFor(change.fields.images, product.images ?? []);

  const existing = product.variants ?? [];
  if (change.options !== undefined) {
    product.options = optionDrafts(change.options, product.options ?? []);
    product.variants = variantsFor(product.options, existing, variantTemplate(existing));
  } else if ((product.options ?? []).length > 0 && existing.length === 0) {
    // A file with options and no variants: one variant per combination, as --option makes.
    product.variants = variantsFor(product.options!, [], {});
  }
  if (hasVariantFields(change.variant)) product.variants = applyVariantFields(product.variants ?? [], change.variant);
  return product;
}

function hasVariantFields(fields: VariantFields): boolean {
  return Object.values(fields).some((v) => v !== undefined);
}

/** The images in the order given; an image already on the product (same src) keeps its id. */
function imagesFor(urls: readonly string[], existing: readonly ImageDraft[]): ImageDraft[] {
  return urls.map((src, i) => {
    const before = existing.find((image) => image.src === src);
    return { ...(before ? cloneJson(before) : {}), src, position: String(i + 1) };
  });
}

/** Variant fields set on every variant; a product without variants gets one to carry them. */
export function applyVariantFields(variants: readonly VariantDraft[], fields: VariantFields): VariantDraft[] {
  const result = variants.length === 0 ? [{} as VariantDraft] : variants.map((v) => cloneJson(v));
  if (fields.barcode !== undefined && result.length > 1) {
    throw new FieldError(
      'barcode',
      (name) => `${name()} identifies a single item, and this product has ${result.length} variants: set each variant's barcode in a ${name('file')}.`,
    );
  }
  for (const variant of result) {
    for (const field of VARIANT_TEXT_FIELDS) if (fields[field] !== undefined) variant[field] = fields[field];
    if (fields.barcode !== undefined) variant.barcode = fields.barcode;
    if (fields.inventory !== undefined) variant.inventoryQuantities = stockAt(variant, fields.inventory, fields.locationId);
  }
  if (fields.sku !== undefined) setSkus(result, fields.sku);
  return result;
}

/** One SKU as given, or with several variants the SKU plus each one's option values. */
function setSkus(variants: VariantDraft[], sku: string): void {
  if (variants.length === 1) {
    variants[0]!.sku = sku;
    return;
  }
  const owner = new Map<string, number>();
  variants.forEach((variant, i) => {
    const values = (variant.options ?? []).map((o) => scalarText(o.value?.name));
    const made = values.length > 0 ? skuWithSuffix(sku, values) : `${sku}-${i + 1}`;
    const clash = owner.get(made);
    if (clash !== undefined) {
      throw new FieldError(
        'sku',
        (name) => `${name()} ${sku} would give variants ${clash + 1} and ${i + 1} the same SKU ${made}: set SKUs per variant in a ${name('file')}.`,
      );
    }
    owner.set(made, i);
    variant.sku = made;
  });
}

/**
 * The variant's stock with `available` set at the location: the one given, else the only
 * location the variant has stock at (else the store's default, by omitting it).
 */
function stockAt(variant: VariantDraft, available: string, locationId: string | undefined): VariantDraft['inventoryQuantities'] {
  const stock = (variant.inventoryQuantities ?? []).map((q) => cloneJson(q));
  if (locationId === undefined) {
    if (stock.length === 0) return [{ available }];
    if (stock.length === 1) return [{ ...stock[0]!, available }];
    throw new FieldError(
      'inventory',
      (name) => `${name()}: this product's variants have stock at ${stock.length} locations; pass ${name('locationId')} to say which one.`,
    );
  }
  const index = stock.findIndex((q) => idText(q.locationId) === locationId);
  if (index < 0) return [...stock, { locationId, available }];
  stock[index] = { ...stock[index]!, available };
  return stock;
}
