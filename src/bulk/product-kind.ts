// Products as a row kind of the import engine: one row per variant, consecutive rows of one
// product (same handle, or same productId with --key id) applied together. The product is
// found in the catalog read before the run (by handle, SKU or id, as --key says), planned
// from it (product-plan.ts), and written with one request: a PUT of the whole product when
// something differs, a POST for a new one, nothing when the store holds every value. Metafield
// columns cost one listing of the product's values, and writes only where they differ.
import { MAX_BATCH } from '../api/metafields/requests.js';
import type { Metafield, MetafieldInput } from '../api/metafields/schema.js';
import { idText } from '../api/products/draft.js';
import type { Product } from '../api/products/schema.js';
import type { WireProduct } from '../api/products/wire.js';
import { ApiError, NetworkError, UnconfirmedCreateError, UsageError } from '../core/errors.js';
import { toJson } from '../core/json.js';
import { stripPeriod } from '../core/words.js';
import { chunk, fieldKey, planChanges } from './plan.js';
import type { ProductCatalog, Named } from './product-catalog.js';
import { GroupRefusal, planProduct, type LocationIds, type RowFate } from './product-plan.js';
import { cellOf, checkProductRow, identityOf, productText, readProductHeader, type ProductKey, type ProductLayout, type ProductRow, type ProductText } from './product-rows.js';
import type { RejectColumns } from './rejects.js';
import type { Row } from './row-check.js';
import type { Group, Outcome, RowKind } from './row-kind.js';

/** What the import writes: ProductsApi and MetafieldsApi, or fakes in unit tests. */
export interface ProductWriter {
  create(product: WireProduct): Promise<Product | undefined>;
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
}

export interface ProductImportOptions {
  key: ProductKey;
  emptyClears: boolean;
  /** Every `inventory:` column is taken as it is (a dry run without a store to name locations). */
  anyLocation?: boolean;
}

/** Rows of one product a group holds at most (a product has at most 100 variants): a longer run is applied in parts. */
const MAX_GROUP_ROWS = 250;
/** Bytes of one metafield create request at most, as metafield import keeps them. */
const MAX_BATCH_BYTES = 512 * 1024;

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
      throw new GroupRefusal(`${alike.length} products on the store have the handle ${handle} (ids ${alike.map((p) => idText(p.productId)).join(', ')}); import with --key id or --key sku`);
    return alike[0];
  }

  async function applyGroup(rows: readonly ProductRow[], dryRun: boolean, settle: (row: ProductRow, outcome: Outcome) => void): Promise<void> {
    const current = storedProduct(rows);
    const plan = planProduct(rows, current, catalog, locations);
    let productId = current ? idText(current.productId) : undefined;
    if (plan.send && !dryRun) {
      const answer = current ? await update(productId!, current, plan.send) : await create(rows[0]!.identity, plan.send);
      if (answer) {
        catalog.put(answer);
        productId = idText(answer.productId);
      }
    }
    const metafieldFates = await applyMetafields(rows, productId, current === undefined, dryRun);
    for (const row of rows) {
      const outcome = outcomeOf(combine(plan.fates.get(row.line) ?? 'unchanged', metafieldFates.get(row.line)));
      settle(row, outcome.kind === 'rejected' || productId === undefined ? outcome : { ...outcome, id: productId, ...beforeOf(row, outcome, current, plan.variantOf) });
    }
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

  /** A POST of a new product ("absent" journaled first); what it made after. */
  async function create(identity: string, sent: WireProduct): Promise<Product | undefined> {
    await watch?.beforeCreate(identity, sent);
    let answer: Product | undefined;
    try {
      answer = await writer.create(sent);
    } catch (error) {
      // A refusal made nothing; a lost answer (UnconfirmedCreateError) leaves the journal unsure.
      if (isRowLevel(error)) await watch?.created(identity, false, undefined);
      throw error;
    }
    await watch?.created(identity, true, answer);
    return answer;
  }

  /** The metafield columns' values, each from the first row that gives it; their fates, by line. */
  async function applyMetafields(rows: readonly ProductRow[], productId: string | undefined, fresh: boolean, dryRun: boolean): Promise<Map<number, RowFate>> {
    const fates = new Map<number, RowFate>();
    const wanted = new Map<string, { row: ProductRow; namespace: string; code: string; value: string | null }>();
    for (const row of rows) for (const value of row.metafields) if (!wanted.has(fieldKey(value.namespace, value.code))) wanted.set(fieldKey(value.namespace, value.code), { row, ...value });
    if (wanted.size === 0) return fates;
    const mark = (row: ProductRow, fate: RowFate) => {
      const earlier = fates.get(row.line);
      if (earlier === undefined || typeof fate !== 'string' || earlier === 'unchanged') fates.set(row.line, fate);
    };
    // A product made in a dry run (or whose id the store did not say) holds no values yet.
    const held = productId === undefined || (fresh && dryRun) ? [] : await writer.listMetafields(productId);
    const given = [...wanted.values()];
    const setRows: Row[] = given
      .filter((item) => item.value !== null)
      .map((item) => {
        const value = item.value!;
        return {
          line: item.row.line,
          domain: 'products',
          bizId: productId ?? '',
          namespace: item.namespace,
          code: item.code,
          type: undefined,
          value,
          text: { line: item.row.line, domain: 'products', bizId: productId ?? '', namespace: item.namespace, code: item.code, type: '', value },
        };
      });
    const plan = planChanges(setRows, held);
    const rowOf = (line: number) => rows.find((row) => row.line === line)!;
    for (const { row, reason } of plan.invalid) mark(rowOf(row.line), { rejected: `metafield:${row.namespace}.${row.code}: ${reason}` });
    for (const row of plan.unchanged) mark(rowOf(row.line), 'unchanged');
    const cleared = given.filter((item) => item.value === null && held.some((value) => value.namespace === item.namespace && value.code === item.code));
    if (!dryRun && productId === undefined && (plan.create.length > 0 || plan.update.length > 0)) {
      for (const row of [...plan.create, ...plan.update])
        mark(rowOf(row.line), { rejected: 'the store made the product but did not answer with its id, so its metafields were not set; a re-run sets them' });
      return fates;
    }
    if (!dryRun) {
      const heldText = (namespace: string, code: string) => held.find((value) => value.namespace === namespace && value.code === code)?.value ?? null;
      await watch?.beforeValues(productId!, [
        ...plan.create.map((row) => ({ namespace: row.namespace, code: row.code, before: null, after: row.value })),
        ...plan.update.map((row) => ({ namespace: row.namespace, code: row.code, before: heldText(row.namespace, row.code), after: row.value })),
        ...cleared.map((item) => ({ namespace: item.namespace, code: item.code, before: heldText(item.namespace, item.code), after: null })),
      ]);
      for (const part of chunk(plan.create, MAX_BATCH, MAX_BATCH_BYTES)) await writer.createMetafields(productId!, part.map(inputOf));
      for (const row of plan.update) await writer.updateMetafield(productId!, inputOf(row));
      for (const item of cleared) await writer.deleteMetafield(productId!, item.namespace, item.code);
    }
    for (const row of [...plan.create, ...plan.update]) mark(rowOf(row.line), 'updated');
    for (const item of cleared) mark(item.row, 'updated');
    return fates;
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
      try {
        await applyGroup(group.rows, dryRun, settle);
      } catch (error) {
        if (error instanceof UnconfirmedCreateError) throw lostCreate(error);
        if (!(error instanceof GroupRefusal)) throw error;
        for (const row of group.rows) settle(row, { kind: 'rejected', reason: error.message });
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
      throw new UsageError(`${source}: ${named.length} locations are named "${location}" (ids ${named.map((item) => item.id).join(', ')}); name the column inventory:<id>.`, false);
    else {
      const names = known.map((item) => item.name).join(', ');
      throw new UsageError(`${source}: the column inventory:${location} names no location of the store (${names === '' ? 'it lists none' : `its locations: ${names}`}); nothing was sent.`, false);
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

/** An answer about this product (4xx but a refused token or a rate limit): the write was refused, nothing was written. */
function isRowLevel(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 && error.status !== 429;
}

/**
 * What an update replaced, for --results: the stored variant the row set (as JSON), or the
 * product's own fields for a row of product columns only.
 */
function beforeOf(row: ProductRow, outcome: Outcome, current: Product | undefined, variantOf: ReadonlyMap<number, number>): { before?: string } {
  if (outcome.kind !== 'updated' || current === undefined) return {};
  const index = variantOf.get(row.line);
  if (index !== undefined) return { before: toJson(current.variants?.[index]) };
  const { title, status, categoryId, collections } = current;
  return { before: toJson({ title, status, categoryId, collections }) };
}

function inputOf(row: Row): MetafieldInput {
  return { namespace: row.namespace, code: row.code, value: row.value };
}

/** A row's fate from its variant and its metafields: a refusal wins, then a change. */
function combine(product: RowFate, metafields: RowFate | undefined): RowFate {
  if (metafields === undefined) return product;
  if (typeof product !== 'string') return product;
  if (typeof metafields !== 'string') return metafields;
  if (product !== 'unchanged') return product;
  return metafields;
}

function outcomeOf(fate: RowFate): Outcome {
  return typeof fate === 'string' ? { kind: fate } : { kind: 'rejected', reason: stripPeriod(fate.rejected) };
}
