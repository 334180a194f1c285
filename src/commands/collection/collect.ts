// `collection add` and `collection remove`: the names resolved (reads), the collection read,
// then one collect request for every product, in or out; stderr says which products went in
// (or out) and which were so already, and the collection is printed as it now is.
import type { Api } from '../../api/index.js';
import type { Context } from '../../root/context.js';
import type { OutputFlags } from '../../core/output-options.js';
import { collections } from '../../api/collections/declaration.js';
import type { Collection } from '../../api/collections/declaration.js';
import { plural } from '../../core/words.js';
import { collectionViews } from './table.js';

export interface CollectOptions extends OutputFlags {
  collection: string;
  products: string[];
  dryRun?: boolean | undefined;
}

export async function collect(ctx: Context, options: CollectOptions, direction: 'add' | 'remove'): Promise<void> {
  const [{ resolveCollection, resolveProducts }, view, { productIdsIn }] = await Promise.all([
    import('../../product/index.js'),
    collectionViews(),
    import('../../api/collections/schema.js'),
  ]);
  const resolve = async (api: Api) => ({
    collectionId: await resolveCollection(api, options.collection, ctx.spin),
    productIds: await resolveProducts(api, options.products, ctx.spin),
  });
  const send = (api: Api, collectionId: string, productIds: string[]) => {
    const spinner = direction === 'add' ? 'Adding the products…' : 'Removing the products…';
    return ctx.spin(spinner, () =>
      direction === 'add' ? api.collections.addProducts(collectionId, productIds) : api.collections.removeProducts(collectionId, productIds),
    );
  };
  if (options.dryRun) {
    const { runDry } = await import('../dry-run.js');
    return runDry(ctx, options, async (api) => {
      const { collectionId, productIds } = await resolve(api);
      return send(api, collectionId, productIds);
    });
  }
  const out = await ctx.output(options, Object.keys(collections.fields));
  const api = await ctx.api();
  const { collectionId, productIds } = await resolve(api);
  // What the collection held before (one read): the sentence after says what changed and what did not.
  const before = await ctx.spin('Reading the collection…', () => api.collections.get(collectionId));
  const collection = await send(api, collectionId, productIds);
  ctx.say(
    changeSentence(
      direction,
      `collection ${collectionId}${titleOf(collection) || titleOf(before) ? ` (${titleOf(collection) || titleOf(before)})` : ''}`,
      productIds,
      productIdsIn(before),
    ),
  );
  await out.item(collection, view.detail);
}

function titleOf(collection: Collection): string {
  return typeof collection.title === 'string' ? collection.title : '';
}

/**
 * `Added 1 product to collection 4000000000000000304 (Summer Sale): 4000000000000000401;
 * already in it: 4000000000000000431.` From the products it held before; when the store did not
 * list them, what was sent.
 */
export function changeSentence(direction: 'add' | 'remove', where: string, productIds: readonly string[], held: readonly string[] | undefined): string {
  const verb = direction === 'add' ? 'Added' : 'Removed';
  const preposition = direction === 'add' ? 'to' : 'from';
  if (held === undefined)
    return (
      `Sent ${plural(productIds.length, 'product')} ${direction === 'add' ? 'to' : 'out of'} ${where}: ` +
      `${productIds.join(', ')} (the store did not list what it held before).`
    );
  const inBefore = new Set(held);
  const changed = productIds.filter((id) => (direction === 'add' ? !inBefore.has(id) : inBefore.has(id)));
  const unchanged = productIds.filter((id) => !changed.includes(id));
  const state = direction === 'add' ? 'already in it' : 'not in it';
  if (changed.length === 0)
    return (
      `Nothing ${direction === 'add' ? 'added to' : 'removed from'} ${where}: ` + `${unchanged.join(', ')} ${unchanged.length === 1 ? 'was' : 'were'} ${state}.`
    );
  const rest = unchanged.length === 0 ? '' : `; ${state}: ${unchanged.join(', ')}`;
  return `${verb} ${plural(changed.length, 'product')} ${preposition} ${where}: ${changed.join(', ')}${rest}.`;
}
