// Request bodies of the collection writes, each error at its JSON path. Both dialects read the
// spec's text forms ("1", "true") and the real store's documented ones (1, true): a client
// written against either works, and the answer is written in the dialect's own form.
import { FieldErrors, malformedBody } from '../../http/sandbox-errors.js';
import { isJsonNumber, isJsonObject } from '../../http/body-json.js';
import { canonicalId } from '../../state/ids.js';
import { characterCount, isHttpUrl } from '../text.js';
import { COLLECTION_TYPE_CODES, MAX_TEXT_LENGTH, type CollectionType } from '../products/decisions.js';

export interface CollectionInput {
  title?: string;
  collectionType?: CollectionType;
  bodyHtml?: string;
  published?: boolean;
  /** null: remove the image (an update). */
  image?: { src: string } | null;
}

/** Fields a store writes: sent back with what a client read, they are ignored, not refused. */
const STORE_FIELDS = new Set(['collectionId', 'collects', 'countGoodsNum']);
const FIELDS = new Set(['title', 'collectionType', 'bodyHtml', 'published', 'image']);
const CODES = Object.entries(COLLECTION_TYPE_CODES) as [CollectionType, number][];

const scalar = (value: unknown): string | undefined => (typeof value === 'string' ? value : isJsonNumber(value) ? value.toString() : undefined);

/** `{"collection": {title, collectionType, bodyHtml, published, image}}`; on create title, type and published are required (the docs mark them so). */
export function readCollectionBody(body: unknown, creating: boolean): CollectionInput {
  if (!isJsonObject(body) || !isJsonObject(body.collection)) {
    throw malformedBody('The body must be a JSON object {"collection": {"title": ..., "collectionType": ..., "published": ...}}.');
  }
  const fields = body.collection;
  const errors = new FieldErrors();
  const input: CollectionInput = {};
  const required = (name: string) => {
    if (creating) errors.add(`collection.${name}`, 'is required');
  };
  for (const name of Object.keys(fields)) {
    if (!FIELDS.has(name) && !STORE_FIELDS.has(name))
      errors.add(`collection.${name}`, 'is not a field the sandbox takes (title, collectionType, bodyHtml, published, image)');
  }

  const { title, collectionType, bodyHtml, published, image } = fields;
  if (title === undefined || title === null) required('title');
  else if (typeof title !== 'string' || title.trim() === '') errors.add('collection.title', 'must be non-blank text');
  else if (characterCount(title) > MAX_TEXT_LENGTH) errors.add('collection.title', `must be at most ${MAX_TEXT_LENGTH} characters`);
  else input.title = title;

  if (collectionType === undefined || collectionType === null) required('collectionType');
  else {
    const code = scalar(collectionType);
    const found = CODES.find(([, value]) => String(value) === code);
    if (found === undefined)
      errors.add('collection.collectionType', `must be a collection type code: ${CODES.map(([name, value]) => `${value} (${name})`).join(' or ')}`);
    else input.collectionType = found[0];
  }

  if (published === undefined || published === null) required('published');
  else if (published === true || published === 'true') input.published = true;
  else if (published === false || published === 'false') input.published = false;
  else errors.add('collection.published', 'must be true or false');

  if (bodyHtml !== undefined && bodyHtml !== null) {
    if (typeof bodyHtml !== 'string') errors.add('collection.bodyHtml', 'must be text');
    else input.bodyHtml = bodyHtml;
  }

  if (image === null) {
    if (!creating) input.image = null;
  } else if (image !== undefined) {
    if (!isJsonObject(image) || typeof image.src !== 'string' || !isHttpUrl(image.src))
      errors.add('collection.image.src', 'must be an absolute http or https URL');
    else input.image = { src: image.src };
  }

  if (!creating && errors.empty && Object.keys(input).length === 0)
    errors.add('collection', 'must change at least one of title, collectionType, bodyHtml, published, image');
  errors.throwIfAny();
  return input;
}

/** `{"collect": {"collectionId": ..., "productIds": [...]}}`, ids as text or numbers. */
export function readCollectBody(body: unknown): { collectionId: string; productIds: string[] } {
  if (!isJsonObject(body) || !isJsonObject(body.collect)) {
    throw malformedBody('The body must be a JSON object {"collect": {"collectionId": ..., "productIds": [...]}}.');
  }
  const { collectionId, productIds } = body.collect;
  const errors = new FieldErrors();
  const id = (value: unknown, path: string) => {
    const text = scalar(value);
    const canonical = text === undefined ? null : canonicalId(text);
    if (canonical === null) errors.add(path, 'must be a numeric id');
    return canonical ?? '';
  };
  const collection = id(collectionId, 'collect.collectionId');
  const products: string[] = [];
  if (!Array.isArray(productIds) || productIds.length === 0) errors.add('collect.productIds', 'must be a non-empty array of product ids');
  else
    productIds.forEach((value, index) => {
      const product = id(value, `collect.productIds[${index}]`);
      if (product !== '' && !products.includes(product)) products.push(product);
    });
  errors.throwIfAny();
  return { collectionId: collection, productIds: products };
}
