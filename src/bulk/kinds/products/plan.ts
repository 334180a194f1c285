// What one product's rows ask of the store, given what it holds (the catalog's copy): the
// whole product to send (an edit sends the full product, as `product edit` does), or nothing
// when every value is already there, and each row's fate. Values compare by meaning where the
// wire spells them loosely (19.9 and 19.90 are one price), so a re-run of an export sends
// nothing. Pure: no I/O.
import { sameAmount } from '../../../api/gift-cards/match.js';
import { cloneJson, idText, type OptionDraft, type ProductDraft, type VariantDraft } from '../../../api/products/draft.js';
import type { Product } from '../../../api/products/schema.js';
import { combinationKey, fold, productRuleProblem } from '../../../api/products/variant-rules.js';
import { collectionIds, draftToWire, editableCopy, type WireProduct } from '../../../api/products/wire.js';
import { FieldError } from '../../../core/errors.js';
import { scalarText } from '../../../core/json.js';
import { stripPeriod } from '../../../core/words.js';
import { diffProducts } from '../../../product/diff.js';
import { CATEGORY, COLLECTION, isId, pickByName, type Kind } from '../../../product/names.js';
import type { ProductCatalog, Named } from './catalog.js';
import type { ProductRow } from './rows.js';

export type RowFate = 'created' | 'updated' | 'unchanged' | { rejected: string };

export interface ProductPlan {
  /** The product to send: undefined when the store holds every value already. */
  send?: WireProduct;
  /** Each row's fate, by line. */
  fates: Map<number, RowFate>;
  /** The stored variant each row sets, by line: its index in the stored product's variants (a new variant has none). */
  variantOf: Map<number, number>;
}

/** Why the whole group is refused (every row gets it). */
export class GroupRefusal extends Error {}

/** The location ids of the header's `inventory:` columns, by the location as written. */
export type LocationIds = ReadonlyMap<string, string>;

/** Plans the rows of one product: `current` is the store's, or undefined for a new product. */
export function planProduct(rows: readonly ProductRow[], current: Product | undefined, catalog: ProductCatalog, locations: LocationIds): ProductPlan {
  const fates = new Map<number, RowFate>();
  const before: ProductDraft = current ? editableCopy(current) : {};
  const edited: ProductDraft = cloneJson(before);
  if (!current) {
    const title = rows.find((row) => row.title !== undefined)?.title;
    if (title === undefined) throw new GroupRefusal(`no product on the store matches these rows, and a new product needs a title`);
    edited.title = title;
  }
  let productChanged = applyProductFields(edited, rows, catalog);
  const variants = (edited.variants ??= []);
  const touched = new Map<number, number>();
  const variantOf = new Map<number, number>();
  const variantCount = variants.length;
  for (const row of rows) {
    // A row of product columns only (a title, a category) names no variant.
    if (!setsVariant(row)) {
      fates.set(row.line, 'unchanged');
      continue;
    }
    const found = findVariant(edited, row, current === undefined);
    if (typeof found === 'string') {
      fates.set(row.line, { rejected: found });
      continue;
    }
    let index = found;
    if (index === undefined) {
      const added = addVariant(edited, row, current === undefined);
      if (typeof added === 'string') {
        fates.set(row.line, { rejected: added });
        continue;
      }
      index = added;
      fates.set(row.line, 'created');
    }
    const earlier = touched.get(index);
    if (earlier !== undefined) {
      fates.set(row.line, { rejected: `the row sets the same variant as line ${earlier}` });
      continue;
    }
    touched.set(index, row.line);
    if (index < variantCount) variantOf.set(row.line, index);
    const changed = applyVariantFields(variants[index]!, row, locations);
    if (!fates.has(row.line)) fates.set(row.line, changed ? 'updated' : 'unchanged');
  }
  if (variants.length !== variantCount && edited.multiVariant !== undefined && edited.multiVariant !== null) edited.multiVariant = variants.length > 1;
  const problem = productRuleProblem(edited);
  if (problem) throw new GroupRefusal(`the product would break a rule of the store: ${problem.path}: ${problem.message}`);

  const after = current ? draftToWire(edited, current) : draftToWire(edited);
  if (current) {
    const changes = diffProducts(draftToWire(before, current), after);
    if (changes.length === 0) return { fates, variantOf };
    productChanged ||= changes.some((change) => !change.field.startsWith('variants'));
  }
  for (const row of rows) {
    const fate = fates.get(row.line);
    if (!current && fate !== undefined && typeof fate === 'string') fates.set(row.line, 'created');
    else if (productChanged && fate === 'unchanged') fates.set(row.line, 'updated');
  }
  return { send: after, fates, variantOf };
}

/** The first value each product column is given in the rows: a later row repeats it (or is ignored for it). */
function firstGiven<K extends keyof ProductRow>(rows: readonly ProductRow[], key: K): ProductRow[K] | undefined {
  return rows.find((row) => row[key] !== undefined)?.[key];
}

function applyProductFields(edited: ProductDraft, rows: readonly ProductRow[], catalog: ProductCatalog): boolean {
  let changed = false;
  const title = firstGiven(rows, 'title');
  if (title !== undefined && edited.title !== title) {
    edited.title = title;
    changed = true;
  }
  const status = firstGiven(rows, 'status');
  if (status !== undefined && edited.status !== status) {
    edited.status = status;
    changed = true;
  }
  const category = firstGiven(rows, 'category');
  if (category !== undefined) {
    const wanted = category === null ? null : resolve(CATEGORY, category, catalog.categories);
    const held = edited.categoryId === undefined || edited.categoryId === null ? null : idText(edited.categoryId);
    if (wanted !== held) {
      edited.categoryId = wanted;
      changed = true;
    }
  }
  const collections = firstGiven(rows, 'collections');
  if (collections !== undefined) {
    const wanted = [...new Set((collections ?? []).map((name) => resolve(COLLECTION, name, catalog.collections)))];
    const held = collectionIds(edited.collections ?? []);
    if (!sameSet(wanted, held)) {
      edited.collections = wanted;
      changed = true;
    }
  }
  return changed;
}

/** A name as `product create --collection` resolves it (names.ts), against the catalog's list: a problem refuses the product. */
function resolve(kind: Kind, value: string, known: readonly Named[]): string {
  if (isId(value)) return value;
  try {
    return pickByName(kind, value, known);
  } catch (error) {
    if (error instanceof FieldError) throw new GroupRefusal(stripPeriod(error.named(() => `the ${kind.noun} column`).message));
    throw error;
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const held = new Set(b);
  return a.length === held.size && a.every((id) => held.has(id));
}

function setsVariant(row: ProductRow): boolean {
  const given = [row.variantId, row.sku, row.barcode, row.price, row.compareOfPrice, row.weight, row.weightUnit];
  return row.options.length > 0 || row.inventory.length > 0 || given.some((value) => value !== undefined);
}

/** The variant the row sets: its index, undefined for a new one, or why the row is refused. */
function findVariant(product: ProductDraft, row: ProductRow, fresh: boolean): number | undefined | string {
  const variants = product.variants ?? [];
  if (fresh) return undefined;
  if (row.variantId !== undefined) {
    const byId = variants.findIndex((variant) => idText(variant.variantId) === row.variantId);
    if (byId >= 0) return byId;
  }
  if (row.options.length > 0) {
    const wanted = combinationKey(row.options.map((option) => ({ name: option.name, value: { name: option.value } })));
    const byOptions = variants.findIndex((variant) => combinationKey(choicesOf(variant)) === wanted);
    return byOptions >= 0 ? byOptions : undefined;
  }
  if (typeof row.sku === 'string') {
    const bySku = variants.findIndex((variant) => scalarText(variant.sku) === row.sku);
    if (bySku >= 0) return bySku;
  }
  if (variants.length === 1) return 0;
  return variants.length === 0 ? undefined : `the product has ${variants.length} variants, and the row names none of them (give its option values or its sku)`;
}

function choicesOf(variant: VariantDraft): Array<{ name: string; value: { name: string } }> {
  return (variant.options ?? []).map((option) => ({ name: scalarText(option.name), value: { name: scalarText(option.value?.name) } }));
}

/** Adds the row's variant (and its option values to the product's options): its index, or why it cannot be added. */
function addVariant(product: ProductDraft, row: ProductRow, fresh: boolean): number | string {
  const options = (product.options ??= []);
  const variants = (product.variants ??= []);
  if (!fresh && row.options.length === 0)
    return 'the row names no variant of the product (give its option values or its sku), and a new variant needs its option values';
  const choices: VariantDraft['options'] = [];
  for (const { name, value } of row.options) {
    let option: OptionDraft | undefined = options.find((held) => fold(held.name) === fold(name));
    if (option === undefined) {
      if (!fresh) return `the product has no option "${name}" (its options: ${options.map((held) => held.name).join(', ') || 'none'})`;
      option = { name, value: [] };
      options.push(option);
    }
    if (!option.value.some((held) => fold(held.name) === fold(value))) option.value.push({ name: value });
    choices.push({ name: option.name, value: { name: option.value.find((held) => fold(held.name) === fold(value))!.name } });
  }
  variants.push(choices.length > 0 ? { options: choices } : {});
  return variants.length - 1;
}

/** Sets the row's values on the variant where they differ; whether anything changed. */
function applyVariantFields(variant: VariantDraft, row: ProductRow, locations: LocationIds): boolean {
  let changed = false;
  const setText = (field: 'sku' | 'barcode', value: string | null | undefined) => {
    if (value === undefined) return;
    const wanted = value ?? '';
    if (scalarText(variant[field]) === wanted) return;
    variant[field] = wanted;
    changed = true;
  };
  const setAmount = (field: 'price' | 'compareOfPrice' | 'weight', value: string | null | undefined) => {
    if (value === undefined) return;
    const held = variant[field] === undefined || variant[field] === null ? null : scalarText(variant[field]);
    if (value === null ? held === null || held === '' : held !== null && held !== '' && sameAmount(held, value)) return;
    variant[field] = value as string;
    changed = true;
  };
  setText('sku', row.sku);
  setText('barcode', row.barcode);
  setAmount('price', row.price);
  setAmount('compareOfPrice', row.compareOfPrice);
  setAmount('weight', row.weight);
  if (row.weightUnit !== undefined && scalarText(variant.weightUnit) !== row.weightUnit) {
    variant.weightUnit = row.weightUnit;
    changed = true;
  }
  for (const { location, available } of row.inventory) {
    const locationId = locations.get(location)!;
    const stock = (variant.inventoryQuantities ??= []);
    const held = stock.find((item) => idText(item.locationId) === locationId);
    if (held === undefined) stock.push({ locationId, available });
    else if (scalarText(held.available) !== available) held.available = available;
    else continue;
    changed = true;
  }
  return changed;
}
