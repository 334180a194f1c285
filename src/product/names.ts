// Names of categories and collections. --category and --collection take an id or a name:
// digits are an id, used as given; anything else is looked up (read-only requests) and
// must pick exactly one: the exact name ignoring case, else the only partial match.
// Otherwise nothing is sent and the error lists the candidates. The other way, the ids a
// product carries are named for its summary.
import type { Api } from '../api/index.js';
import { idText } from '../api/products/draft.js';
import { productLinks } from '../api/products/wire.js';
import type { Product } from '../api/products/schema.js';
import { ApiError, FieldError, NetworkError } from '../core/errors.js';
import { scalarText } from '../core/json.js';

/** Names of the product's category and collections, by id. */
export type LinkNames = ReadonlyMap<string, string>;

export interface Candidate {
  id: string;
  name: string;
}

export interface Kind {
  /** "category" or "collection", as the user reads it. */
  noun: string;
  /** The input field that names one (a FieldError's path: the verb names its flag). */
  field: string;
  /** The command that lists them. */
  lister: string;
}

export const CATEGORY: Kind = { noun: 'category', field: 'category', lister: 'store-cli category search' };
export const COLLECTION: Kind = { noun: 'collection', field: 'collection', lister: 'store-cli collection list' };
/** Products named to `collection add|remove` (its `<products>` argument). */
export const PRODUCT: Kind = { noun: 'product', field: 'products', lister: 'store-cli product list' };

const SHOWN = 10;

export function isId(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Picks the one candidate `name` means; the candidates are what the store's search returned. */
export function pickByName(kind: Kind, name: string, candidates: readonly Candidate[]): string {
  const wanted = name.trim().toLowerCase();
  const exact = candidates.filter((c) => c.name.toLowerCase() === wanted);
  if (exact.length === 1) return exact[0]!.id;
  // A store's search may be looser than a substring match: filter again, the same way.
  const partial = exact.length > 1 ? exact : candidates.filter((c) => c.name.toLowerCase().includes(wanted));
  if (partial.length === 1) return partial[0]!.id;
  if (partial.length === 0) throw new FieldError(kind.field, (flag) => `No ${kind.noun} matches '${name}' (${flag()}); '${kind.lister}' lists them.`, false);
  const listed = partial
    .slice(0, SHOWN)
    .map((c) => `${c.name} (id ${c.id})`)
    .join(', ');
  const more = partial.length > SHOWN ? ` and ${partial.length - SHOWN} more` : '';
  throw new FieldError(
    kind.field,
    (flag) => `${capitalize(kind.noun)} '${name}' is ambiguous: ${listed}${more}; pass an id or the exact name to ${flag()}.`,
    false,
  );
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export interface Resolved {
  categoryId?: string;
  collectionIds?: string[];
  /** Names learnt on the way, by id, for the summary shown afterwards. */
  names: Map<string, string>;
}

export type Spin = <T>(text: string, work: () => Promise<T>) => Promise<T>;

/** Resolves --category and every --collection; only names cost a request (one per name). */
export async function resolveNames(api: Api, category: string | undefined, collections: readonly string[] | undefined, spin: Spin): Promise<Resolved> {
  const lookups = [category, ...(collections ?? [])].filter((v): v is string => v !== undefined && !isId(v));
  if (lookups.length === 0)
    return {
      ...(category !== undefined ? { categoryId: category } : {}),
      ...(collections !== undefined ? { collectionIds: [...new Set(collections)] } : {}),
      names: new Map(),
    };
  return spin(`Looking up ${lookups.map((v) => `'${v}'`).join(', ')}…`, () => lookUp(api, category, collections));
}

async function lookUp(api: Api, category: string | undefined, collections: readonly string[] | undefined): Promise<Resolved> {
  const names = new Map<string, string>();
  const remember = (candidates: Candidate[]) => {
    for (const c of candidates) names.set(c.id, c.name);
    return candidates;
  };
  const categoryId =
    category === undefined
      ? undefined
      : isId(category)
        ? category
        : pickByName(
            CATEGORY,
            category,
            remember((await api.categories.search(category)).map((c) => ({ id: idText(c.categoryId), name: scalarText(c.categoryName) }))),
          );
  let collectionIds: string[] | undefined;
  if (collections !== undefined) {
    const ids = await Promise.all(collections.map((value) => (isId(value) ? value : collectionByName(api, value, remember))));
    collectionIds = [...new Set(ids)];
  }
  return { ...(categoryId !== undefined ? { categoryId } : {}), ...(collectionIds !== undefined ? { collectionIds } : {}), names };
}

async function collectionByName(api: Api, name: string, remember: (candidates: Candidate[]) => Candidate[]): Promise<string> {
  const found = await api.collections.list({ title: name });
  return pickByName(COLLECTION, name, remember(found.map((c) => ({ id: idText(c.collectionId), name: scalarText(c.title) }))));
}

/** One collection by id or title (`collection get|add|remove|products ...`), as --collection resolves it. */
export async function resolveCollection(api: Api, value: string, spin: Spin): Promise<string> {
  const resolved = await resolveNames(api, undefined, [value], spin);
  return resolved.collectionIds![0]!;
}

/**
 * Products by id or title, by the same rules as collections (digits an id, unchecked; else the
 * exact title ignoring case, else the only partial match). A title is looked up in the product
 * listing's title filter, every page of it. Each product once, in the order given.
 */
export async function resolveProducts(api: Api, values: readonly string[], spin: Spin): Promise<string[]> {
  const lookups = values.filter((value) => !isId(value));
  if (lookups.length === 0) return [...new Set(values)];
  const ids = await spin(`Looking up ${lookups.map((v) => `'${v}'`).join(', ')}…`, () =>
    Promise.all(
      values.map(async (value) => {
        if (isId(value)) return value;
        const candidates: Candidate[] = [];
        for await (const page of api.products.list({ title: value, limit: 250 }, true)) {
          for (const product of page) candidates.push({ id: idText(product.productId), name: scalarText(product.title) });
        }
        return pickByName(PRODUCT, value, candidates);
      }),
    ),
  );
  return [...new Set(ids)];
}

/**
 * Names of the product's category and collections for the summary, from what is known
 * and, for ids still unnamed, the look-ups (read-only). A look-up that fails leaves the
 * ids unnamed rather than failing what already succeeded (a product just created).
 */
export async function linkNames(api: Api, product: Product, known: LinkNames = new Map()): Promise<LinkNames> {
  const names = new Map(known);
  const links = productLinks(product);
  const wantCategory = links.categoryId !== undefined && !links.categoryName && !names.has(links.categoryId);
  const wantCollections = links.collectionIds.some((id) => !names.has(id));
  try {
    const [categories, collections] = await Promise.all([wantCategory ? api.categories.search() : [], wantCollections ? api.collections.list() : []]);
    for (const c of categories) names.set(idText(c.categoryId), scalarText(c.categoryName));
    for (const c of collections) names.set(idText(c.collectionId), scalarText(c.title));
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
  }
  return names;
}

/**
 * The product as a single-product read shows it, for a summary in a terminal: a create's
 * answer carries no salesChannels (the spec sends them on `GET products/{id}` only), so its
 * CHANNELS would read empty where `product get` shows `online_store`. One GET; if it fails,
 * the answer is shown as it came (the product exists either way).
 */
export async function asRead(api: Api, product: Product): Promise<Product> {
  const id = idText(product.productId);
  if (product.salesChannels != null || id === '') return product;
  try {
    return await api.products.get(id);
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof NetworkError)) throw error;
    return product;
  }
}
