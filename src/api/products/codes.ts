// The closed sets of product values (the wire contract's choices). Free of the schema
// library, so --help can list them without loading zod.

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'] as const;
/** A collection's type as a user names it; `manual`, the name earlier versions used, means custom. */
export const COLLECTION_TYPES = ['custom', 'smart'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
/** What --collection-type accepts: the types and the alias. */
export const COLLECTION_TYPE_CHOICES = ['custom', 'smart', 'manual'] as const;
export type CollectionTypeChoice = (typeof COLLECTION_TYPE_CHOICES)[number];

/**
 * The wire's collection type codes (real-store-notes.md: 1 = custom, 2 = smart). A store
 * sends them as numbers or as text ("1"); a filter sends the code as the query's text.
 */
const COLLECTION_TYPE_CODES: Readonly<Record<CollectionType, string>> = { custom: '1', smart: '2' };

export function collectionTypeCode(choice: CollectionTypeChoice): string {
  return COLLECTION_TYPE_CODES[choice === 'manual' ? 'custom' : choice];
}

/**
 * A collection's type as a table shows it: `custom` or `smart` from the code, whichever JSON
 * type carried it (the names themselves are read too); anything else as the store sent it.
 */
export function collectionTypeName(text: string): string {
  const known: Record<string, CollectionType> = { '1': 'custom', '2': 'smart', custom: 'custom', manual: 'custom', smart: 'smart' };
  return known[text.trim().toLowerCase()] ?? text;
}

/** The store's limits on a product's options and variants. */
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
/** The largest page of the product listing, as of every listing of the API. */
export const MAX_PRODUCT_PAGE = 250;
