// `product export`: the store's products as the rows `product import` reads, one per variant,
// the product's columns repeated on each. Names, not ids, for what another store holds under
// other ids (category, collections, locations), so that a file exported from one store imports
// into another that has the same categories, collections and locations. Sorted by handle (then
// id): two stores holding the same products export the same bytes with --no-ids, whatever order
// they made them in; the rows are therefore held until the last page is read.
import type { Metafield } from '../../../api/metafields/schema.js';
import type { ListedProduct, Product, Variant } from '../../../api/products/schema.js';
import { idText } from '../../../api/products/draft.js';
import { collectionIds } from '../../../api/products/wire.js';
import { scalarText } from '../../../core/json.js';
import { compareIds, compareText, csvLine } from '../../engine/export-text.js';
import type { RowSink } from '../../engine/output-sink.js';
import { productHandle, type CatalogSource, type Named } from './catalog.js';
import {
  COLLECTION_SEPARATOR,
  ID_COLUMNS,
  INVENTORY_PREFIX,
  METAFIELD_PREFIX,
  OPTION_COLUMNS,
  PRODUCT_LEVEL_COLUMNS,
  VARIANT_LEVEL_COLUMNS,
  type ProductColumn,
} from './rows.js';

export interface ProductExportOptions {
  /** The store's ids (productId, variantId) as columns; false with --no-ids. */
  ids: boolean;
  format: 'csv' | 'jsonl';
  /** Each product's metafield values as `metafield:` columns: one listing a product. */
  metafields?: (productId: string) => Promise<Metafield[]>;
  /** Listings of metafield values in flight. */
  concurrency: number;
}

export interface ProductExportCounts {
  products: number;
  variants: number;
}

interface Held {
  handle: string;
  id: string;
  product: Product;
  values: Metafield[];
}

export async function exportProducts(source: CatalogSource, out: Pick<RowSink, 'write'>, options: ProductExportOptions): Promise<ProductExportCounts> {
  const [categories, collections, locations] = await Promise.all([source.categories(), source.collections(), source.locations()]);
  const held: Held[] = [];
  for await (const page of source.products()) {
    for (const product of page as Product[]) held.push({ handle: productHandle(product as ListedProduct), id: idText(product.productId), product, values: [] });
  }
  if (options.metafields) await readValues(held, options.metafields, options.concurrency);
  held.sort((a, b) => compareText(a.handle, b.handle) || compareIds(a.id, b.id));

  const layout = columnsOf(held, locations, options.ids);
  const names = { categories: byId(categories), collections: byId(collections) };
  if (options.format === 'csv') await out.write(csvLine(layout.header));
  let variants = 0;
  for (const item of held) {
    let text = '';
    for (const variant of variantsOf(item.product)) {
      const cells = rowCells(item, variant, layout, names);
      text += options.format === 'csv' ? csvLine(cells) : `${JSON.stringify(Object.fromEntries(layout.header.map((name, index) => [name, cells[index]])))}\n`;
      variants += 1;
    }
    if (text !== '') await out.write(text);
  }
  return { products: held.length, variants };
}

interface Layout {
  header: string[];
  fixed: ProductColumn[];
  /** Location ids, in column order. */
  locations: string[];
  metafields: Array<{ namespace: string; code: string }>;
}

function columnsOf(held: readonly Held[], locations: readonly Named[], ids: boolean): Layout {
  const optionCount = Math.max(0, ...held.map((item) => optionNames(item.product).length));
  const fixed = [...PRODUCT_LEVEL_COLUMNS, ...OPTION_COLUMNS.slice(0, optionCount * 2), ...VARIANT_LEVEL_COLUMNS].filter(
    (column) => ids || !ID_COLUMNS.includes(column),
  );
  // Every location of the store, by name; one the listing names but the store did not list, by id.
  const named = [...locations].sort((a, b) => compareText(a.name, b.name) || compareIds(a.id, b.id));
  const known = new Set(named.map((location) => location.id));
  const unnamed = new Set<string>();
  for (const item of held)
    for (const variant of variantsOf(item.product))
      for (const stock of variant.inventoryQuantities ?? []) if (!known.has(idText(stock.locationId))) unnamed.add(idText(stock.locationId));
  const nameCount = new Map<string, number>();
  for (const location of named) nameCount.set(location.name.toLowerCase(), (nameCount.get(location.name.toLowerCase()) ?? 0) + 1);
  const locationColumns = [
    ...named.map((location) => ({
      id: location.id,
      column: nameCount.get(location.name.toLowerCase()) === 1 && location.name !== '' ? location.name : location.id,
    })),
    ...[...unnamed].sort(compareIds).map((id) => ({ id, column: id })),
  ];
  const metafields = new Map<string, { namespace: string; code: string }>();
  for (const item of held)
    for (const value of item.values) metafields.set(`${value.namespace}.${value.code}`, { namespace: value.namespace, code: value.code });
  const metafieldColumns = [...metafields.entries()].sort(([a], [b]) => compareText(a, b)).map(([, value]) => value);
  return {
    header: [
      ...fixed,
      ...locationColumns.map((item) => `${INVENTORY_PREFIX}${item.column}`),
      ...metafieldColumns.map((value) => `${METAFIELD_PREFIX}${value.namespace}.${value.code}`),
    ],
    fixed,
    locations: locationColumns.map((item) => item.id),
    metafields: metafieldColumns,
  };
}

function rowCells(item: Held, variant: Variant, layout: Layout, names: { categories: Map<string, string>; collections: Map<string, string> }): string[] {
  const { product } = item;
  const categoryId = product.categoryId ?? product.productCategory?.categoryId;
  const category =
    categoryId === undefined || categoryId === null || idText(categoryId) === '' ? '' : (names.categories.get(idText(categoryId)) ?? idText(categoryId));
  const collections = collectionIds(product.collections)
    .map((id) => names.collections.get(id) ?? id)
    .sort(compareText)
    .join(COLLECTION_SEPARATOR);
  const options = optionNames(product);
  const chosen = new Map((variant.options ?? []).map((option) => [scalarText(option.name).toLowerCase(), scalarText(option.value?.name)]));
  const cells: Record<ProductColumn, string> = {
    handle: item.handle,
    productId: item.id,
    title: scalarText(product.title),
    status: scalarText(product.status),
    category,
    collections,
    option1Name: options[0] ?? '',
    option1Value: options[0] === undefined ? '' : (chosen.get(options[0].toLowerCase()) ?? ''),
    option2Name: options[1] ?? '',
    option2Value: options[1] === undefined ? '' : (chosen.get(options[1].toLowerCase()) ?? ''),
    option3Name: options[2] ?? '',
    option3Value: options[2] === undefined ? '' : (chosen.get(options[2].toLowerCase()) ?? ''),
    variantId: idText(variant.variantId),
    sku: scalarText(variant.sku),
    barcode: scalarText(variant.barcode),
    price: scalarText(variant.price),
    compareOfPrice: scalarText(variant.compareOfPrice),
    weight: scalarText(variant.weight),
    weightUnit: scalarText(variant.weightUnit),
  };
  const stock = new Map((variant.inventoryQuantities ?? []).map((entry) => [idText(entry.locationId), scalarText(entry.available)]));
  const values = new Map(item.values.map((value) => [`${value.namespace}.${value.code}`, value.value]));
  return [
    ...layout.fixed.map((column) => cells[column]),
    ...layout.locations.map((id) => stock.get(id) ?? ''),
    ...layout.metafields.map((field) => values.get(`${field.namespace}.${field.code}`) ?? ''),
  ];
}

function optionNames(product: Product): string[] {
  return (product.options ?? []).map((option) => scalarText(option.name));
}

function variantsOf(product: Product): Variant[] {
  return product.variants ?? [];
}

function byId(items: readonly Named[]): Map<string, string> {
  return new Map(items.map((item) => [item.id, item.name]));
}

/** Each product's values, `concurrency` listings at a time. */
async function readValues(held: Held[], list: (productId: string) => Promise<Metafield[]>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < held.length) {
      const item = held[next++]!;
      item.values = await list(item.id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, held.length)) }, worker));
}
