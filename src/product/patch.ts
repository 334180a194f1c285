// Applying edit --file's partial product to the product read from the store: objects are
// merged field by field (RFC 7386 style, without deletion), arrays are replaced whole,
// except that an item of `variants` naming an existing variantId is merged into it.
import { cloneJson, idText, isPlainObject, withoutReadOnlyViews, type ProductDraft, type VariantDraft } from '../api/products/draft.js';
import { UsageError } from '../core/errors.js';

export function applyPatch(product: ProductDraft, patch: Record<string, unknown>, productId: string, source: string): ProductDraft {
  if (patch.productId !== undefined && idText(patch.productId) !== productId) {
    throw new UsageError(`${source}: productId: is ${idText(patch.productId)}, but this edits product ${productId}.`, false);
  }
  const { productId: _id, variants, ...rest } = withoutReadOnlyViews(patch);
  const result = merge(product, rest) as ProductDraft;
  if (variants !== undefined) result.variants = mergeVariants(product.variants ?? [], variants as Record<string, unknown>[], productId, source);
  return result;
}

function merge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const result = cloneJson(target);
  for (const [key, value] of Object.entries(patch)) {
    const current = result[key];
    result[key] = isPlainObject(value) && isPlainObject(current) ? merge(current, value) : cloneJson(value);
  }
  return result;
}

function mergeVariants(existing: readonly VariantDraft[], patch: readonly Record<string, unknown>[], productId: string, source: string): VariantDraft[] {
  return patch.map((item, i) => {
    if (item.variantId === undefined) return cloneJson(item) as VariantDraft;
    const id = idText(item.variantId);
    const match = existing.find((variant) => idText(variant.variantId) === id);
    if (!match) throw new UsageError(`${source}: variants[${i}].variantId: product ${productId} has no variant ${id}.`, false);
    // The id stays as the store wrote it (a string or a number), whatever the file wrote.
    return { ...merge(match, item), variantId: match.variantId } as VariantDraft;
  });
}
