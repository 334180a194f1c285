// Editing a product: the store's product read, the --file patch and the flags applied,
// the rules checked before any look-up by name, and the changes listed field by field.
import type { Api } from '../api/index.js';
import { draftToWire, editableCopy, editBase, type WireProduct } from '../api/products/wire.js';
import type { Product } from '../api/products/schema.js';
import { buildProduct } from './build.js';
import { checkRules } from './check-rules.js';
import { diffProducts, type Change } from './diff.js';
import type { ProductFile } from './file.js';
import { linkChange, productChange, type FlagChange } from './flag-change.js';
import { resolveNames, type LinkNames, type Spin } from './names.js';
import { applyPatch } from './patch.js';

export interface EditPlan {
  /** The product as the store sent it. */
  current: Product;
  /** The whole product to send back, as the wire carries it. */
  after: WireProduct;
  /** What sending it would change; empty when the store already has these values. */
  changes: Change[];
  /** Names learnt while resolving --category and --collection, by id. */
  names: LinkNames;
}

/** Reads the product and works out the edit; sends nothing. */
export async function planEdit(api: Api, productId: string, change: FlagChange, patch: ProductFile | undefined, spin: Spin): Promise<EditPlan> {
  const current = await spin('Fetching the product…', () => api.products.get(productId));
  const before = editableCopy(current);
  const patched = patch ? applyPatch(before, patch.product, productId, patch.source) : before;
  const edited = buildProduct(patched, productChange(change));
  if ((edited.variants ?? []).length !== (before.variants ?? []).length && edited.multiVariant !== undefined) {
    edited.multiVariant = (edited.variants ?? []).length > 1;
  }
  checkRules(edited, `the edited product ${productId}`);
  const resolved = await resolveNames(api, change.category, change.collections, spin);
  // Compared and sent as the wire carries them: a dry run lists the fields the store reads.
  const sentBefore = draftToWire(before, current);
  const after = draftToWire(buildProduct(edited, linkChange(resolved)), editBase(current, patch?.wire));
  return { current, after, changes: diffProducts(sentBefore, after), names: resolved.names };
}
