// Product rows on the import engine against a fake store: how rows are read (parsing,
// --empty-clears), which product a row finds (--key), and what is sent (one PUT of the whole
// product when something differs, nothing when nothing does).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Metafield, MetafieldInput } from '../../src/api/metafields/schema.js';
import type { Product } from '../../src/api/products/schema.js';
import type { WireProduct } from '../../src/api/products/wire.js';
import { ProductCatalog } from '../../src/bulk/kinds/products/catalog.js';
import { productKind, productRejects, type ProductWriter } from '../../src/bulk/kinds/products/kind.js';
import { checkProductRow, handleOf, productText, readProductHeader, type ProductKey } from '../../src/bulk/kinds/products/rows.js';
import { Import } from '../../src/bulk/engine/run-import.js';
import { ApiError, NetworkError, UnconfirmedCreateError, UsageError } from '../../src/core/errors.js';

const CATEGORIES = [
  { id: '401', name: 'Tops' },
  { id: '402', name: 'Mugs & Cups' },
];
const COLLECTIONS = [
  { id: '501', name: 'Summer Sale' },
  { id: '502', name: 'New Arrivals' },
];
const LOCATIONS = [
  { id: '801', name: 'Main Warehouse' },
  { id: '802', name: 'Downtown Store' },
];

function tee(): Product {
  return {
    productId: '1001',
    title: 'Classic Tee',
    status: 'active',
    categoryId: '401',
    collections: '["501"]',
    isMultiVariant: 'true',
    options: [
      {
        id: '11',
        name: 'Size',
        position: '1',
        value: [
          { id: '21', name: 'S', position: '1' },
          { id: '22', name: 'M', position: '2' },
        ],
      },
    ],
    variants: [
      {
        variantId: '2001',
        productId: '1001',
        sku: 'TEE-S',
        price: '19.90',
        weight: '0.2',
        weightUnit: 'kg',
        inventoryQuantities: [{ locationId: '801', available: '5' }],
        options: [{ id: '11', name: 'Size', value: { id: '21', name: 'S' } }],
      },
      {
        variantId: '2002',
        productId: '1001',
        sku: 'TEE-M',
        price: '19.90',
        weight: '0.2',
        weightUnit: 'kg',
        inventoryQuantities: [{ locationId: '801', available: '7' }],
        options: [{ id: '11', name: 'Size', value: { id: '22', name: 'M' } }],
      },
    ],
  } as Product;
}

class FakeWriter implements ProductWriter {
  readonly sent: string[] = [];
  withTitle?: ProductWriter['withTitle'];
  readonly bodies: WireProduct[] = [];
  values: Metafield[] = [];
  private next = 3000;
  async create(product: WireProduct): Promise<Product> {
    this.sent.push('POST product');
    this.bodies.push(product);
    return { ...product, productId: String(this.next++) } as Product;
  }
  async update(productId: string, product: WireProduct): Promise<Product> {
    this.sent.push(`PUT product ${productId}`);
    this.bodies.push(product);
    return { ...product, productId } as Product;
  }
  async listMetafields(productId: string): Promise<Metafield[]> {
    this.sent.push(`GET metafields ${productId}`);
    return this.values;
  }
  async createMetafields(productId: string, values: MetafieldInput[]): Promise<unknown> {
    this.sent.push(`POST metafields ${productId} ${values.map((v) => `${v.namespace}.${v.code}=${v.value}`).join(' ')}`);
    return {};
  }
  async updateMetafield(productId: string, value: MetafieldInput): Promise<unknown> {
    this.sent.push(`PUT metafield ${productId} ${value.namespace}.${value.code}=${value.value}`);
    return {};
  }
  async deleteMetafield(productId: string, namespace: string, code: string): Promise<unknown> {
    this.sent.push(`DELETE metafield ${productId} ${namespace}.${code}`);
    return {};
  }
}

function catalogOf(...products: Product[]): ProductCatalog {
  const catalog = new ProductCatalog(CATEGORIES, COLLECTIONS, LOCATIONS);
  for (const product of products) catalog.put(product);
  return catalog;
}

async function run(csv: string, options: { catalog?: ProductCatalog; key?: ProductKey; emptyClears?: boolean; dryRun?: boolean; writer?: FakeWriter } = {}) {
  const writer = options.writer ?? new FakeWriter();
  const catalog = options.catalog ?? catalogOf(tee());
  const rejects = productRejects();
  const kind = productKind(writer, catalog, { key: options.key ?? 'handle', emptyClears: options.emptyClears ?? false }, rejects);
  const job = new Import({
    source: { stream: Readable.from([csv]), name: 'products.csv', size: undefined },
    kind,
    dryRun: options.dryRun ?? false,
    concurrency: 4,
    signal: new AbortController().signal,
  });
  const result = await job.run();
  return { result, writer, catalog, rejects };
}

describe('product rows', () => {
  it('reads the fixed, inventory and metafield columns in any case, and refuses what it does not know', () => {
    const layout = readProductHeader(['Handle', 'SKU', 'price', 'inventory:Main Warehouse', 'metafield:custom.material'], 'f.csv', 'handle');
    expect(layout.columns).toEqual({ handle: 0, sku: 1, price: 2 });
    expect(layout.inventory).toEqual([{ location: 'Main Warehouse', index: 3 }]);
    expect(layout.metafields).toEqual([{ namespace: 'custom', code: 'material', index: 4 }]);
    expect(() => readProductHeader(['handle', 'colour'], 'f.csv', 'handle')).toThrow(/f\.csv: unknown column "colour"/);
    expect(() => readProductHeader(['sku', 'price'], 'f.csv', 'handle')).toThrow(/--key handle .* neither column/);
    expect(() => readProductHeader(['handle', 'price'], 'f.csv', 'id')).toThrow(/no productId column/);
    expect(() => readProductHeader(['handle', 'metafield:custom'], 'f.csv', 'handle')).toThrow(/not metafield:<namespace>\.<code>/);
    expect(() => readProductHeader(['handle', 'SKU', 'sku'], 'f.csv', 'handle')).toThrow(UsageError);
  });

  it('makes a handle of a title as lower-case words joined by -', () => {
    expect(handleOf('Classic Tee (Red)')).toBe('classic-tee-red');
    expect(handleOf('  Café  Crème ')).toBe('cafe-creme');
  });

  it('leaves an empty cell alone unless --empty-clears, and never clears title, price or stock', () => {
    const layout = readProductHeader(['handle', 'title', 'price', 'compareOfPrice', 'collections', 'inventory:Main Warehouse'], 'f.csv', 'handle');
    const text = productText(['classic-tee', '', '', '', '', ''], 2, layout);
    const kept = checkProductRow(text, 6, 'handle', false);
    const cleared = checkProductRow(text, 6, 'handle', true);
    expect(kept.ok && kept.row).toMatchObject({ compareOfPrice: undefined, collections: undefined, inventory: [] });
    expect(cleared.ok && cleared.row).toMatchObject({ compareOfPrice: null, collections: null, inventory: [] });
    expect(cleared.ok && 'title' in cleared.row).toBe(false);
    expect(cleared.ok && 'price' in cleared.row).toBe(false);
  });

  it('names the column and the value at fault', () => {
    const layout = readProductHeader(['handle', 'price', 'status', 'inventory:Main Warehouse', 'option1Name', 'option1Value'], 'f.csv', 'handle');
    const problem = (cells: string[]) => {
      const checked = checkProductRow(productText(cells, 3, layout), cells.length, 'handle', false);
      return checked.ok ? undefined : checked.reason;
    };
    expect(problem(['tee', '19.999', '', '', '', ''])).toBe('the price "19.999" is not an amount such as 19.99 (at most 2 decimals)');
    expect(problem(['tee', '', 'gone', '', '', ''])).toBe('the status "gone" is not one of active, draft, archived');
    expect(problem(['tee', '', '', '1.5', '', ''])).toBe('the inventory:Main Warehouse cell "1.5" is not a whole number');
    expect(problem(['tee', '', '', '', '', 'Red'])).toBe('option1Value is "Red" but option1Name is empty');
    expect(problem(['tee', ''])).toBe('the row has 2 fields where the header has 6');
  });
});

describe('product import against a fake store', () => {
  it('sends nothing when the file holds what the store holds, amounts compared by meaning', async () => {
    const csv =
      'handle,title,status,category,collections,option1Name,option1Value,sku,price,weight,inventory:Main Warehouse\n' +
      'classic-tee,Classic Tee,active,Tops,Summer Sale,Size,S,TEE-S,19.9,0.20,5\n' +
      'classic-tee,Classic Tee,active,Tops,Summer Sale,Size,M,TEE-M,19.90,0.2,7\n';
    const { result, writer } = await run(csv);
    expect(writer.sent).toEqual([]);
    expect(result).toMatchObject({ rows: 2, unchanged: 2, updated: 0, failed: 0, objects: 1 });
  });

  it('sends one PUT of the whole product for a changed price and stock, other variants kept', async () => {
    const csv = 'handle,option1Name,option1Value,price,inventory:Downtown Store\nclassic-tee,Size,M,24.00,3\n';
    const { result, writer } = await run(csv);
    expect(writer.sent).toEqual(['PUT product 1001']);
    const variants = writer.bodies[0]!.variants as Array<Record<string, unknown>>;
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatchObject({ variantId: '2001', price: '19.90' });
    expect(variants[1]).toMatchObject({
      variantId: '2002',
      price: '24.00',
      inventoryQuantities: [
        { locationId: '801', available: '7' },
        { locationId: '802', available: '3' },
      ],
    });
    expect(result).toMatchObject({ updated: 1, unchanged: 0 });
  });

  it('matches by SKU with --key sku, in a file of SKUs and prices only', async () => {
    const { writer, result } = await run('sku,price\nTEE-S,21\nTEE-M,19.90\n', { key: 'sku' });
    expect(writer.sent).toEqual(['PUT product 1001']);
    expect(result).toMatchObject({ updated: 1, unchanged: 1 });
  });

  it('refuses a productId the store does not have with --key id, and makes nothing', async () => {
    const { writer, result } = await run('productId,title,price\n999,Ghost,1\n', { key: 'id' });
    expect(writer.sent).toEqual([]);
    expect(result.rejects[0]!.reason).toMatch(/no product on the store has the id 999/);
  });

  it('creates a product --key finds none for, options and variants from its rows, names resolved', async () => {
    const csv =
      'handle,title,category,collections,option1Name,option1Value,sku,price,inventory:Main Warehouse\n' +
      'big-mug,Big Mug,Mugs & Cups,New Arrivals; Summer Sale,Colour,Blue,MUG-B,12,4\n' +
      'big-mug,Big Mug,Mugs & Cups,New Arrivals; Summer Sale,Colour,Red,MUG-R,12,\n';
    const { writer, result, catalog } = await run(csv);
    expect(writer.sent).toEqual(['POST product']);
    expect(writer.bodies[0]).toMatchObject({
      title: 'Big Mug',
      categoryId: '402',
      collections: '["502","501"]',
      options: [{ name: 'Colour', value: [{ name: 'Blue' }, { name: 'Red' }] }],
      variants: [
        { sku: 'MUG-B', price: '12', inventoryQuantities: [{ locationId: '801', available: '4' }] },
        { sku: 'MUG-R', price: '12' },
      ],
    });
    expect(result).toMatchObject({ created: 2 });
    expect(catalog.withHandle('big-mug')).toHaveLength(1);
  });

  it('adds a variant for new option values, and refuses a row that repeats a variant', async () => {
    const csv = 'handle,option1Name,option1Value,sku\nclassic-tee,Size,L,TEE-L\nclassic-tee,Size,L,TEE-L2\n';
    const { writer, result } = await run(csv);
    expect(writer.sent).toEqual(['PUT product 1001']);
    expect(writer.bodies[0]!.options).toMatchObject([{ name: 'Size', value: [{ name: 'S' }, { name: 'M' }, { name: 'L' }] }]);
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(result.rejects[0]).toEqual({ line: 3, reason: 'the row sets the same variant as line 2' });
  });

  it('clears compare-at price and collections only with --empty-clears', async () => {
    const product = tee();
    product.variants![0]!.compareOfPrice = '29.00';
    const csv = 'handle,option1Name,option1Value,compareOfPrice,collections\nclassic-tee,Size,S,,\n';
    const left = await run(csv, { catalog: catalogOf(product) });
    expect(left.writer.sent).toEqual([]);
    const cleared = await run(csv, { catalog: catalogOf(tee()), emptyClears: true });
    expect(cleared.writer.sent).toEqual(['PUT product 1001']);
    expect(cleared.writer.bodies[0]!.collections).toBe('[]');
    const again = await run(csv, { catalog: catalogOf(product), emptyClears: true });
    expect((again.writer.bodies[0]!.variants as Array<Record<string, unknown>>)[0]!.compareOfPrice).toBeNull();
  });

  it('refuses a category no name matches, naming the column', async () => {
    const { writer, result } = await run('handle,category\nclassic-tee,Shoes\n');
    expect(writer.sent).toEqual([]);
    expect(result.rejects[0]!.reason).toBe("No category matches 'Shoes' (the category column); 'store-cli category search' lists them");
  });

  it('refuses a header whose inventory column names no location, before anything is sent', async () => {
    await expect(run('handle,inventory:Attic\nclassic-tee,1\n')).rejects.toThrow(
      /inventory:Attic names no location of the store \(its locations: Main Warehouse, Downtown Store\)/,
    );
  });

  it('writes only the metafields that differ, and only plans them in a dry run', async () => {
    const writer = new FakeWriter();
    writer.values = [{ namespace: 'custom', code: 'material', value: 'cotton' } as Metafield];
    const csv = 'handle,metafield:custom.material,metafield:custom.care\nclassic-tee,cotton,Wash cold\n';
    const dry = await run(csv, { writer, dryRun: true });
    expect(writer.sent).toEqual(['GET metafields 1001']);
    expect(dry.result).toMatchObject({ updated: 1 });
    writer.sent.length = 0;
    await run(csv, { writer });
    expect(writer.sent).toEqual(['GET metafields 1001', 'POST metafields 1001 custom.care=Wash cold']);
  });

  it('sends nothing in a dry run, and says what would happen', async () => {
    const { writer, result } = await run('handle,title,price\nclassic-tee,Classic Tee 2,\nnew-thing,New Thing,5\n', { dryRun: true });
    expect(writer.sent).toEqual([]);
    expect(result).toMatchObject({ updated: 1, created: 1 });
  });

  it('a create whose answer was lost fails its rows (a re-run finds the product by its handle) and the run goes on', async () => {
    const writer = new FakeWriter();
    const create = writer.create.bind(writer);
    writer.create = async (product) => {
      if (product.title === 'Lost Mug')
        throw new UnconfirmedCreateError('The connection was reset. The product may have been created anyway.', new NetworkError('reset', 'ECONNRESET'));
      return create(product);
    };
    const { result } = await run('handle,title,price\nlost-mug,Lost Mug,5\nfound-mug,Found Mug,6\n', { writer });
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(result.stop).toBeUndefined();
    expect(result.rejects[0]).toEqual({
      line: 2,
      reason: 'The connection was reset. The product may have been created anyway; a re-run finds it by its handle (or SKU) and leaves it alone, or makes it',
    });
  });

  it("a create whose answer was lost is looked up: the one new product with its handle is the run's; several, or none after a cut connection, fail the rows; none after the store's 503, it is sent again", async () => {
    const lost = (failure: NetworkError | ApiError) => new UnconfirmedCreateError(`${failure.message} The product may have been created anyway.`, failure);
    const mug = (id: string, title = 'Lost Mug') => ({ productId: id, title, variants: [] }) as unknown as Product;
    const scripted = (failures: Array<NetworkError | ApiError>, listed: Product[][]) => {
      const writer = new FakeWriter();
      const create = writer.create.bind(writer);
      writer.create = async (product) => {
        const failure = failures.shift();
        if (failure) {
          writer.sent.push('POST product (unanswered)');
          throw lost(failure);
        }
        return create(product);
      };
      writer.withTitle = async (title) => {
        writer.sent.push(`GET products title=${title}`);
        return listed.shift() ?? [];
      };
      return writer;
    };
    // Found: the lost attempt made it (an older product of that title with another handle is not it).
    const found = scripted([new NetworkError('reset', 'ECONNRESET')], [[mug('3100'), mug('900', 'Lost Mug Deluxe')]]);
    const one = await run('handle,title,price\nlost-mug,Lost Mug,5\n', { writer: found });
    expect(one.result).toMatchObject({ created: 1, failed: 0 });
    expect(found.sent).toEqual(['POST product (unanswered)', 'GET products title=Lost Mug']);
    expect(one.catalog.withHandle('lost-mug').map((p) => p.productId)).toEqual(['3100']);
    // Two new products with the handle (another import made one meanwhile): not guessed.
    const two = await run('handle,title,price\nlost-mug,Lost Mug,5\n', {
      writer: scripted([new NetworkError('reset', 'ECONNRESET')], [[mug('3100'), mug('3101')]]),
    });
    expect(two.result).toMatchObject({ created: 0, failed: 1 });
    // None found after a cut connection: it may still be under way, so it is not sent again.
    const cut = scripted([new NetworkError('reset', 'ECONNRESET')], [[]]);
    expect((await run('handle,title,price\nlost-mug,Lost Mug,5\n', { writer: cut })).result).toMatchObject({ failed: 1 });
    expect(cut.sent).toEqual(['POST product (unanswered)', 'GET products title=Lost Mug']);
    // None found after the store's own 503: it is done and made nothing, so it goes again.
    const failed = scripted([new ApiError('unavailable', { status: 503 })], [[]]);
    expect((await run('handle,title,price\nlost-mug,Lost Mug,5\n', { writer: failed })).result).toMatchObject({ created: 1, failed: 0 });
    expect(failed.sent).toEqual(['POST product (unanswered)', 'GET products title=Lost Mug', 'POST product']);
  });

  it('repeats the header it read in the rejects file', async () => {
    const { rejects } = await run('handle,price\nclassic-tee,1.234\n');
    expect(rejects.names).toEqual(['handle', 'price']);
    expect(rejects.cells({ line: 2, cells: ['classic-tee', '1.234'], layout: rejects.layout! })).toEqual(['classic-tee', '1.234']);
  });
});
