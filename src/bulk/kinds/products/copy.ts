// What a product import's rehearsal copies: the products the file touches, found as the real
// run finds them (the whole listing, 250 a page, as its catalog reads it), with what they
// need around them. A product is copied when its handle, one of its SKUs or its id is one the
// file names, whatever --key says: every product the key could match is there, so a handle
// two products share is refused on the copy as on the store. Categories and collections are
// copied when the products hold them or a row's name could resolve to them (the name, ignoring
// case, within theirs: an exact name and every partial match, so an ambiguous name stays
// ambiguous); locations all (few, and an unknown inventory: column's error lists them). With
// metafield columns, each copied product's values and the products' definitions. All go to
// the rehearsal store's seed (its catalog: catalog-seed.ts).
import type { Api } from '../../../api/index.js';
import type { Category } from '../../../api/categories/declaration.js';
import type { Collection } from '../../../api/collections/declaration.js';
import { idText } from '../../../api/products/draft.js';
import { MAX_PRODUCT_PAGE } from '../../../api/products/codes.js';
import type { ListedProduct } from '../../../api/products/schema.js';
import { collectionIds } from '../../../api/products/wire.js';
import { scalarText } from '../../../core/json.js';
import { plural } from '../../../core/words.js';
import { ProductCatalog, productHandle } from './catalog.js';
import { productKind, type ProductWriter } from './kind.js';
import type { ProductKey } from './rows.js';
import { eachAtMost, eachGroup, type CopyPlan, type StoreCopy } from '../../engine/store-copy.js';
import { readableDefinitions, readableValues, valuesSeed } from '../metafields/copy.js';
import { catalogSeed } from './catalog-seed.js';

/** What the rows name. */
interface Named {
  handles: Set<string>;
  skus: Set<string>;
  ids: Set<string>;
  categories: Set<string>;
  collections: Set<string>;
  metafields: boolean;
}

/** The scan writes nothing: its kind is the import's, run as a dry run on an empty catalog (every inventory: column taken as it is). */
const NO_WRITES: ProductWriter = {
  create: () => Promise.reject(new Error('a rehearsal copy writes nothing')),
  update: () => Promise.reject(new Error('a rehearsal copy writes nothing')),
  listMetafields: () => Promise.resolve([]),
  createMetafields: () => Promise.reject(new Error('a rehearsal copy writes nothing')),
  updateMetafield: () => Promise.reject(new Error('a rehearsal copy writes nothing')),
  deleteMetafield: () => Promise.reject(new Error('a rehearsal copy writes nothing')),
};

async function namedByFile(plan: CopyPlan, key: ProductKey, emptyClears: boolean): Promise<Named> {
  const named: Named = { handles: new Set(), skus: new Set(), ids: new Set(), categories: new Set(), collections: new Set(), metafields: false };
  const kind = productKind(NO_WRITES, new ProductCatalog([], [], []), { key, emptyClears, anyLocation: true });
  await eachGroup(plan, kind, (group) => {
    for (const row of group.rows) {
      if (row.identity.startsWith('handle:')) named.handles.add(row.identity.slice('handle:'.length).toLowerCase());
      if (row.handle) named.handles.add(row.handle.toLowerCase());
      if (typeof row.sku === 'string') named.skus.add(row.sku);
      if (row.productId !== undefined) named.ids.add(row.productId);
      if (typeof row.category === 'string') named.categories.add(row.category.toLowerCase());
      for (const name of row.collections ?? []) named.collections.add(name.toLowerCase());
      if (row.metafields.length > 0) named.metafields = true;
    }
  });
  return named;
}

const skusOf = (product: ListedProduct) =>
  (Array.isArray(product.variants) ? (product.variants as Array<{ sku?: unknown }>) : []).map((variant) =>
    variant.sku === undefined || variant.sku === null ? '' : scalarText(variant.sku),
  );

/** A name a row gives resolves to this one: an id, the name itself, or a part of it (ignoring case). */
const couldName = (names: ReadonlySet<string>, id: string, name: string) => names.has(id) || [...names].some((given) => name.toLowerCase().includes(given));

export async function copyProducts(plan: CopyPlan, api: Api, options: { key: ProductKey; emptyClears: boolean }): Promise<StoreCopy> {
  const named = await namedByFile(plan, options.key, options.emptyClears);
  const [categories, collections, locations] = await Promise.all([api.categories.search(), api.collections.list(), api.locations.list({ all: true })]);
  const products: ListedProduct[] = [];
  let listed = 0;
  for await (const page of api.products.list({ limit: MAX_PRODUCT_PAGE }, true)) {
    for (const product of page) {
      listed += 1;
      const touched =
        named.handles.has(productHandle(product).toLowerCase()) ||
        named.ids.has(idText(product.productId)) ||
        skusOf(product).some((sku) => named.skus.has(sku));
      if (touched) products.push(product);
    }
  }
  const heldCategories = new Set(products.flatMap((p) => (p.categoryId === undefined || p.categoryId === null ? [] : [idText(p.categoryId as string)])));
  const heldCollections = new Set(products.flatMap((p) => collectionIds(p.collections)));
  const keptCategories = withAncestors(
    categories,
    categories.filter((c) => heldCategories.has(idText(c.categoryId)) || couldName(named.categories, idText(c.categoryId), scalarText(c.categoryName ?? ''))),
  );
  const keptCollections = collections.filter(
    (c: Collection) => heldCollections.has(idText(c.collectionId)) || couldName(named.collections, idText(c.collectionId), scalarText(c.title ?? '')),
  );

  const definitions: object[] = [];
  const metafields: object[] = [];
  let held = 0;
  if (named.metafields) {
    definitions.push(...(await readableDefinitions(api, 'products')));
    await eachAtMost(products, plan.concurrency, async (product) => {
      const bizId = idText(product.productId);
      const values = await readableValues(api, 'products', bizId);
      held += values.length;
      if (values.length > 0) metafields.push(valuesSeed('products', bizId, values));
    });
  }
  return {
    seed: { metafieldDefinitions: definitions, metafields, ...catalogSeed({ products, categories: keptCategories, collections: keptCollections, locations }) },
    described:
      `the ${plural(products.length, 'product')} of the file among the store's ${listed}, ${plural(keptCategories.length, 'category', 'categories')}, ` +
      `${plural(keptCollections.length, 'collection')} and the ${plural(locations.length, 'location')}${named.metafields ? ` (${plural(held, 'metafield value')} held)` : ''}`,
  };
}

/** The kept categories and their ancestors, so the copy's tree is whole. */
function withAncestors(all: readonly Category[], kept: readonly Category[]): Category[] {
  const byId = new Map(all.map((c) => [idText(c.categoryId), c]));
  const out = new Map<string, Category>();
  for (let c of kept) {
    for (;;) {
      const id = idText(c.categoryId);
      if (out.has(id)) break;
      out.set(id, c);
      const parent = c.parentCategoryId === undefined || c.parentCategoryId === null ? undefined : byId.get(idText(c.parentCategoryId));
      if (parent === undefined) break;
      c = parent;
    }
  }
  return [...out.values()];
}
