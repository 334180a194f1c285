// Product rows: the file `product export` writes and `product import` reads, one row per
// variant with the product's columns repeated on each (as the merchant bulk tools do).
// Columns: handle, productId, title, status, category (a name), collections (names, "; "
// between them), option1Name..option3Value, variantId, sku, barcode, price, compareOfPrice,
// weight, weightUnit, `inventory:<location name>` per location, `metafield:<namespace>.<code>`
// per value. Every column is optional: a missing column keeps what the store holds. An empty
// cell keeps it too, unless --empty-clears (then it clears what can be cleared). Pure: no I/O.
import { MAX_OPTIONS, PRODUCT_STATUSES, WEIGHT_UNITS } from '../../../api/products/codes.js';
import { MONEY_AMOUNT } from '../../../api/schema.js';
import { UsageError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import type { ProductKey } from './keys.js';
import { quoted } from '../metafields/rows.js';
import type { Layout } from '../../engine/row-kind.js';

export const OPTION_COLUMNS = ['option1Name', 'option1Value', 'option2Name', 'option2Value', 'option3Name', 'option3Value'] as const;
export const PRODUCT_LEVEL_COLUMNS = ['handle', 'productId', 'title', 'status', 'category', 'collections'] as const;
export const VARIANT_LEVEL_COLUMNS = ['variantId', 'sku', 'barcode', 'price', 'compareOfPrice', 'weight', 'weightUnit'] as const;
/** The fixed columns, in the order an export writes them; inventory and metafield columns follow. */
export const PRODUCT_COLUMNS = [...PRODUCT_LEVEL_COLUMNS, ...OPTION_COLUMNS, ...VARIANT_LEVEL_COLUMNS] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
/** The store's ids: left out by `product export --no-ids`. */
export const ID_COLUMNS: readonly ProductColumn[] = ['productId', 'variantId'];

export const INVENTORY_PREFIX = 'inventory:';
export const METAFIELD_PREFIX = 'metafield:';
/** Between collection names in one cell. */
export const COLLECTION_SEPARATOR = '; ';
/** Columns a rejects file adds: a fixed rejects file imports as it is. */
const IGNORED = ['line', 'reason'];

export type { ProductKey };

export interface ProductLayout extends Layout {
  /** The header's cells, trimmed: a rejects file repeats them. */
  names: string[];
  columns: Partial<Record<ProductColumn, number>>;
  /** `inventory:<location>` columns: the location as written (a name, or an id). */
  inventory: Array<{ location: string; index: number }>;
  metafields: Array<{ namespace: string; code: string; index: number }>;
}

/** A row's cells as the file has them, in the header's order. */
export interface ProductText {
  line: number;
  cells: string[];
  /** The header the cells follow. */
  layout: ProductLayout;
}

/** A value a row gives: text to set, null to clear (an empty cell with --empty-clears); absent: keep the store's. */
export type Given = string | null | undefined;

export interface ProductRow {
  line: number;
  text: ProductText;
  /** Which rows make one product: the productId with --key id, else the handle (given, or the title's). */
  identity: string;
  handle?: string;
  productId?: string;
  title?: string;
  status?: string;
  category: Given;
  collections: string[] | null | undefined;
  /** The row's option names and values, in order (option1 first); empty when the file has none. */
  options: Array<{ name: string; value: string }>;
  variantId?: string;
  sku: Given;
  barcode: Given;
  price?: string;
  compareOfPrice: Given;
  weight: Given;
  weightUnit?: string;
  inventory: Array<{ location: string; available: string }>;
  metafields: Array<{ namespace: string; code: string; value: string | null }>;
}

const METAFIELD_NAME = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

export function readProductHeader(cells: readonly string[], source: string, key: ProductKey): ProductLayout {
  const fail = (message: string) => new UsageError(`${source}: ${message}`, false);
  if (cells.length === 1 && /[;\t|]/.test(cells[0] ?? '')) {
    throw fail(`the header "${clip(cells[0]!)}" is one field: store-cli reads comma-separated values (such as ${PRODUCT_COLUMNS.slice(0, 4).join(',')}).`);
  }
  const columns: Partial<Record<ProductColumn, number>> = {};
  const inventory: ProductLayout['inventory'] = [];
  const metafields: ProductLayout['metafields'] = [];
  const seen = new Set<string>();
  const names = cells.map((cell) => cell.trim());
  names.forEach((name, index) => {
    if (name === '') throw fail(`field ${index + 1} of the header is empty.`);
    if (IGNORED.includes(name.toLowerCase())) return;
    const folded = name.toLowerCase();
    if (seen.has(folded)) throw fail(`the column "${clip(name)}" appears twice in the header.`);
    seen.add(folded);
    const known = PRODUCT_COLUMNS.find((column) => column.toLowerCase() === folded);
    if (known) {
      columns[known] = index;
      return;
    }
    if (folded.startsWith(INVENTORY_PREFIX)) {
      const location = name.slice(INVENTORY_PREFIX.length).trim();
      if (location === '') throw fail(`the column "${clip(name)}" names no location; write inventory:<location name>.`);
      inventory.push({ location, index });
      return;
    }
    if (folded.startsWith(METAFIELD_PREFIX)) {
      const match = METAFIELD_NAME.exec(name.slice(METAFIELD_PREFIX.length).trim());
      if (!match) throw fail(`the column "${clip(name)}" is not metafield:<namespace>.<code> (letters, digits, _ and -).`);
      metafields.push({ namespace: match[1]!, code: match[2]!, index });
      return;
    }
    throw fail(
      `unknown column "${clip(name)}" in the header; the columns are ${PRODUCT_COLUMNS.join(', ')}, ${INVENTORY_PREFIX}<location> and ${METAFIELD_PREFIX}<namespace>.<code>.`,
    );
  });
  const has = (column: ProductColumn) => columns[column] !== undefined;
  if (key === 'id' && !has('productId')) throw fail('--key id matches rows by their productId, and the header has no productId column.');
  if (key === 'sku' && !has('sku')) throw fail('--key sku matches rows by their sku, and the header has no sku column.');
  if (key === 'handle' && !has('handle') && !has('title'))
    throw fail('--key handle matches rows by their handle (or their title), and the header has neither column.');
  return {
    names,
    columns,
    inventory,
    metafields,
    width: cells.length,
    columnName: (index) => names[index] ?? `field ${index + 1}`,
  };
}

export function productText(cells: readonly string[], line: number, layout: ProductLayout): ProductText {
  return { line, cells: [...cells], layout };
}

export function cellOf(text: ProductText, column: ProductColumn): string | undefined {
  const index = text.layout.columns[column];
  return index === undefined ? undefined : (text.cells[index] ?? '').trim();
}

/** Lower case, runs of anything but letters and digits as one "-": "Classic Tee (Red)" is classic-tee-red. */
export function handleOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Which rows make one product, from the cells alone (so --shard places a product's rows
 * together): the productId with --key id, else the handle column, else the title's handle,
 * else (a file of sku and price only) the sku: each row its own product, found by its sku.
 */
export function identityOf(text: ProductText, key: ProductKey): string {
  const id = cellOf(text, 'productId');
  if (key === 'id' && id) return `id:${id}`;
  const handle = cellOf(text, 'handle') || handleOf(cellOf(text, 'title') ?? '');
  if (handle) return `handle:${handle}`;
  return `sku:${cellOf(text, 'sku') ?? ''}`;
}

export type CheckedProduct = { ok: true; row: ProductRow } | { ok: false; reason: string };

const WEIGHT = /^\d{1,15}(\.\d+)?$/;
const QUANTITY = /^-?\d{1,15}$/;
const DIGITS = /^\d{1,20}$/;

/**
 * One row checked. `emptyClears`: an empty cell clears the value (where it can be cleared);
 * otherwise an empty cell is left alone, as a missing column is.
 */
export function checkProductRow(text: ProductText, fieldCount: number, key: ProductKey, emptyClears: boolean): CheckedProduct {
  const fail = (reason: string): CheckedProduct => ({ ok: false, reason });
  const { layout } = text;
  if (fieldCount !== layout.width) return fail(`the row has ${plural(fieldCount, 'field')} where the header has ${layout.width}`);
  const cell = (column: ProductColumn) => cellOf(text, column);
  /** A cell's value: undefined to keep, null to clear, else the text. */
  const given = (column: ProductColumn): Given => {
    const value = cell(column);
    if (value === undefined) return undefined;
    if (value === '') return emptyClears ? null : undefined;
    return value;
  };
  /** A value that cannot be cleared: an empty cell keeps it whatever the flag says. */
  const kept = (column: ProductColumn): string | undefined => {
    const value = cell(column);
    return value === undefined || value === '' ? undefined : value;
  };

  const productId = kept('productId');
  if (productId !== undefined && !DIGITS.test(productId)) return fail(`the productId ${quoted(productId)} is not a numeric id`);
  const variantId = kept('variantId');
  if (variantId !== undefined && !DIGITS.test(variantId)) return fail(`the variantId ${quoted(variantId)} is not a numeric id`);
  const title = kept('title');
  if (title !== undefined && [...title].length > 255) return fail('the title is longer than 255 characters');
  const status = kept('status')?.toLowerCase();
  if (status !== undefined && !(PRODUCT_STATUSES as readonly string[]).includes(status))
    return fail(`the status ${quoted(status)} is not one of ${PRODUCT_STATUSES.join(', ')}`);
  const price = kept('price');
  if (price !== undefined && !MONEY_AMOUNT.test(price)) return fail(`the price ${quoted(price)} is not an amount such as 19.99 (at most 2 decimals)`);
  const compareOfPrice = given('compareOfPrice');
  if (typeof compareOfPrice === 'string' && !MONEY_AMOUNT.test(compareOfPrice))
    return fail(`the compareOfPrice ${quoted(compareOfPrice)} is not an amount such as 24.99 (at most 2 decimals)`);
  const weight = given('weight');
  if (typeof weight === 'string' && !WEIGHT.test(weight)) return fail(`the weight ${quoted(weight)} is not a decimal number such as 0.25`);
  const weightUnit = kept('weightUnit')?.toLowerCase();
  if (weightUnit !== undefined && !(WEIGHT_UNITS as readonly string[]).includes(weightUnit))
    return fail(`the weightUnit ${quoted(weightUnit)} is not one of ${WEIGHT_UNITS.join(', ')}`);
  for (const column of ['sku', 'barcode'] as const) {
    const value = cell(column);
    if (value !== undefined && [...value].length > 255) return fail(`the ${column} is longer than 255 characters`);
  }

  const options: ProductRow['options'] = [];
  for (let n = 1; n <= MAX_OPTIONS; n++) {
    const name = cell(`option${n}Name` as ProductColumn) ?? '';
    const value = cell(`option${n}Value` as ProductColumn) ?? '';
    if (name === '' && value === '') continue;
    if (name === '') return fail(`option${n}Value is ${quoted(value)} but option${n}Name is empty`);
    if (value === '') return fail(`option${n}Name is ${quoted(name)} but option${n}Value is empty`);
    options.push({ name, value });
  }

  const inventory: ProductRow['inventory'] = [];
  for (const { location, index } of layout.inventory) {
    const value = (text.cells[index] ?? '').trim();
    // Stock cannot be cleared, only set: an empty cell keeps it.
    if (value === '') continue;
    if (!QUANTITY.test(value)) return fail(`the ${INVENTORY_PREFIX}${location} cell ${quoted(value)} is not a whole number`);
    inventory.push({ location, available: value.replace(/^(-?)0+(?=\d)/, '$1') });
  }
  const metafields: ProductRow['metafields'] = [];
  for (const { namespace, code, index } of layout.metafields) {
    const value = text.cells[index] ?? '';
    if (value.trim() === '') {
      if (emptyClears) metafields.push({ namespace, code, value: null });
      continue;
    }
    metafields.push({ namespace, code, value });
  }

  const collectionsCell = given('collections');
  const collections =
    collectionsCell === undefined || collectionsCell === null
      ? collectionsCell
      : collectionsCell
          .split(';')
          .map((name) => name.trim())
          .filter((name) => name !== '');
  const handle = kept('handle');
  const sku = given('sku');
  if (key === 'sku' && sku == null && handle === undefined && title === undefined)
    return fail('the row has no sku (--key sku), and no handle or title to make a new product of');
  const identity = identityOf(text, key);
  if (identity === 'sku:') return fail('the row has no handle, title or sku to match a product by');
  return {
    ok: true,
    row: {
      line: text.line,
      text,
      identity,
      ...(handle !== undefined ? { handle } : {}),
      ...(productId !== undefined ? { productId } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(status !== undefined ? { status } : {}),
      category: given('category'),
      collections,
      options,
      ...(variantId !== undefined ? { variantId } : {}),
      sku,
      barcode: given('barcode'),
      ...(price !== undefined ? { price } : {}),
      compareOfPrice,
      weight,
      ...(weightUnit !== undefined ? { weightUnit } : {}),
      inventory,
      metafields,
    },
  };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
