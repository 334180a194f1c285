// Creating a product: the flags and --file made into one product, checked against the
// contract's rules before any look-up, then the names resolved and the product sent once.
import type { Api } from '../api/index.js';
import type { ProductDraft } from '../api/products/draft.js';
import { draftToWire, type WireProduct } from '../api/products/wire.js';
import type { Product } from '../api/products/schema.js';
import { UnconfirmedCreateError } from '../core/errors.js';
import { buildProduct } from './build.js';
import { checkRules } from './check-rules.js';
import { withoutStoreFields, type ProductFile } from './file.js';
import { linkChange, productChange, type FlagChange } from './flag-change.js';
import { resolveNames, type LinkNames, type Spin } from './names.js';

export interface CreateDraft {
  draft: ProductDraft;
  /** The file's wire spellings, kept where the flags leave a field as the file gave it. */
  base?: WireProduct;
}

/** The product the flags and the file describe, without the look-ups by name (no request). */
export function draftToCreate(change: FlagChange, file: ProductFile | undefined): CreateDraft {
  const draft = buildProduct(file ? withoutStoreFields(file.product) : {}, productChange(change));
  checkRules(draft, file?.source ?? 'the product');
  return { draft, ...(file ? { base: file.wire } : {}) };
}

export interface Creation {
  /** The store's product; undefined when it accepted the product but sent none back. */
  created: Product | undefined;
  /** The product as sent. */
  sent: WireProduct;
  /** Names learnt while resolving --category and --collection, by id. */
  names: LinkNames;
}

/** Resolves the names the flags gave, then sends the product (never twice: see ProductsApi.create). */
export async function createProduct(api: Api, { draft, base }: CreateDraft, change: FlagChange, spin: Spin): Promise<Creation> {
  const resolved = await resolveNames(api, change.category, change.collections, spin);
  const built = buildProduct(draft, linkChange(resolved));
  const product = draftToWire(built, base);
  const created = await spin('Creating the product…', () => api.products.create(product)).catch((error: unknown) => {
    throw error instanceof UnconfirmedCreateError ? error.withHint(howToCheck(built)) : error;
  });
  return { created, sent: product, names: resolved.names };
}

/**
 * After a lost answer. The command does not look by itself (a listing shows what is there
 * now, not which request made it); it names what to look for, and how. Products have no unique key: running create again could
 * make a second one, so it says to look first.
 */
function howToCheck(product: ProductDraft): string {
  const skus = (product.variants ?? []).map((variant) => variant.sku).filter((sku): sku is string => typeof sku === 'string' && sku !== '');
  const shown = skus.length > 3 ? `${skus.slice(0, 3).join(', ')} and ${skus.length - 3} more` : skus.join(', ');
  const what = `a product titled ${JSON.stringify(product.title ?? '')}${shown ? ` (SKUs ${shown})` : ''}`;
  return (
    `Look for ${what} ('store-cli product list --title ${JSON.stringify(product.title ?? '')}', or the store's admin) ` +
    `before running create again: a second run would make a second product.`
  );
}
