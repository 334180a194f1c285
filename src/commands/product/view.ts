// How a product reads: a summary (field by field), a table of its variants, and an edit's
// changes. Category and collection names come from the look-ups (product/names.ts) when
// the store's product carries only ids.
import type { ListedProduct, Product, Variant } from '../../api/products/schema.js';
import type { Palette } from '../../core/colors.js';
import { scalarText, toJson } from '../../core/json.js';
import type { Change, LinkNames, ProductLinks, VariantDraft } from '../../product/index.js';
import { listView, type Column, type Output, type View } from '../../core/output.js';
import type { ProductListColumn, VariantColumn } from './columns.js';

const named = (id: string, names: LinkNames) => {
  const name = names.get(id);
  return name ? `${name} (id ${id})` : id;
};

const statusStyle = (value: string, colors: Palette) =>
  value === 'active' ? colors.green(value) : value === 'draft' ? colors.yellow(value) : value === 'archived' ? colors.dim(value) : value;

const text = (field: keyof Product) => (product: Product) => scalarText(product[field]);

/**
 * What the summary and the variant rows read through the product feature: loaded by
 * showProduct (the verb has loaded the feature already), so that the verbs' declarations,
 * which import this module for its column lists, never load it.
 */
interface Feature {
  productLinks(product: Product): ProductLinks;
  variantTitle(variant: VariantDraft): string;
}

function productSummaryView(names: LinkNames, { productLinks }: Feature): View<Product> {
  return {
    columns: [
      { header: 'ID', value: text('productId') },
      { header: 'TITLE', value: text('title'), shrinkable: true },
      { header: 'SUBTITLE', value: text('subTitle'), shrinkable: true },
      { header: 'STATUS', value: text('status'), style: statusStyle },
      { header: 'VENDOR', value: text('vendor') },
      { header: 'TYPE', value: text('productType') },
      { header: 'CATEGORY', value: (p) => categoryText(productLinks(p), names) },
      {
        header: 'COLLECTIONS',
        shrinkable: true,
        value: (p) =>
          productLinks(p)
            .collectionIds.map((id) => named(id, names))
            .join(', '),
      },
      { header: 'CHANNELS', value: (p) => (p.salesChannels ?? []).map((c) => scalarText(c.salesChannelCode)).join(', ') },
      {
        header: 'OPTIONS',
        value: (p) => (p.options ?? []).map((o) => `${scalarText(o.name)}: ${(o.value ?? []).map((v) => scalarText(v.name)).join(', ')}`).join('; '),
        shrinkable: true,
      },
      { header: 'IMAGES', value: (p) => (p.images ?? []).map((i) => scalarText(i.src)).join(' '), shrinkable: true },
      { header: 'VARIANTS', value: (p) => String((p.variants ?? []).length) },
    ],
  };
}

function categoryText({ categoryId: id, categoryName }: ProductLinks, names: LinkNames): string {
  if (id === undefined || id === '') return '';
  const name = categoryName ?? names.get(id);
  return name ? `${name} (id ${id})` : id;
}

const variantText = (field: keyof Variant) => (variant: Variant) => scalarText(variant[field]);

/** Stock of a variant: the sum over its locations, in exact integer arithmetic. */
function stock(variant: Variant): string {
  const quantities = variant.inventoryQuantities ?? [];
  if (quantities.length === 0) return '';
  let total = 0n;
  for (const q of quantities) {
    const value = scalarText(q.available);
    if (!/^-?\d+$/.test(value)) return value;
    total += BigInt(value);
  }
  return total.toString();
}

const variantColumns = ({ variantTitle }: Feature): Record<Exclude<VariantColumn, 'productId'>, Column<Variant>> => ({
  variantId: { header: 'VARIANT', value: variantText('variantId') },
  options: { header: 'OPTIONS', value: (v) => variantTitle(v as VariantDraft), shrinkable: true },
  sku: { header: 'SKU', value: variantText('sku') },
  price: { header: 'PRICE', value: variantText('price') },
  compareOfPrice: { header: 'COMPARE AT', value: variantText('compareOfPrice') },
  costPrice: { header: 'COST', value: variantText('costPrice') },
  weight: { header: 'WEIGHT', value: variantText('weight') },
  weightUnit: { header: 'UNIT', value: variantText('weightUnit') },
  stock: { header: 'STOCK', value: stock },
  barcode: { header: 'BARCODE', value: variantText('barcode') },
});

/**
 * A product as the exporter writes it. --json: the product as the store sent it. A table
 * (a terminal): the summary, then the variants table. TSV: with `recordPiped` (product get)
 * the product's own fields as `FIELD<TAB>value` lines first (ids, no look-ups; VARIANTS, the
 * number of rows that follow, last), as `giftcard get` prints its card; then the variants
 * as rows, in the column order the verb declares (VARIANT_COLUMNS above;
 * scripts `cut` them), each row led by the product's id, so the first field of a create's
 * or an edit's output is always the product id.
 */
export async function showProduct(
  out: Output,
  product: Product,
  tableNames: () => Promise<LinkNames>,
  isTerminal: boolean,
  variantOrder: readonly VariantColumn[],
  options: { recordPiped?: boolean } = {},
): Promise<void> {
  const feature: Feature = await import('../../product/index.js');
  if (out.isJson) return out.item(product, productSummaryView(new Map(), feature));
  if (isTerminal) await out.item(product, productSummaryView(await tableNames(), feature));
  else if (options.recordPiped) await out.item(product, productSummaryView(new Map(), feature));
  const columns: Record<VariantColumn, Column<Variant>> = {
    productId: { header: 'PRODUCT', value: () => scalarText(product.productId) },
    ...variantColumns(feature),
  };
  // The summary above a table names the product already (unless --columns asks for it).
  const order = isTerminal && !out.chosenColumns ? variantOrder.filter((name) => name !== 'productId') : variantOrder;
  // A table too wide for the terminal leaves out (after empty columns) the barcode, weight, cost and compare-at price before it cuts the options.
  await out.list(
    [product.variants ?? []],
    listView(columns, order, ['barcode', 'weightUnit', 'weight', 'costPrice', 'compareOfPrice']),
    'The product has no variants.',
  );
}

const shown = (value: unknown) => (value === undefined ? '' : toJson(value));
const absent = (text: string, colors: { dim(s: string): string }) => text || colors.dim('(none)');

/** A dry run's changes: a table in a terminal, `field<TAB>before<TAB>after` piped. */
export const changeView: View<Change> = {
  columns: [
    { header: 'FIELD', value: (c) => c.field },
    { header: 'BEFORE', value: (c) => shown(c.before), style: absent, shrinkable: true },
    { header: 'AFTER', value: (c) => shown(c.after), style: absent, shrinkable: true },
  ],
};

/**
 * A listing's rows. Every field is read as the store sent it (a listing checks only the
 * ids): a field of an unexpected type shows as its JSON, never fails the listing.
 */
const listText = (field: string) => (product: ListedProduct) => scalarText(product[field]);
const variantsOf = (product: ListedProduct): unknown[] => (Array.isArray(product.variants) ? product.variants : []);

const listColumns: Record<ProductListColumn, Column<ListedProduct>> = {
  productId: { header: 'ID', value: listText('productId') },
  title: { header: 'TITLE', value: listText('title'), shrinkable: true },
  status: { header: 'STATUS', value: listText('status'), style: statusStyle },
  vendor: { header: 'VENDOR', value: listText('vendor'), shrinkable: true },
  productType: { header: 'TYPE', value: listText('productType') },
  categoryId: { header: 'CATEGORY', value: listText('categoryId') },
  variants: { header: 'VARIANTS', value: (p) => (Array.isArray(p.variants) ? String(p.variants.length) : scalarText(p.variants)) },
  price: {
    header: 'PRICE',
    value: (p) => priceRange(variantsOf(p).map((v) => (v !== null && typeof v === 'object' ? scalarText((v as Record<string, unknown>).price) : ''))),
  },
};

/**
 * A listing, in the column order list declares (PRODUCT_LIST_COLUMNS). A narrow terminal
 * loses the category first (the listing names it by a 19-digit id only: a name would cost a
 * look-up of every category), then the type, then the vendor, before it cuts the title.
 */
export function productListView(order: readonly ProductListColumn[]): View<ListedProduct> {
  return listView(listColumns, order, ['categoryId', 'productType', 'vendor']);
}

/** `19.00`, or `19.00..24.00` when the variants differ; compared as decimals, digit-exact. Prices not decimal are left out. */
export function priceRange(prices: readonly string[]): string {
  const decimals = prices.filter((price) => /^\d+(\.\d+)?$/.test(price));
  if (decimals.length === 0) return '';
  let low = decimals[0]!;
  let high = low;
  for (const price of decimals) {
    if (compareDecimals(price, low) < 0) low = price;
    if (compareDecimals(price, high) > 0) high = price;
  }
  return compareDecimals(low, high) === 0 ? low : `${low}..${high}`;
}

function compareDecimals(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
