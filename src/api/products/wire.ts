// The product between the domain's terms and the wire's. Two fields differ: `collections`
// (ids; the wire's JSON-array text) and `multiVariant` (a boolean; the wire's
// `isMultiVariant`, "true" or "false"). Every other field passes as it is, in its place.
// Going back, a mapped field whose value is what `base` (the product the draft was read
// from) held keeps base's own spelling, so an edit sends back exactly what it did not change.
import { isDeepStrictEqual } from 'node:util';
import { RuntimeError } from '../../core/errors.js';
import { parseJson, scalarText } from '../../core/json.js';
import { cloneJson, idText, withoutReadOnlyViews, type ProductDraft } from './draft.js';
import type { Product } from './schema.js';

/** A product as the wire carries it (sent in a `product` wrapper by requests.ts). */
export type WireProduct = Record<string, unknown>;

interface Mapped {
  wire: string;
  domain: 'collections' | 'multiVariant';
  read(value: unknown): unknown;
  write(value: unknown): unknown;
}

const MAPPED: readonly Mapped[] = [
  { wire: 'collections', domain: 'collections', read: collectionIds, write: (ids) => collectionsText(ids as string[]) },
  {
    wire: 'isMultiVariant',
    domain: 'multiVariant',
    read: (flag) => (flag === null ? null : scalarText(flag) === 'true'),
    write: (flag) => (flag === null ? null : String(flag)),
  },
];

const byWire = new Map(MAPPED.map((m) => [m.wire, m]));
const byDomain = new Map(MAPPED.map((m) => [m.domain, m]));

/** A product the store sent (or a user's file, checked) in the domain's terms. */
export function draftFromWire(wire: WireProduct): ProductDraft {
  return Object.fromEntries(
    Object.entries(wire).map(([key, value]) => {
      const mapped = byWire.get(key);
      return mapped ? [mapped.domain, mapped.read(value)] : [key, value];
    }),
  ) as ProductDraft;
}

/** The product as the wire wants it; `base` is the wire product the draft came from, if any. */
export function draftToWire(draft: ProductDraft, base: WireProduct = {}): WireProduct {
  return Object.fromEntries(
    Object.entries(draft).map(([key, value]) => {
      const mapped = byDomain.get(key as Mapped['domain']);
      if (!mapped) return [key, value];
      const kept = mapped.wire in base && isDeepStrictEqual(mapped.read(base[mapped.wire]), value);
      return [mapped.wire, kept ? base[mapped.wire] : mapped.write(value)];
    }),
  );
}

/**
 * A user's product file (checked by checks.ts) as the wire carries it, collections
 * as JSON-array text however the file wrote them, and in the domain's terms.
 */
export function productFromFile(checked: WireProduct): { wire: WireProduct; draft: ProductDraft } {
  const wire = Array.isArray(checked.collections) ? { ...checked, collections: collectionsText(checked.collections.map(idText)) } : checked;
  return { wire, draft: draftFromWire(wire) };
}

/** The spellings an edit keeps: the patch file's where it gives a mapped field, else the store's. */
export function editBase(current: WireProduct, patch: WireProduct | undefined): WireProduct {
  if (!patch) return current;
  const given = MAPPED.filter((m) => m.wire in patch).map((m) => [m.wire, patch[m.wire]] as const);
  return { ...current, ...Object.fromEntries(given) };
}

/** The product as an edit sends it back: everything the store sent, ids included, in the domain's terms. */
export function editableCopy(product: WireProduct): ProductDraft {
  return draftFromWire(withoutReadOnlyViews(cloneJson(product)));
}

/** What a product links to, whichever way the store wrote it: its category and its collections' ids. */
export interface ProductLinks {
  /** As sent (possibly empty); absent when the store sent none. */
  categoryId?: string;
  /** The category's name, when the store sent it beside the id (possibly empty). */
  categoryName?: string;
  collectionIds: string[];
}

export function productLinks(product: Product): ProductLinks {
  const id = product.categoryId ?? product.productCategory?.categoryId;
  const name = product.productCategory?.categoryName;
  return {
    ...(id !== undefined && id !== null ? { categoryId: idText(id) } : {}),
    ...(name !== undefined && name !== null ? { categoryName: name } : {}),
    collectionIds: collectionIds(product.collections),
  };
}

/** The ids in a product's `collections` (JSON-array text, or an array from a tolerant read), as strings. */
export function collectionIds(collections: unknown): string[] {
  if (collections === undefined || collections === null || collections === '') return [];
  let items: unknown = collections;
  if (typeof collections === 'string') {
    try {
      // Ids inside the text may be JSON numbers beyond 2^53: read losslessly, never as floats.
      items = parseJson(collections);
    } catch {
      throw new RuntimeError(`The product's collections are not JSON-array text of ids ('${collections.slice(0, 40)}').`);
    }
  }
  return Array.isArray(items) ? items.map(idText) : [];
}

/** Collection ids as the wire wants them: JSON-array text of id strings. */
export function collectionsText(ids: readonly string[]): string {
  return JSON.stringify(ids);
}
