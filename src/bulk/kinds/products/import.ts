// The product import, as the engine runs it (engine/import-kind.ts): the store's catalog read
// (products, categories, collections, locations), then the file (CSV or JSON lines) run
// through the import engine as product rows. Its rehearsal copies the products the file
// touches (copy.ts); its undo puts products back (undo.ts) and their values (a metafield
// import's undo: they are metafield values of the domain `products`).
import type { BulkEnv } from '../../engine/env.js';
import type { Api } from '../../../api/index.js';
import { MAX_PRODUCT_PAGE } from '../../../api/products/codes.js';
import { idText } from '../../../api/products/draft.js';
import type { Product } from '../../../api/products/schema.js';
import { AuthError, NetworkError } from '../../../core/errors.js';
import { scalarText } from '../../../core/json.js';
import { plural } from '../../../core/words.js';
import { report, runImportJob, type ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { copyProducts } from './copy.js';
import { productUndo } from './undo.js';
import { metafieldUndo } from '../metafields/undo.js';
import { productWatch } from './watch.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { ProductCatalog, type CatalogSource, type Named } from './catalog.js';
import { productJsonlRecords } from './jsonl.js';
import { productKind, productRejects, type ProductWriter } from './kind.js';
import type { ProductKey } from './rows.js';
import { stoppedBeforeWriting } from '../../engine/run-import.js';
import { closeSource, openSource } from '../../engine/source.js';
import { UndefinedFields } from '../metafields/undefined-fields.js';

export interface ProductImportRequest extends ImportRequest {
  key: ProductKey;
  emptyClears: boolean;
}

/** The catalog's reads through the API (paged, paced as every request of the run). */
export function catalogSource(api: Api): CatalogSource {
  return {
    products: () => api.products.list({ limit: MAX_PRODUCT_PAGE }, true),
    categories: async () => (await api.categories.search()).map((c) => ({ id: idText(c.categoryId), name: scalarText(c.categoryName) })),
    collections: async () => (await api.collections.list()).map((c) => ({ id: idText(c.collectionId), name: scalarText(c.title) })),
    locations: () => storeLocations(api),
  };
}

/** The store's locations by name (store-cli location list). */
export async function storeLocations(api: Api): Promise<Named[]> {
  const locations = await api.locations.list({ all: true });
  // A store may call the name `locationName` (api/locations/schema.ts).
  return locations.map((location) => ({ id: idText(location.locationId), name: scalarText(location.name ?? location.locationName) }));
}

/** Pages a look-up by title reads at most (a create whose answer was lost is looked for among them). */
const TITLE_PAGES = 4;

export function productWriter(api: Api): ProductWriter {
  return {
    create: (product) => api.products.create(product),
    withTitle: async (title) => {
      const found: Product[] = [];
      let pages = 0;
      for await (const page of api.products.list({ limit: MAX_PRODUCT_PAGE, title }, true)) {
        found.push(...(page as Product[]));
        if (++pages >= TITLE_PAGES) break;
      }
      return found;
    },
    update: (productId, product) => api.products.update(productId, product),
    listMetafields: (productId) => api.metafields.list('products', productId),
    createMetafields: (productId, values) => api.metafields.createBatch('products', productId, values),
    updateMetafield: (productId, value) => api.metafields.update('products', productId, value),
    deleteMetafield: (productId, namespace, code) => api.metafields.delete('products', productId, namespace, code),
  };
}

async function run(request: ProductImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
  const source = await openSource(request.file, env.stdin, env.signal);
  const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
  const started = performance.now();
  let catalog: ProductCatalog;
  try {
    catalog = await ProductCatalog.read(catalogSource(paced.api));
  } catch (error) {
    // Stdin stays open: an offline dry run reads it (the file it opens anew).
    closeSource(source, env.stdin);
    const stopped = stoppedBeforeWriting(0, performance.now() - started, error, env.signal);
    if (stopped) return report(stopped, source.name, request, paced.counts(), 'product');
    // A dry run without a store to read validates the file only.
    if (!(request.dryRun && (error instanceof AuthError || error instanceof NetworkError))) throw error;
    return offlineDryRun(request, env, error);
  }
  const known = catalog.size;
  const rejects = productRejects();
  // The products' definitions, read once when a metafield: column is first applied: its values are checked by them.
  const fields = new UndefinedFields((domain) => paced.api.metafieldDefinitions.list(domain));
  const result = await journaled(source.name, (journal) => {
    const kind = productKind(
      productWriter(paced.api),
      catalog,
      { key: request.key, emptyClears: request.emptyClears, fields },
      rejects,
      journal ? productWatch(journal) : undefined,
    );
    return runImportJob({ ...source }, { ...kind, jsonlRecords: productJsonlRecords }, rejects, request, env, paced);
  }).finally(() => closeSource(source, env.stdin));
  return {
    ...result,
    lines: [...result.lines, `Planned from the store's ${plural(known, 'product')}, read in ${plural(catalog.pages, 'page')} before the import.`],
  };
}

/** No store to read: the rows are checked against an empty catalog that refuses every write (the engine then validates only). */
async function offlineDryRun(request: ProductImportRequest, env: BulkEnv, error: Error): Promise<ImportReport> {
  const source = await openSource(request.file, env.stdin, env.signal);
  const rejects = productRejects();
  const refuse = () => Promise.reject(error);
  const writer: ProductWriter = {
    create: refuse,
    update: refuse,
    listMetafields: refuse,
    createMetafields: refuse,
    updateMetafield: refuse,
    deleteMetafield: refuse,
  };
  const offline = new ProductCatalog([], [], []);
  const kind = productKind(writer, offline, { key: request.key, emptyClears: request.emptyClears, anyLocation: true }, rejects);
  const failing = { ...kind, jsonlRecords: productJsonlRecords, apply: () => Promise.reject(error) };
  const done = await runImportJob(source, failing, rejects, request, env, { api: undefined as never, counts: () => undefined });
  // Every row refused before a product was planned: the summary still says the store was not read.
  if (done.result.offline !== undefined || done.result.stop !== undefined) return done;
  return report({ ...done.result, offline: error.message }, source.name, request, undefined, 'product', kind.offlineUnchecked);
}

export const productImport: ImportKind<ProductImportRequest> = {
  command: 'product import',
  run,
  rehearsal: { copy: (plan, api, request) => copyProducts(plan, api, { key: request.key, emptyClears: request.emptyClears }) },
  // Values first, as undo has always planned them; those of a product undo deletes go with it.
  undo: [metafieldUndo, productUndo],
};
