// `collection add` and `collection remove`: the names resolved (reads), then one collect
// request for every product, in or out; the collection printed as it now is.
import type { Api } from '../../api/index.js';
import type { Context } from '../../root/context.js';
import type { OutputFlags } from '../../core/output-options.js';
import { COLLECTION_FIELDS } from '../../api/collections/fields.js';

export interface CollectOptions extends OutputFlags {
  collection: string;
  products: string[];
  dryRun?: boolean | undefined;
}

export async function collect(ctx: Context, options: CollectOptions, direction: 'add' | 'remove'): Promise<void> {
  const [{ resolveCollection, resolveProducts }, view] = await Promise.all([import('../../product/index.js'), import('./view.js')]);
  const move = async (api: Api) => {
    const collectionId = await resolveCollection(api, options.collection, ctx.spin);
    const productIds = await resolveProducts(api, options.products, ctx.spin);
    const spinner = direction === 'add' ? 'Adding the products…' : 'Removing the products…';
    return ctx.spin(spinner, () => (direction === 'add' ? api.collections.addProducts(collectionId, productIds) : api.collections.removeProducts(collectionId, productIds)));
  };
  if (options.dryRun) {
    const { runDry } = await import('../dry-run.js');
    return runDry(ctx, options, move);
  }
  const out = await ctx.output(options, COLLECTION_FIELDS);
  const collection = await move(await ctx.api());
  await out.item(collection, view.collectionDetailView());
}
