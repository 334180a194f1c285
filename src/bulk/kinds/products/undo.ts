// Undo of a product import's product writes: a product the run replaced (PUT) is put back
// whole from its before-image, variants, options and stock included (a PUT of the whole
// product, as `product edit` sends it); a product the run created is deleted, with the
// metafield values the run gave it (its other values are metafield values, undone as a
// metafield import's: kinds/metafields/undo.ts). A product that holds neither what the run
// wrote nor what it replaced was changed by someone else since, and is left alone unless forced.
import type { ProductsApi } from '../../../api/products/requests.js';
import type { Product } from '../../../api/products/schema.js';
import { draftToWire, editableCopy, type WireProduct } from '../../../api/products/wire.js';
import { unlessGone } from '../../../core/errors.js';
import { diffProducts } from '../../../product/diff.js';
import { changedSince, isStamp } from '../../runs/changed-since.js';
import { entryWith, isRecord, type KindUndo, type UndoContext } from '../../runs/kind-undo.js';
import { JournaledCreates, type JournaledCreate } from '../../runs/journaled-creates.js';
import type { JournalEntry } from '../../runs/run-journal.js';
import { afterEarlierUndo, type UndoStep } from '../../runs/undo-step.js';

/** The entries a product write leaves in the journal (watch.ts writes them; its values' are metafield entries). */
export type ProductEntry =
  /** A product about to be replaced (PUT): the whole product as the run read it, stock included, and the body sent. */
  | { kind: 'product-update'; id: string; before: Product; sent: WireProduct }
  /** What that PUT gave: the product as the store answered (made: false when it was refused, so nothing was written). */
  | { kind: 'product-updated'; id: string; made: boolean; after?: Product }
  /** A product about to be created (absent before): named by the rows' handle or SKU (`identity`). */
  | { kind: 'product-create'; identity: string; sent: WireProduct }
  /** What that POST gave: the product made (its id and the store's answer when it said), or none (refused). */
  | { kind: 'product-created'; identity: string; made: boolean; id?: string; after?: Product };

/** A product the run replaced: as it was before the run's first PUT, and the last PUT (its body, and the store's answer when it came). */
export interface UpdatedProduct {
  id: string;
  before: Product;
  sent: WireProduct;
  after?: Product;
}

/** A product the run created: its id and the store's answer when it said; `unsure` when the create's answer was lost. */
export interface CreatedProduct extends JournaledCreate {
  identity: string;
  sent: WireProduct;
  after?: Product;
}

type Products = Pick<ProductsApi, 'get' | 'update' | 'delete'>;

/** The journal's product entries folded: one target a product replaced (its first before-image, its last PUT), and every product created. */
export function productTargets(entries: readonly JournalEntry[]): { created: CreatedProduct[]; updated: UpdatedProduct[] } {
  const writes = new Map<string, Array<{ before: Product; sent: WireProduct; after?: Product }>>();
  const created = new JournaledCreates<CreatedProduct>();
  for (const entry of entries as readonly ProductEntry[]) {
    switch (entry.kind) {
      case 'product-update':
        writes.set(entry.id, [...(writes.get(entry.id) ?? []), { before: entry.before, sent: entry.sent }]);
        break;
      case 'product-updated': {
        const list = writes.get(entry.id);
        // A refused PUT wrote nothing: its before-image is of no write.
        if (!entry.made) list?.pop();
        else if (list && list.length > 0 && entry.after !== undefined) list[list.length - 1]!.after = entry.after;
        break;
      }
      case 'product-create':
        created.sent(entry.identity, { identity: entry.identity, sent: entry.sent, unsure: true });
        break;
      case 'product-created':
        created.answer(entry.identity, entry.made, {
          ...(entry.id !== undefined ? { id: entry.id } : {}),
          ...(entry.after !== undefined ? { after: entry.after } : {}),
        });
        break;
    }
  }
  const updated: UpdatedProduct[] = [];
  for (const [id, list] of writes) {
    const first = list[0];
    const last = list.at(-1);
    if (first && last) updated.push({ id, before: first.before, sent: last.sent, ...(last.after !== undefined ? { after: last.after } : {}) });
  }
  return { created: created.all(), updated };
}

export const productUndo: KindUndo = {
  entries: {
    'product-update': entryWith(['id'], (entry) => isRecord(entry.before) && isRecord(entry.sent)),
    'product-updated': entryWith(['id'], (entry) => typeof entry.made === 'boolean'),
    'product-create': entryWith(['identity'], (entry) => isRecord(entry.sent)),
    'product-created': entryWith(['identity'], (entry) => typeof entry.made === 'boolean'),
  },
  // A product the run created is deleted with its values: they are not undone one by one.
  deletes: (entries) => productTargets(entries).created.flatMap((product) => (product.id !== undefined ? [{ domain: 'products', bizId: product.id }] : [])),
  keys(entries) {
    const { created, updated } = productTargets(entries);
    return [...updated, ...created].map(productKey);
  },
  // Each product read (through the paced pool, as metafield objects are).
  async plan(entries, on: UndoContext) {
    const { created, updated } = productTargets(entries);
    return Promise.all([...updated, ...created].map((product) => plannedStep(product, on.api.products, on.force)));
  },
};

export function productKey(product: UpdatedProduct | CreatedProduct): string {
  return 'before' in product ? `product ${product.id}` : product.id !== undefined ? `product ${product.id}` : `product ${product.identity}`;
}

/** The undo of one product, planned from what the store holds now (`done`: the keys an earlier undo put back). */
export async function productStep(product: UpdatedProduct | CreatedProduct, done: ReadonlySet<string>, products: Products, force: boolean): Promise<UndoStep> {
  return afterEarlierUndo(await plannedStep(product, products, force), done, force);
}

async function plannedStep(product: UpdatedProduct | CreatedProduct, products: Products, force: boolean): Promise<UndoStep> {
  const key = productKey(product);
  if (!('before' in product)) return createdStep(product, key, products, force);
  const current = await unlessGone(products.get(product.id));
  if (current === undefined) return { key, action: 'cannot', note: 'the product is no longer on the store' };
  if (sameProduct(current, product.before)) return { key, action: 'as-before' };
  const changed = changesSince(current, product);
  if (!force && changed.length > 0) return { key, action: 'changed', note: `the product changed since the run (${fieldList(changed)})` };
  const body = restoreBody(product.before);
  return { key, action: 'restore', run: () => products.update(product.id, body) };
}

async function createdStep(product: CreatedProduct, key: string, products: Products, force: boolean): Promise<UndoStep> {
  if (product.id === undefined) {
    const why = product.unsure
      ? 'the answer to its create never came (the run was stopped, or the answer was lost), so whether it was made is not known'
      : 'the store made it without saying its id';
    return { key, action: 'cannot', note: `${why}: find it with product list and remove it with product delete` };
  }
  const current = await unlessGone(products.get(product.id));
  if (current === undefined) return { key, action: 'as-before', note: 'already deleted' };
  const changed = changesSince(current, product);
  if (!force && changed.length > 0)
    return { key, action: 'changed', note: `created by the run, and changed since (${fieldList(changed)}): deleting it would lose those changes` };
  const id = product.id;
  return { key, action: 'delete', note: 'created by the run', run: () => products.delete(id) };
}

/**
 * What differs from what the run wrote: the store's answer to the run's write when it came,
 * else the body sent (the store holds every value of it, and ids it gave besides).
 */
function changesSince(current: Product, product: UpdatedProduct | CreatedProduct): string[] {
  if (product.after === undefined) return changedSince(restoreBody(current), product.sent);
  return diffProducts(restoreBody(current), restoreBody(product.after))
    .map((change) => change.field)
    .filter((field) => !isStamp(field));
}

function fieldList(fields: readonly string[]): string {
  const shown = fields.slice(0, 3).join(', ');
  return fields.length > 3 ? `${shown} and ${fields.length - 3} more` : shown;
}

/** The before-image as a PUT sends it: the whole product, ids included, in the store's own spelling. */
export function restoreBody(before: Product): WireProduct {
  return draftToWire(editableCopy(before), before);
}

/** The two products hold the same values, in what an edit sends (stamps aside). */
export function sameProduct(a: Product, b: Product): boolean {
  return diffProducts(restoreBody(a), restoreBody(b)).every((change) => isStamp(change.field));
}

/**
 * The product holds every value of a body sent: each field of it (arrays item by item),
 * amounts by their value; fields the store added (ids of new variants) are not compared.
 */
export function holdsSent(current: Product, sent: WireProduct): boolean {
  return changedSince(restoreBody(current), sent).length === 0;
}
