// The flags of create and edit, checked before anything is sent and sorted into what
// they change: product fields, names to look up, options, variant fields.
import { checkImageUrls, checkProductFlagValues } from '../api/products/checks.js';
import { definedOnly } from '../core/defined-only.js';
import { FieldError } from '../core/errors.js';
import type { ProductChange, ProductFields, VariantFields } from './build.js';
import type { Resolved } from './names.js';
import { parseOptionFlags, type ParsedOption } from './variants.js';

/**
 * The flags of create and edit as commander hands them over: product fields, look-ups by
 * name, options, variant fields (the verbs declare them in commands/product/product-flags.ts).
 */
export interface ProductFlags extends Omit<ProductFields, 'categoryId' | 'collectionIds' | 'images'>, VariantFields {
  file?: string;
  category?: string;
  collection?: string[];
  image?: string[];
  option?: string[];
  /** --location: an id, or a name still to look up. */
  location?: string;
}

export interface FlagChange {
  fields: ProductFields;
  /** --category and --collection as given: ids or names still to look up. */
  category?: string;
  collections?: string[];
  options?: ParsedOption[];
  variant: VariantFields;
  /** --location as a name, still to look up (locate() in stock.ts puts its id in variant.locationId). */
  location?: string;
}

export function checkFlags(flags: ProductFlags): FlagChange {
  const values = checkProductFlagValues({
    title: flags.title,
    subTitle: flags.subTitle,
    vendor: flags.vendor,
    productType: flags.productType,
    price: flags.price,
    compareOfPrice: flags.compareOfPrice,
    costPrice: flags.costPrice,
    sku: flags.sku,
    barcode: flags.barcode,
    weight: flags.weight,
    inventory: flags.inventory,
    locationId: flags.locationId,
  });
  if (flags.locationId !== undefined && flags.inventory === undefined)
    throw new FieldError('locationId', (name) => `${name()} says where ${name('inventory')} is: give ${name('inventory')} too.`);
  if (flags.location !== undefined && flags.inventory === undefined)
    throw new FieldError('location', (name) => `${name()} says where ${name('inventory')} is: give ${name('inventory')} too.`);
  if (flags.location !== undefined && flags.locationId !== undefined)
    throw new FieldError('location', (name) => `Give ${name()} or ${name('locationId')}, not both: they name the same thing.`);
  if (flags.location !== undefined && flags.location.trim() === '')
    throw new FieldError('location', (name) => `${name()} must be a location id or name, not empty.`);
  const locationName = flags.location === undefined || /^\d+$/.test(flags.location.trim()) ? undefined : flags.location.trim();
  if (flags.category !== undefined && flags.category.trim() === '')
    throw new FieldError('category', (name) => `${name()} must be a category id or name, not empty.`);
  if (flags.collection?.some((c) => c.trim() === '')) throw new FieldError('collection', (name) => `${name()} must be a collection id or title, not empty.`);
  const fields: ProductFields = {
    title: values.title,
    subTitle: values.subTitle,
    bodyHtml: flags.bodyHtml,
    vendor: values.vendor,
    productType: values.productType,
    status: flags.status,
    ...(flags.image !== undefined ? { images: checkImageUrls(flags.image) } : {}),
  };
  const variant: VariantFields = {
    price: values.price,
    compareOfPrice: values.compareOfPrice,
    costPrice: values.costPrice,
    sku: values.sku,
    barcode: values.barcode,
    weight: values.weight,
    weightUnit: flags.weightUnit,
    inventory: values.inventory,
    locationId: flags.location !== undefined && locationName === undefined ? flags.location.trim() : values.locationId,
  };
  return {
    fields: definedOnly(fields),
    ...(flags.category !== undefined ? { category: flags.category.trim() } : {}),
    ...(flags.collection !== undefined ? { collections: flags.collection.map((c) => c.trim()) } : {}),
    ...(flags.option !== undefined ? { options: parseOptionFlags(flags.option) } : {}),
    variant: definedOnly(variant),
    ...(locationName !== undefined ? { location: locationName } : {}),
  };
}

/** Whether the flags change anything at all (edit needs something to do). */
export function changesSomething(change: FlagChange): boolean {
  return (
    Object.keys(change.fields).length > 0 ||
    change.category !== undefined ||
    change.collections !== undefined ||
    change.options !== undefined ||
    Object.keys(change.variant).length > 0
  );
}

/** The change the flags make, but for --category and --collection (names still to look up). */
export function productChange(change: FlagChange): ProductChange {
  return { fields: change.fields, ...(change.options !== undefined ? { options: change.options } : {}), variant: change.variant };
}

/**
 * The change --category and --collection make once resolved to ids. Kept apart so the
 * product's rules are checked before any look-up: bad input exits 2 without a request.
 */
export function linkChange(resolved: Resolved): ProductChange {
  return {
    fields: {
      ...(resolved.categoryId !== undefined ? { categoryId: resolved.categoryId } : {}),
      ...(resolved.collectionIds !== undefined ? { collectionIds: resolved.collectionIds } : {}),
    },
    variant: {},
  };
}
