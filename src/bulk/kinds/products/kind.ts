// Products as a row kind of the import engine: one row per variant, consecutive rows of one
// product (same handle, or same productId with --key id) applied together. The product is
// found in the catalog read before the run (by handle, SKU or id, as --key says), planned
// from it (product-plan.ts), and written with one request: a PUT of the whole product when
// something differs, a POST for a new one, nothing when the store holds every value. Metafield
// columns cost one listing of the product's values, read before anything is written: each
// value is checked against its field's definition and the value held (converted as metafield
// import converts it, "1 kg" for a Weight), a row with a value that does not fit is refused
// whole, unsent; then the values are written as metafield import writes them (apply.ts), only
// where they differ. A row whose product change landed but one of whose values the store
// refused is partial.
import type { Metafield, MetafieldInput } from '../../../api/metafields/schema.js';
import { idText } from '../../../api/products/draft.js';
import type { Product } from '../../../api/products/schema.js';
import type { WireProduct } from '../../../api/products/wire.js';
import { ApiError, CancelledError, NetworkError, UnconfirmedCreateError, UsageError } from '../../../core/errors.js';
import { scalarText, toJson } from '../../../core/json.js';
import { stripPeriod } from '../../../core/words.js';
import { applyGroup as applyValues, type MetafieldStore, type WriteWatch } from '../metafields/apply.js';
import { fieldKey, fitDefinition, planChanges } from '../metafields/plan.js';
import { productHandle, type ProductCatalog, type Named } from './catalog.js';
import { GroupRefusal, planProduct, type LocationIds, type RowFate } from './plan.js';
import {
  cellOf,
  checkProductRow,
  identityOf,
  productText,
  readProductHeader,
  type ProductKey,
  type ProductLayout,
  type ProductRow,
  type ProductText,
} from './rows.js';
import type { RejectColumns } from '../../engine/rejects.js';
import type { Row } from '../metafields/rows.js';
import type { Group, Outcome, RowKind } from '../../engine/row-kind.js';
import { isObjectLevel } from '../../engine/run-import.js';
import type { UndefinedFields } from '../metafields/undefined-fields.js';

/** What the import writes: ProductsApi and MetafieldsApi, or fakes in unit tests. */
export interface ProductWriter {
  /** Never resent once it may have reached the store (ProductsApi.create): a lost answer is an UnconfirmedCreateError. */
  create(product: WireProduct): Promise<Product | undefined>;
  /**
   * The store's products whose title holds `title` (ignoring case), a few pages at most: where
   * a create whose answer was lost is looked for. Without it such a create's rows fail.
   */
  withTitle?(title: string): Promise<Product[]>;
  update(productId: string, product: WireProduct): Promise<Product>;
  listMetafields(productId: string): Promise<Metafield[]>;
  createMetafields(productId: string, values: MetafieldInput[]): Promise<unknown>;
  updateMetafield(productId: string, value: MetafieldInput): Promise<unknown>;
  deleteMetafield(productId: string, namespace: string, code: string): Promise<unknown>;
}

/** A metafield value about to be written: what it held (null: absent) and what the run writes (null: it deletes the value). */
export interface ValueWrite {
  namespace: string;
  code: string;
  before: string | null;
  after: string | null;
}

/**
 * The run's journal, as the product kind tells it: each write before it is sent (awaited: the
 * before-image is on disk first), and what it gave. A refused write (made: false) wrote nothing;
 * a write never answered is told nothing after.
 */
export interface ProductWatch {
  beforeUpdate(productId: string, before: Product, sent: WireProduct): Promise<void>;
  updated(productId: string, made: boolean, after: Product | undefined): Promise<void>;
  beforeCreate(identity: string, sent: WireProduct): Promise<void>;
  created(identity: string, made: boolean, after: Product | undefined): Promise<void>;
  beforeValues(productId: string, values: readonly ValueWrite[]): Promise<void>;
  /** Values whose create the store refused as a whole: nothing of it was written. */
  cancelledValues(productId: string, values: ReadonlyArray<{ namespace: string; code: string }>): Promise<void>;
}

export interface ProductImportOptions {
  key: ProductKey;
  emptyClears: boolean;
  /** Every `inventory:` column is taken as it is (a dry run without a store to name locations). */
  anyLocation?: boolean;
  /** The store's definitions of the products' fields: a metafield: column's value is checked and converted by its field's type. */
  fields?: UndefinedFields;
}

/** Sends of one create at most, each after the store answered 500 or 503 and the product was looked for and not found. */
const MAX_CREATES = 3;

/** Rows of one product a group holds at most (a product has at most 100 variants): a longer run is applied in parts. */
const MAX_GROUP_ROWS = 250;

/** A row's metafield columns, checked: the values to set (converted by their fields' types) and to clear. */
type RowValues = Array<{ namespace: string; code: string; value: string | null; text: string | null }>;

/** What became of a row's metafield values: whether any landed, and what the store refused. */
interface ValueFates {
  landed: boolean;
  refused: string[];
}

/** The rejects file repeats the header it was given (known once the header is read). */
export function productRejects(): RejectColumns<ProductText> & { layout?: ProductLayout } {
  const columns: RejectColumns<ProductText> & { layout?: ProductLayout } = {
    get names() {
      return columns.layout?.names ?? [];
    },
    cells: (text) => text.cells,
  };
  return columns;
}

export function productKind(
  writer: ProductWriter,
  catalog: ProductCatalog,
  options: ProductImportOptions,
  rejects?: { layout?: ProductLayout },
  watch?: ProductWatch,
): RowKind<ProductText, ProductRow, ProductLayout> {
  let locations: LocationIds = new Map();
  const { key } = options;

  /** The stored product the group's rows name: undefined for a new one. */
  function storedProduct(rows: readonly ProductRow[]): Product | undefined {
    const first = rows[0]!;
    if (key === 'id' && first.productId !== undefined) {
      const product = catalog.get(first.productId);
      if (!product) throw new GroupRefusal(`no product on the store has the id ${first.productId} (--key id finds products by id; it makes none)`);
      return product;
    }
    if (key === 'sku') {
      const found = new Map<string, Product>();
      for (const row of rows) if (typeof row.sku === 'string') for (const product of catalog.withSku(row.sku)) found.set(idText(product.productId), product);
      if (found.size > 1) throw new GroupRefusal(`the rows' SKUs belong to ${found.size} products on the store (ids ${[...found.keys()].join(', ')})`);
      if (found.size === 1) return [...found.values()][0];
    }
    if (first.identity.startsWith('sku:')) return undefined;
    const handle = first.identity.slice('handle:'.length);
    const alike = catalog.withHandle(handle);
    if (alike.length > 1)
      throw new GroupRefusal(
        `${alike.length} products on the store have the handle ${handle} (ids ${alike.map((p) => idText(p.productId)).join(', ')}); import with --key id or --key sku`,
      );
    return alike[0];
  }

  async function applyGroup(rows: readonly ProductRow[], dryRun: boolean, settle: (row: ProductRow, outcome: Outcome) => void): Promise<void> {
    const current = storedProduct(rows);
    let productId = current ? idText(current.productId) : undefined;
    // What the product holds, read before anything is written, so that every value is checked first.
    const held = productId !== undefined && rows.some((row) => row.metafields.length > 0) ? await writer.listMetafields(productId) : [];
    const checked = new Map<number, RowValues>();
    for (const row of rows) {
      const values = await checkValues(row, held);
      if (typeof values === 'string') settle(row, { kind: 'rejected', reason: values });
      else checked.set(row.line, values);
    }
    const kept = rows.filter((row) => checked.has(row.line));
    if (kept.length === 0) return;
    const plan = planProduct(kept, current, catalog, locations);
    if (plan.send && !dryRun) {
      const answer = current ? await update(productId!, current, plan.send) : await create(kept[0]!.identity, plan.send);
      if (answer) {
        catalog.put(answer);
        productId = idText(answer.productId);
      }
    }
    // A row the plan refused writes nothing, values included.
    const writing = kept.filter((row) => typeof (plan.fates.get(row.line) ?? 'unchanged') === 'string');
    const valueFates = await applyMetafields(writing, checked, held, productId, dryRun, plan.send !== undefined && !dryRun);
    for (const row of kept) {
      const outcome = outcomeOf(plan.fates.get(row.line) ?? 'unchanged', valueFates.get(row.line));
      settle(
        row,
        outcome.kind === 'rejected' || productId === undefined ? outcome : { ...outcome, id: productId, ...beforeOf(row, outcome, current, plan.variantOf) },
      );
    }
  }

  /**
   * A row's metafield values checked as the store checks them: by their definition's type
   * (metafield import's conversion: "1 kg" for a Weight), else by the type of the value held;
   * why the row is refused, or its values converted.
   */
  async function checkValues(row: ProductRow, held: readonly Metafield[]): Promise<RowValues | string> {
    const values: RowValues = [];
    for (const { namespace, code, value } of row.metafields) {
      if (value === null) {
        values.push({ namespace, code, value: null, text: null });
        continue;
      }
      const fit = fitDefinition(valueRow(row.line, namespace, code, value), await options.fields?.typeOf('products', namespace, code));
      if (!fit.ok) return `metafield:${namespace}.${code}: ${fit.reason}`;
      const [invalid] = planChanges([fit.row], held).invalid;
      if (invalid !== undefined) return `metafield:${namespace}.${code}: ${invalid.reason}`;
      values.push({ namespace, code, value: fit.row.value, text: value });
    }
    return values;
  }

  /** A PUT of the whole product, its before-image journaled first. */
  async function update(productId: string, current: Product, sent: WireProduct): Promise<Product> {
    await watch?.beforeUpdate(productId, current, sent);
    let answer: Product;
    try {
      answer = await writer.update(productId, sent);
    } catch (error) {
      if (isRowLevel(error)) await watch?.updated(productId, false, undefined);
      throw error;
    }
    await watch?.updated(productId, true, answer);
    return answer;
  }

  /**
   * A POST of a new product ("absent" journaled first); what it made after. It is never sent
   * again once it may have reached the store: a lost answer, or the store's failure, is
   * settled by looking the product up (its title, then its handle or SKU among the products
   * made since the catalog was read). Found, it is the product made; not found after the
   * store itself answered 500 or 503 (it is done with the request), it is sent again, a few
   * times at most; otherwise (the request may still be under way) the rows fail as "may have
   * been created", and a re-run finds it by its handle.
   */
  async function create(identity: string, sent: WireProduct): Promise<Product | undefined> {
    for (let attempt = 1; ; attempt++) {
      await watch?.beforeCreate(identity, sent);
      let answer: Product | undefined;
      try {
        answer = await writer.create(sent);
      } catch (error) {
        // A refusal made nothing; a lost answer (UnconfirmedCreateError) leaves the journal unsure.
        if (isRowLevel(error)) await watch?.created(identity, false, undefined);
        if (!(error instanceof UnconfirmedCreateError) || error.failure instanceof CancelledError) throw error;
        const found = await lookUpMade(identity, sent, error);
        if (found !== undefined) {
          await watch?.created(identity, true, found);
          return found;
        }
        if (attempt >= MAX_CREATES || !storeIsDone(error)) throw error;
        // The store answered and made nothing: this create's before-image is of no write.
        await watch?.created(identity, false, undefined);
        continue;
      }
      await watch?.created(identity, true, answer);
      return answer;
    }
  }

  /**
   * The product a create whose answer was lost made, if the store shows it: the one product
   * with the rows' handle (or SKU) that the catalog did not hold before. Several such (made
   * by another import meanwhile) cannot be told apart: the create stays unconfirmed.
   */
  async function lookUpMade(identity: string, sent: WireProduct, lost: UnconfirmedCreateError): Promise<Product | undefined> {
    const title = typeof sent.title === 'string' ? sent.title : '';
    if (writer.withTitle === undefined || title === '') return undefined;
    let listed: Product[];
    try {
      listed = await writer.withTitle(title);
    } catch (error) {
      if (error instanceof CancelledError || !isObjectLevel(error)) throw error;
      throw lost;
    }
    const made = listed.filter((product) => catalog.get(idText(product.productId)) === undefined && hasIdentity(product, identity));
    if (made.length > 1) throw lost;
    return made[0];
  }

  /**
   * The metafield columns' values, each from the first row that gives it, written as metafield
   * import writes values (apply.ts: batched creates, updates where they differ, each refusal
   * told apart); then the values cleared. Their fates, by line. `written`: the product was
   * written just before, so a failure of its values leaves its rows partial.
   */
  async function applyMetafields(
    rows: readonly ProductRow[],
    checked: ReadonlyMap<number, RowValues>,
    held: readonly Metafield[],
    productId: string | undefined,
    dryRun: boolean,
    written: boolean,
  ): Promise<Map<number, ValueFates>> {
    const fates = new Map<number, ValueFates>();
    const fateOf = (line: number) => fates.get(line) ?? fates.set(line, { landed: false, refused: [] }).get(line)!;
    const wanted = new Map<string, { row: ProductRow } & RowValues[number]>();
    for (const row of rows)
      for (const value of checked.get(row.line) ?? [])
        if (!wanted.has(fieldKey(value.namespace, value.code))) wanted.set(fieldKey(value.namespace, value.code), { row, ...value });
    const given = [...wanted.values()];
    const setting = given
      .filter((item) => item.value !== null)
      .map((item) => valueRow(item.row.line, item.namespace, item.code, item.value!, item.text!, productId ?? ''));
    const cleared = given.filter((item) => item.value === null && held.some((value) => value.namespace === item.namespace && value.code === item.code));
    if (setting.length + cleared.length === 0) return fates;
    if (productId === undefined) {
      // A new product in a dry run holds no values yet: each would be created.
      for (const value of setting) {
        if (dryRun) fateOf(value.line).landed = true;
        else fateOf(value.line).refused.push('the store made the product but did not answer with its id, so its metafields were not set; a re-run sets them');
      }
      return fates;
    }
    const id = productId;
    try {
      await applyValues(
        { key: id, domain: 'products', bizId: id, rows: setting },
        valueStore(id, held),
        'read-first',
        dryRun,
        (value, outcome) => {
          if (outcome.kind === 'created' || outcome.kind === 'updated') fateOf(value.line).landed = true;
          else if (outcome.kind === 'rejected' || outcome.kind === 'partial')
            fateOf(value.line).refused.push(`metafield:${value.namespace}.${value.code}: ${outcome.reason}`);
        },
        valueWatch(id),
      );
      const heldText = (namespace: string, code: string) => held.find((value) => value.namespace === namespace && value.code === code)?.value ?? null;
      if (!dryRun)
        await watch?.beforeValues(
          id,
          cleared.map((item) => ({ namespace: item.namespace, code: item.code, before: heldText(item.namespace, item.code), after: null })),
        );
      for (const item of cleared) {
        if (!dryRun) await writer.deleteMetafield(id, item.namespace, item.code);
        fateOf(item.row.line).landed = true;
      }
    } catch (error) {
      // The product is written: its values failing to land (the store failing) leave its rows partial, not unwritten.
      if (!written || !isObjectLevel(error)) throw error;
      for (const value of [...setting, ...cleared.map((item) => ({ line: item.row.line, namespace: item.namespace, code: item.code }))]) {
        const fate = fateOf(value.line);
        if (fate.refused.length === 0) fate.refused.push(`metafield:${value.namespace}.${value.code}: ${stripPeriod(error.message)}`);
      }
    }
    return fates;
  }

  /** The product's values as metafield import's writer sees an object's: the listing read before is the first read. */
  function valueStore(productId: string, held: readonly Metafield[]): MetafieldStore {
    let first: Metafield[] | undefined = [...held];
    return {
      list: async () => {
        const read = first ?? (await writer.listMetafields(productId));
        first = undefined;
        return read;
      },
      createBatch: (_domain, _bizId, values) => writer.createMetafields(productId, values),
      update: (_domain, _bizId, value) => writer.updateMetafield(productId, value),
    };
  }

  /** The journal, as metafield import's writer tells it: each write's before-images first, and a create refused whole. */
  function valueWatch(productId: string): WriteWatch | undefined {
    if (watch === undefined) return undefined;
    return {
      before: (_domain, _bizId, values) =>
        watch.beforeValues(
          productId,
          values.map(({ row, held }) => ({ namespace: row.namespace, code: row.code, before: held, after: row.value })),
        ),
      cancelled: (_domain, _bizId, values) =>
        watch.cancelledValues(
          productId,
          values.map((row) => ({ namespace: row.namespace, code: row.code })),
        ),
    };
  }

  return {
    headerExample: 'handle,title,option1Name,option1Value,sku,price',
    unit: 'product',
    offlineUnchecked: 'categories, collections and locations not checked, nor which products exist (the catalog not read)',
    readHeader(cells, source) {
      const layout = readProductHeader(cells, source, key);
      locations = options.anyLocation ? new Map(layout.inventory.map(({ location }) => [location, location])) : locationIds(layout, catalog.locations, source);
      if (rejects) rejects.layout = layout;
      return layout;
    },
    rowText: productText,
    // The product as the key finds it, and the variant by its SKU when the row has one.
    resultKey: (text) => [identityOf(text, key), cellOf(text, 'sku') ? `sku:${cellOf(text, 'sku')}` : ''].filter(Boolean).join(' '),
    shardKey: (text) => identityOf(text, key),
    check(text, fieldCount) {
      const checked = checkProductRow(text, fieldCount, key, options.emptyClears);
      return checked.ok ? checked : { ok: false, text, reason: checked.reason };
    },
    grouper() {
      let current: Group<ProductRow> | undefined;
      return {
        push(row) {
          const groupKey = groupKeyOf(row);
          if (current && current.key === groupKey && current.rows.length < MAX_GROUP_ROWS) {
            current.rows.push(row);
            return {};
          }
          const done = current;
          current = { key: groupKey, rows: [row] };
          return done ? { group: done } : {};
        },
        flush() {
          const done = current;
          current = undefined;
          return done;
        },
      };
    },
    async apply(group, dryRun, settle) {
      const settled = new Set<number>();
      try {
        await applyGroup(group.rows, dryRun, (row, outcome) => {
          settled.add(row.line);
          settle(row, outcome);
        });
      } catch (error) {
        if (error instanceof UnconfirmedCreateError) throw lostCreate(error);
        if (!(error instanceof GroupRefusal)) throw error;
        for (const row of group.rows) if (!settled.has(row.line)) settle(row, { kind: 'rejected', reason: error.message });
      }
    },
  };

  /** Rows of an sku-only file that name one stored product share its key, so the engine applies them one after the other. */
  function groupKeyOf(row: ProductRow): string {
    if (!row.identity.startsWith('sku:') || typeof row.sku !== 'string') return row.identity;
    const [product] = catalog.withSku(row.sku);
    return product ? `id:${idText(product.productId)}` : row.identity;
  }
}

/** Each `inventory:` column's location id: a location named so (ignoring case), or an id; else the header is refused (nothing sent). */
export function locationIds(layout: ProductLayout, known: readonly Named[], source: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const { location } of layout.inventory) {
    const named = known.filter((item) => item.name.toLowerCase() === location.toLowerCase());
    if (named.length === 1) ids.set(location, named[0]!.id);
    else if (/^\d+$/.test(location)) ids.set(location, location);
    else if (named.length > 1)
      throw new UsageError(
        `${source}: ${named.length} locations are named "${location}" (ids ${named.map((item) => item.id).join(', ')}); name the column inventory:<id>.`,
        false,
      );
    else {
      const names = known.map((item) => item.name).join(', ');
      throw new UsageError(
        `${source}: the column inventory:${location} names no location of the store (${names === '' ? 'it lists none' : `its locations: ${names}`}); nothing was sent.`,
        false,
      );
    }
  }
  return ids;
}

/**
 * A create whose answer was lost may have made the product: its rows fail with the request's
 * own failure (so the engine goes on, and stops as for any unanswered request when the store
 * stays down), saying that a re-run finds the product by its handle or SKU rather than making
 * it twice. An interruption stays what it is.
 */
function lostCreate(error: UnconfirmedCreateError): unknown {
  const message = `${stripPeriod(error.message)}; a re-run finds it by its handle (or SKU) and leaves it alone, or makes it.`;
  const { failure } = error;
  if (failure instanceof NetworkError) return new NetworkError(message, failure.causeCode);
  if (failure instanceof ApiError) return new ApiError(message, { status: failure.status });
  return error;
}

/** The store itself answered the create with 500 or 503: it is done with it, and what it made (if anything) shows in a read. */
function storeIsDone(error: UnconfirmedCreateError): boolean {
  return error.failure instanceof ApiError && (error.failure.status === 500 || error.failure.status === 503);
}

/** Whether the product is the one the rows name: by its handle, or a variant's SKU (`sku:` identities). */
function hasIdentity(product: Product, identity: string): boolean {
  if (identity.startsWith('sku:')) {
    const sku = identity.slice('sku:'.length);
    return (product.variants ?? []).some((variant) => scalarText(variant.sku) === sku);
  }
  return productHandle(product).toLowerCase() === identity.slice('handle:'.length).toLowerCase();
}

/** An answer about this product (4xx but a refused token or a rate limit): the write was refused, nothing was written. */
function isRowLevel(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}

/**
 * What an update replaced, for --results: the stored variant the row set (as JSON), or the
 * product's own fields for a row of product columns only.
 */
function beforeOf(row: ProductRow, outcome: Outcome, current: Product | undefined, variantOf: ReadonlyMap<number, number>): { before?: string } {
  if ((outcome.kind !== 'updated' && outcome.kind !== 'partial') || current === undefined) return {};
  const index = variantOf.get(row.line);
  if (index !== undefined) return { before: toJson(current.variants?.[index]) };
  const { title, status, categoryId, collections } = current;
  return { before: toJson({ title, status, categoryId, collections }) };
}

/** A metafield column's value as a row of metafield import (row-check.ts), on the product `bizId`; `text` as the cell has it. */
function valueRow(line: number, namespace: string, code: string, value: string, text = value, bizId = ''): Row {
  return {
    line,
    domain: 'products',
    bizId,
    namespace,
    code,
    type: undefined,
    value,
    text: { line, domain: 'products', bizId, namespace, code, type: '', value: text },
  };
}

/**
 * A row's outcome from its product's fate and its values': the plan's refusal stands; a
 * refused value makes the row partial when anything of it landed, else rejected; then a
 * change, else unchanged.
 */
function outcomeOf(product: RowFate, values: ValueFates | undefined): Outcome {
  if (typeof product !== 'string') return { kind: 'rejected', reason: stripPeriod(product.rejected) };
  const landed = product !== 'unchanged' || values?.landed === true;
  if (values !== undefined && values.refused.length > 0) return { kind: landed ? 'partial' : 'rejected', reason: stripPeriod(values.refused.join('; ')) };
  if (product === 'created') return { kind: 'created' };
  return { kind: landed ? 'updated' : 'unchanged' };
}
