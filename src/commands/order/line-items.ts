// The lines of `order create`, named by SKU or variant id, looked up in the store's products
// (the listing, 250 a page; for variant ids alone, only until every one is found): a SKU no variant has, or
// that several share, and a variant id no product has, exit 2 naming the line, before the
// order is sent. A line of its own (a title and a price) needs no look-up.
import type { Api } from '../../api/index.js';
import type { OrderCreateLine, OrderLineDraft } from '../../api/orders/create-input.js';
import { UsageError } from '../../core/errors.js';
import { scalarText } from '../../core/json.js';

/** The largest page of the product listing: the fewest requests. */
const PAGE = 250;

export async function resolveLines(api: Api, drafts: readonly OrderLineDraft[]): Promise<OrderCreateLine[]> {
  const skus = new Set(drafts.flatMap((line) => (line.sku === undefined ? [] : [line.sku])));
  const ids = new Set(drafts.flatMap((line) => (line.variantId === undefined ? [] : [line.variantId])));
  /** Each SKU asked: the variants that have it. */
  const bySku = new Map<string, string[]>([...skus].map((sku) => [sku, []]));
  const found = new Set<string>();
  if (skus.size + ids.size > 0) {
    for await (const page of api.products.list({ limit: PAGE }, true)) {
      for (const product of page) {
        const variants = Array.isArray(product.variants) ? (product.variants as unknown[]) : [];
        for (const variant of variants) {
          if (variant === null || typeof variant !== 'object') continue;
          const { variantId, sku } = variant as Record<string, unknown>;
          if (variantId === undefined || variantId === null) continue;
          const id = scalarText(variantId);
          if (ids.has(id)) found.add(id);
          if (typeof sku === 'string' && bySku.has(sku)) bySku.get(sku)!.push(id);
        }
      }
      // A SKU may be on a later page twice over, so SKUs read the whole catalog; variant ids stop once all are found.
      if (skus.size === 0 && [...ids].every((id) => found.has(id))) break;
    }
  }
  return drafts.map((line) => {
    const price = line.price === undefined ? {} : { price: line.price };
    if (line.variantId !== undefined) {
      if (!found.has(line.variantId)) throw new UsageError(`${line.at}: no product of the store has the variant ${line.variantId}. Nothing was sent.`);
      return { variantId: line.variantId, quantity: line.quantity, ...price };
    }
    if (line.sku !== undefined) {
      const variants = bySku.get(line.sku)!;
      if (variants.length === 0) throw new UsageError(`${line.at}: no variant of the store's products has the SKU ${line.sku}. Nothing was sent.`);
      if (variants.length > 1)
        throw new UsageError(
          `${line.at}: ${variants.length} variants have the SKU ${line.sku} (${variants.join(', ')}): name one with --variant-id. Nothing was sent.`,
        );
      return { variantId: variants[0]!, quantity: line.quantity, ...price };
    }
    return { title: line.title!, quantity: line.quantity, ...price };
  });
}
