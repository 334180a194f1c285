// The products a rehearsal copied (copy.ts), as the rehearsal store's seed holds them: each
// product as the store listed it turned into the emulator's record (its options with their
// value ids, each variant naming one value of each option), its categories, collections and
// the store's locations. What the store sent is kept as sent; a field the seed has no room
// for (an enum it does not know) takes the emulator's default, as the import never reads it.
import type { Category } from '../../../api/categories/declaration.js';
import type { Collection } from '../../../api/collections/declaration.js';
import type { Location } from '../../../api/locations/declaration.js';
import { idText } from '../../../api/products/draft.js';
import { collectionTypeName } from '../../../api/products/codes.js';
import type { ListedProduct } from '../../../api/products/schema.js';
import { collectionIds } from '../../../api/products/wire.js';
import { scalarText } from '../../../core/json.js';

/** The products a product import's file touches, as the store listed them, with the categories and collections they hold or the rows name, and every location. */
export interface CopiedCatalog {
  products: ListedProduct[];
  categories: Category[];
  collections: Collection[];
  locations: Location[];
}

const STATUSES = ['active', 'draft', 'archived'];
const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'];

type Loose = Record<string, unknown>;
const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : []);
const text = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : scalarText(value));
const flag = (value: unknown) => value === true || text(value) === 'true';

/** The catalog as the seed's sections: categories, collections, locations and products. */
export function catalogSeed(catalog: CopiedCatalog) {
  const categoryIds = new Set(catalog.categories.map((c) => idText(c.categoryId)));
  const collectionIdsKept = new Set(catalog.collections.map((c) => idText(c.collectionId)));
  const locationIds = new Set(catalog.locations.map((l) => idText(l.locationId)));
  return {
    categories: catalog.categories.map((c) => {
      const parent = c.parentCategoryId === undefined || c.parentCategoryId === null ? '0' : idText(c.parentCategoryId);
      return { categoryId: idText(c.categoryId), categoryName: scalarText(c.categoryName ?? ''), parentCategoryId: categoryIds.has(parent) ? parent : '0' };
    }),
    collections: catalog.collections.map((c) => ({
      collectionId: idText(c.collectionId),
      title: scalarText(c.title ?? ''),
      collectionType: collectionTypeName(scalarText(c.collectionType ?? '1')) === 'smart' ? 'smart' : 'custom',
      bodyHtml: typeof c.bodyHtml === 'string' ? c.bodyHtml : '',
      published: flag(c.published),
    })),
    locations: catalog.locations.map((l) => ({ locationId: idText(l.locationId), name: scalarText(l.name ?? (l as Loose).locationName ?? '') })),
    products: catalog.products.map((p) => productOf(p as Loose, { categoryIds, collectionIds: collectionIdsKept, locationIds })),
  };
}

function productOf(product: Loose, kept: { categoryIds: Set<string>; collectionIds: Set<string>; locationIds: Set<string> }) {
  const productId = idText(product.productId);
  const options = list(product.options).map((option) => ({
    id: idText(option.id),
    name: scalarText(option.name ?? ''),
    values: list(option.value).map((value) => ({ id: idText(value.id), name: scalarText(value.name ?? '') })),
  }));
  const status = text(product.status)?.toLowerCase();
  const categoryId = text(product.categoryId);
  const record = {
    productId,
    title: scalarText(product.title ?? ''),
    subTitle: typeof product.subTitle === 'string' ? product.subTitle : undefined,
    bodyHtml: typeof product.bodyHtml === 'string' ? product.bodyHtml : undefined,
    vendor: typeof product.vendor === 'string' ? product.vendor : undefined,
    productType: typeof product.productType === 'string' ? product.productType : 'normal',
    status: status !== undefined && STATUSES.includes(status) ? status : 'active',
    categoryId: categoryId !== undefined && kept.categoryIds.has(categoryId) ? categoryId : undefined,
    collections: collectionIds(product.collections).filter((id) => kept.collectionIds.has(id)),
    images: list(product.images).flatMap((image) =>
      image.id !== undefined && image.id !== null && typeof image.src === 'string' ? [{ id: idText(image.id), src: image.src }] : [],
    ),
    options,
    variants: list(product.variants).map((variant) => variantOf(variant, options, kept.locationIds)),
    marketAssigns: list(product.marketAssigns).flatMap((m) =>
      m.marketId === undefined || m.marketId === null ? [] : [{ marketId: idText(m.marketId), isAssigned: flag(m.isAssigned) }],
    ),
  };
  return withoutUndefined(record);
}

function variantOf(variant: Loose, options: Array<{ id: string; values: Array<{ id: string; name: string }> }>, locations: Set<string>) {
  const chosen = list(variant.options);
  const optionValueIds = options.map((option, index) => {
    const given = chosen.find((item) => text(item.id) === option.id) ?? chosen[index];
    const value = given?.value as Loose | undefined;
    const byId = value?.id === undefined || value.id === null ? undefined : idText(value.id);
    return byId ?? option.values.find((v) => v.name === text(value?.name))?.id ?? option.values[0]?.id ?? '';
  });
  const unit = text(variant.weightUnit)?.toLowerCase();
  return withoutUndefined({
    variantId: idText(variant.variantId),
    sku: text(variant.sku),
    barcode: text(variant.barcode),
    price: text(variant.price) ?? '0',
    costPrice: text(variant.costPrice),
    compareOfPrice: text(variant.compareOfPrice),
    weight: text(variant.weight),
    weightUnit: unit !== undefined && WEIGHT_UNITS.includes(unit) ? unit : 'kg',
    inventoryManagement: flag(variant.inventoryManagement),
    isDisabled: flag(variant.isDisabled),
    inventoryQuantities: list(variant.inventoryQuantities).flatMap((item) => {
      const locationId = text(item.locationId);
      return locationId !== undefined && locations.has(locationId) ? [{ locationId, available: text(item.available) ?? '0' }] : [];
    }),
    optionValueIds,
  });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
