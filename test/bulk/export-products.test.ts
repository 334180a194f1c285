// product export against a fake catalog holding the variant the store's docs print (About
// Product Variant, partners.genstore.ai/docs/api-rest/6: its "productVariant" object, up to where
// the readable page stops), and the import of the file it writes: nothing to send, and an
// edited stock cell is one PUT that keeps every field the docs' variant carries.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/api/products/schema.js';
import type { WireProduct } from '../../src/api/products/wire.js';
import { exportProducts } from '../../src/bulk/kinds/products/export.js';
import { ProductCatalog, type CatalogSource, type Named } from '../../src/bulk/kinds/products/catalog.js';
import { productKind, type ProductWriter } from '../../src/bulk/kinds/products/kind.js';
import { productJsonlRecords } from '../../src/bulk/kinds/products/jsonl.js';
import { Import } from '../../src/bulk/engine/run-import.js';

/** The docs' variant, as printed (strings for every number, ids beyond 2^53 as strings). */
const DOCS_VARIANT = {
  inventoryManagement: 'true',
  productId: '102744460756584',
  costPrice: '3',
  weight: '1',
  compareOfPrice: '22',
  inventoryQuantities: [{ locationId: '50002', available: '666' }],
  price: '10',
  options: [{ name: 'size', id: '10034623756584', position: '1', value: { name: 'L', id: '10167791756584', position: '1' } }],
  variantId: '107362030756584',
  isDisabled: 'false',
  sku: 'P001',
};

function docsProduct(): Product {
  return {
    productId: '102744460756584',
    title: 'Docs Sample Shirt',
    status: 'active',
    categoryId: '209148956145',
    collections: '[]',
    options: [{ name: 'size', id: '10034623756584', position: '1', value: [{ name: 'L', id: '10167791756584', position: '1' }] }],
    variants: [structuredClone(DOCS_VARIANT)],
  } as Product;
}

/** The docs' category sample (About Product Category): {"parentCategoryId","categoryName":"pet","categoryId"}. */
const CATEGORIES: Named[] = [{ id: '209148956145', name: 'pet' }];

function source(products: Product[], locations: Named[] = []): CatalogSource {
  return {
    async *products() {
      yield products;
    },
    categories: async () => CATEGORIES,
    collections: async () => [],
    locations: async () => locations,
  };
}

async function exported(products: Product[], format: 'csv' | 'jsonl', locations: Named[] = []): Promise<string> {
  let text = '';
  await exportProducts(source(products, locations), { write: async (chunk) => void (text += chunk) }, { ids: true, format, concurrency: 1 });
  return text;
}

class Writer implements ProductWriter {
  readonly puts: WireProduct[] = [];
  create = async (): Promise<Product> => {
    throw new Error('no create expected');
  };
  update = async (_id: string, product: WireProduct): Promise<Product> => {
    this.puts.push(product);
    return product as Product;
  };
  listMetafields = async () => [];
  createMetafields = async () => ({});
  updateMetafield = async () => ({});
  deleteMetafield = async () => ({});
}

async function imported(text: string, format: 'csv' | 'jsonl', locations: Named[] = []) {
  const writer = new Writer();
  const catalog = await ProductCatalog.read(source([docsProduct()], locations));
  const kind = { ...productKind(writer, catalog, { key: 'handle', emptyClears: false }), jsonlRecords: productJsonlRecords };
  const result = await new Import({
    source: { stream: Readable.from([text]), name: 'f', size: undefined, format },
    kind,
    dryRun: false,
    concurrency: 2,
    signal: new AbortController().signal,
  }).run();
  return { writer, result };
}

describe('product export of the variant the docs print', () => {
  it('writes one row: category by name, the unnamed location by id, amounts as the store wrote them', async () => {
    expect(await exported([docsProduct()], 'csv')).toBe(
      'handle,productId,title,status,category,collections,option1Name,option1Value,variantId,sku,barcode,price,compareOfPrice,weight,weightUnit,inventory:50002\n' +
        'docs-sample-shirt,102744460756584,Docs Sample Shirt,active,pet,,size,L,107362030756584,P001,,10,22,1,,666\n',
    );
  });

  it('names the location when the store lists it', async () => {
    const text = await exported([docsProduct()], 'csv', [{ id: '50002', name: 'Main Warehouse' }]);
    expect(text.split('\n')[0]).toMatch(/,inventory:Main Warehouse$/);
    expect(text.split('\n')[1]).toMatch(/,666$/);
  });

  it.each(['csv', 'jsonl'] as const)(
    'imports its own %s export without a request, and an edited stock cell as one PUT keeping the docs fields',
    async (format) => {
      const text = await exported([docsProduct()], format);
      const same = await imported(text, format);
      expect(same.result).toMatchObject({ rows: 1, unchanged: 1, failed: 0 });
      expect(same.writer.puts).toEqual([]);

      const edited = format === 'csv' ? text.replace(/,666\n$/, ',700\n') : text.replace('"inventory:50002":"666"', '"inventory:50002":"700"');
      const changed = await imported(edited, format);
      expect(changed.result).toMatchObject({ rows: 1, updated: 1 });
      expect(changed.writer.puts).toHaveLength(1);
      expect((changed.writer.puts[0]!.variants as unknown[])[0]).toEqual({ ...DOCS_VARIANT, inventoryQuantities: [{ locationId: '50002', available: '700' }] });
    },
  );
});
