// The arguments the collection verbs share, the flags `collection create` and `collection update`
// share, and the change they give: the flags over a --file's fields (bare or {"collection": ...}),
// as product create takes --file. Declaring them loads nothing heavy (help is rendered from these).
import { Option } from 'commander';
import { COLLECTION_TYPE_CHOICES } from '../../api/products/codes.js';
import type { CollectionChange } from '../../api/collections/schema.js';
import type { IO } from '../../core/io.js';
import { dryRunFlag } from '../dry-run.js';
import { arg, Flag, oneOf, text, variadicArg } from '../verb.js';

/**
 * `--published` and `--no-published` under one key: true, false, or undefined when neither is
 * given (an update then keeps the store's flag). Commander stores both under `published`.
 */
const published = new Flag<boolean | undefined>(() => new Option('--published', 'publish it to the online store (a create publishes unless --no-published)'));
const noPublished = new Flag<undefined>(
  () => new Option('--no-published', 'do not publish it (hidden from the online store)'),
  () => undefined,
);

/** The argument naming one collection: an id, or a title resolved to one. */
export const COLLECTION_ARG = 'the collection: an id, or a title looked up with collection list';

/** `collection add` and `remove`: the collection, and the products that go in or out. */
export const collectArgs = () => ({
  collection: arg(COLLECTION_ARG),
  products: variadicArg('the products: ids, or titles looked up with product list'),
});

export function collectionFlags(verb: 'create' | 'update') {
  return {
    file: text(
      '<path>',
      verb === 'create'
        ? 'the collection as JSON (bare or as {"collection": ...}); "-" reads stdin. Flags override its fields'
        : 'a partial collection as JSON: its fields replace the stored ones; "-" reads stdin',
    ),
    title: text('<text>', `collection title, 1..255 characters${verb === 'create' ? ' (required without --file)' : ''}`),
    collectionType: oneOf(
      '<type>',
      `custom or smart (manual is another name for custom); sent as the type code, 1 or 2${verb === 'create' ? ' (default: custom)' : ''}`,
      COLLECTION_TYPE_CHOICES,
    ),
    bodyHtml: text('<html>', 'the description, HTML text'),
    published,
    noPublished,
    imageUrl: text('<url>', 'the image, an absolute http or https URL'),
    dryRun: dryRunFlag(),
  };
}

export interface CollectionFlagValues {
  file?: string | undefined;
  title?: string | undefined;
  collectionType?: (typeof COLLECTION_TYPE_CHOICES)[number] | undefined;
  bodyHtml?: string | undefined;
  published?: boolean | undefined;
  imageUrl?: string | undefined;
}

/** The file's fields (if any), then each flag given over them; every value checked before anything is sent. */
export async function changeOf(options: CollectionFlagValues, io: IO, partial: boolean): Promise<CollectionChange> {
  const [{ checkCollectionFlags, collectionFromFile }, { readFileFlagJson }] = await Promise.all([
    import('../../api/collections/schema.js'),
    import('../../core/input-text.js'),
  ]);
  checkCollectionFlags({ title: options.title, imageUrl: options.imageUrl });
  let change: CollectionChange = {};
  if (options.file !== undefined) {
    const { value, source } = await readFileFlagJson(options.file, io.stdin);
    // --title may stand in for a title the file lacks.
    change = collectionFromFile(value, source, partial || options.title !== undefined);
  }
  return {
    ...change,
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(options.collectionType !== undefined ? { collectionType: options.collectionType === 'manual' ? 'custom' : options.collectionType } : {}),
    ...(options.bodyHtml !== undefined ? { bodyHtml: options.bodyHtml } : {}),
    ...(options.published !== undefined ? { published: options.published } : {}),
    ...(options.imageUrl !== undefined ? { imageUrl: options.imageUrl } : {}),
  };
}
