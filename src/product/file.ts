// Reading --file: a product (create) or a partial product (edit) as JSON, from a file or
// stdin ("-"), bare or wrapped as {"product": ...}, checked against the product schema
// with a problem named by file and JSON path. Numbers are read losslessly (long ids).
import { checkProductFile } from '../api/products/checks.js';
import { isPlainObject, READ_ONLY_PART_FIELDS, READ_ONLY_PRODUCT_FIELDS, type ProductDraft } from '../api/products/draft.js';
import { productFromFile, type WireProduct } from '../api/products/wire.js';
import { readFileFlagJson } from '../core/input-text.js';
import type { IO } from '../core/io.js';

export interface ProductFile {
  /** In the domain's terms. */
  product: ProductDraft;
  /** As the file wrote it: the wire spellings a create or an edit keeps where they are not changed. */
  wire: WireProduct;
  /** How the file is named in messages: its path, or "stdin". */
  source: string;
}

/** `partial`: every top-level field may be absent (an edit's patch, or a create whose --title gives the title). */
export async function readProductFile(path: string, io: IO, partial: boolean): Promise<ProductFile> {
  const { value, source } = await readFileFlagJson(path, io.stdin);
  const wrapped = isPlainObject(value) && Object.keys(value).length === 1 && 'product' in value;
  const body = wrapped ? (value as Record<string, unknown>).product : value;
  const { wire, draft } = productFromFile(checkProductFile(body, source, { partial, prefix: wrapped ? 'product.' : '' }));
  return { product: draft, wire, source };
}

/** A product to create: without the ids and read-only fields a saved product carries. */
export function withoutStoreFields(product: ProductDraft): ProductDraft {
  const result: ProductDraft = { ...product };
  for (const field of READ_ONLY_PRODUCT_FIELDS) delete result[field];
  const part = <T extends Record<string, unknown>>(item: T): T => {
    const copy: Record<string, unknown> = { ...item };
    for (const field of READ_ONLY_PART_FIELDS) delete copy[field];
    return copy as T;
  };
  if (result.images) result.images = result.images.map(part);
  if (result.options) result.options = result.options.map((o) => ({ ...part(o), value: o.value.map(part) }));
  if (result.variants) {
    result.variants = result.variants.map((v) => ({
      ...part(v),
      ...(v.options ? { options: v.options.map((o) => ({ ...part(o), value: part(o.value) })) } : {}),
    }));
  }
  return result;
}
