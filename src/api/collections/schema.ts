// What a user may give for a collection (flags, a --file), checked before anything is sent,
// and the wire's forms of a change (the type as its code, the flag as a boolean).
import * as z from 'zod/mini';
import type { Collection } from './declaration.js';
import { collectionTypeName, type CollectionType } from '../products/codes.js';
import { jsonPath, valueAt } from '../products/checks.js';
import { isLosslessNumber, parseJson, scalarText } from '../../core/json.js';
import { UsageError } from '../../core/errors.js';
import { parseInput } from '../schema.js';

/**
 * The ids of the products in a collection, digit-exact, from `collects` in either form (JSON-
 * array text, or an array); undefined when the store sent none or something else, which a
 * listing never fails over.
 */
export function productIdsIn(collection: Collection): string[] | undefined {
  let ids: unknown = collection.collects;
  if (typeof ids === 'string') {
    try {
      ids = parseJson(ids);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(ids) ? ids.map((id) => scalarText(id)) : undefined;
}

/**
 * A collection as sent: the real store's documented forms (`collectionType` a number, 1 custom
 * or 2 smart; `published` a boolean; docs/decisions.md), plus what a --file adds unchecked
 * (a smart collection's `ruleSet`).
 */
export type CollectionWire = Record<string, unknown>;

/** The fields a user changes, in the domain's terms; absent: not changed. */
export interface CollectionChange {
  title?: string;
  collectionType?: CollectionType;
  bodyHtml?: string;
  published?: boolean;
  imageUrl?: string;
  /** A smart collection's rules, as a --file gives them. */
  ruleSet?: unknown;
}

const TYPE_CODES: Readonly<Record<CollectionType, number>> = { custom: 1, smart: 2 };

/** The change as the wire carries it, in the fields' documented order. */
export function changeToWire(change: CollectionChange): CollectionWire {
  return {
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.bodyHtml !== undefined ? { bodyHtml: change.bodyHtml } : {}),
    ...(change.collectionType !== undefined ? { collectionType: TYPE_CODES[change.collectionType] } : {}),
    ...(change.imageUrl !== undefined ? { image: { src: change.imageUrl } } : {}),
    ...(change.published !== undefined ? { published: change.published } : {}),
    ...(change.ruleSet !== undefined ? { ruleSet: change.ruleSet } : {}),
  };
}

/**
 * What an update sends back of a collection it read: the fields a user may change, the type
 * and the flag in the documented forms where the store's are readable (`"1"`, `"true"`), else
 * as the store sent them. Read-only fields (`collects`, `countGoodsNum`, the id) stay out.
 */
export function editableWire(collection: Collection): CollectionWire {
  const type = collectionTypeName(scalarText(collection.collectionType));
  const published = scalarText(collection.published);
  const wire: CollectionWire = {};
  if (collection.title !== undefined) wire.title = collection.title;
  if (collection.bodyHtml !== undefined) wire.bodyHtml = collection.bodyHtml;
  if (collection.collectionType !== undefined) wire.collectionType = type === 'custom' || type === 'smart' ? TYPE_CODES[type] : collection.collectionType;
  if (collection.image !== undefined && collection.image !== null) wire.image = collection.image;
  if (collection.published !== undefined) wire.published = published === 'true' ? true : published === 'false' ? false : collection.published;
  const rules = (collection as Record<string, unknown>).ruleSet;
  if (rules !== undefined && rules !== null) wire.ruleSet = rules;
  return wire;
}

// ---- what a user gives ---------------------------------------------------------------------

const isWebUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const titleText = z
  .string('must be a JSON string (the title)')
  .check(z.minLength(1, 'must not be empty (the title)'), z.maxLength(255, 'must be at most 255 characters'));
const typeValue = z.custom<unknown>(
  (v) => ['1', '2', 'custom', 'smart'].includes(typeof v === 'string' ? v : isLosslessNumber(v) ? v.toString() : ''),
  'must be 1 (custom) or 2 (smart), or "custom" or "smart"',
);
const publishedValue = z.custom<unknown>((v) => v === true || v === false || v === 'true' || v === 'false', 'must be true or false');

const fileShape = {
  title: titleText,
  collectionType: z.optional(typeValue),
  bodyHtml: z.optional(z.string('must be a JSON string')),
  published: z.optional(publishedValue),
  image: z.optional(
    z.strictObject(
      { src: z.string('must be a JSON string (an image URL)').check(z.refine(isWebUrl, 'must be an absolute http or https URL')) },
      'must be a JSON object {"src": URL}',
    ),
  ),
  ruleSet: z.optional(z.unknown()),
  /** Written by the store: accepted (a file saved by `collection get --json` is a valid template), never sent. */
  collectionId: z.optional(z.unknown()),
  collects: z.optional(z.unknown()),
  countGoodsNum: z.optional(z.unknown()),
};
const fileSchema = z.strictObject(fileShape, 'must be a JSON object');
const patchSchema = z.partial(fileSchema);

/**
 * A collection (create) or a partial one (update) from a JSON file, bare or wrapped as
 * `{"collection": ...}`; a problem names `source` and the JSON path.
 */
export function collectionFromFile(value: unknown, source: string, partial: boolean): CollectionChange {
  const wrapped = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && 'collection' in value;
  const body = wrapped ? (value as Record<string, unknown>).collection : value;
  const result = (partial ? patchSchema : fileSchema).safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const at = `${wrapped ? 'collection.' : ''}${jsonPath(issue.path)}`.replace(/\.$/, '');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') message = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    else if (valueAt(body, issue.path) === undefined && issue.path.length > 0) message = 'is required';
    throw new UsageError(`${source}: ${at === '' ? 'the collection' : at}: ${message}.`, false);
  }
  const fields = body as Record<string, unknown>;
  const type = fields.collectionType === undefined ? undefined : collectionTypeName(scalarText(fields.collectionType));
  const published = fields.published === undefined ? undefined : scalarText(fields.published) === 'true';
  const image = fields.image as { src: string } | undefined;
  return {
    ...(fields.title !== undefined ? { title: fields.title as string } : {}),
    ...(type !== undefined ? { collectionType: type as CollectionType } : {}),
    ...(fields.bodyHtml !== undefined ? { bodyHtml: fields.bodyHtml as string } : {}),
    ...(published !== undefined ? { published } : {}),
    ...(image !== undefined ? { imageUrl: image.src } : {}),
    ...(fields.ruleSet !== undefined ? { ruleSet: fields.ruleSet } : {}),
  };
}

const flagValues = z.object({
  title: z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(255, 'must be at most 255 characters'))),
  imageUrl: z.optional(z.string().check(z.refine(isWebUrl, 'must be an absolute http or https URL'))),
});

/** --title and --image-url, each refused in one sentence naming its flag. */
export const checkCollectionFlags = (values: { title?: string | undefined; imageUrl?: string | undefined }) => parseInput(flagValues, values);
