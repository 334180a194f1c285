// Product import's journal and its undo, against fakes: each product's before-image is on
// disk before its PUT ("absent" before a POST), metafield values with what they held; a
// refused write leaves no before-image of a write; undo plans a restore (the whole
// before-image), a delete (a product the run made), or leaves a product changed since.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Metafield, MetafieldInput } from '../../src/api/metafields/schema.js';
import type { Product } from '../../src/api/products/schema.js';
import type { WireProduct } from '../../src/api/products/wire.js';
import { ProductCatalog } from '../../src/bulk/kinds/products/catalog.js';
import { productKind, type ProductWriter } from '../../src/bulk/kinds/products/kind.js';
import { Import } from '../../src/bulk/engine/run-import.js';
import { holdsSent, productStep, productTargets, restoreBody, sameProduct, type ProductEntry } from '../../src/bulk/kinds/products/undo.js';
import { valueTargets } from '../../src/bulk/kinds/metafields/undo.js';
import { RunJournal, readEntries, writeMeta, type JournalEntry } from '../../src/bulk/runs/run-journal.js';
import { loadRun } from '../../src/bulk/runs/undo.js';
import { productWatch } from '../../src/bulk/kinds/products/watch.js';
import { ApiError, UsageError } from '../../src/core/errors.js';
import { scratchDir } from '../helpers/scratch.js';

const META = { command: 'product import', file: 'p.csv', store: { profile: 'default', baseUrl: 'https://shop.example.com' } };

function tee(): Product {
  return {
    productId: '1001',
    title: 'Classic Tee',
    status: 'active',
    collections: '["501"]',
    isMultiVariant: 'false',
    options: [{ id: '11', name: 'Size', position: '1', value: [{ id: '21', name: 'S', position: '1' }] }],
    variants: [
      {
        variantId: '2001',
        productId: '1001',
        sku: 'TEE-S',
        price: '19.90',
        inventoryQuantities: [{ locationId: '801', available: '5' }],
        options: [{ id: '11', name: 'Size', value: { id: '21', name: 'S' } }],
      },
    ],
  } as Product;
}

/** A writer that notes, at each write, how many journal lines were on disk. */
class JournaledWriter implements ProductWriter {
  readonly seen: string[] = [];
  values: Metafield[] = [{ namespace: 'custom', code: 'material', value: 'Cotton', fieldType: 'single_line_text_field' } as Metafield];
  refuseUpdate = false;
  constructor(private readonly dir: () => string) {}
  private async note(what: string): Promise<void> {
    this.seen.push(`${what} after ${(await readEntries(this.dir())).length} entries`);
  }
  async create(product: WireProduct): Promise<Product> {
    await this.note('POST');
    return { ...product, productId: '3001' } as Product;
  }
  async update(productId: string, product: WireProduct): Promise<Product> {
    await this.note(`PUT ${productId}`);
    if (this.refuseUpdate) throw new ApiError('price: must be positive', { status: 422 });
    return { ...product, productId } as Product;
  }
  async listMetafields(): Promise<Metafield[]> {
    return this.values;
  }
  async createMetafields(): Promise<unknown> {
    await this.note('POST metafields');
    return {};
  }
  async updateMetafield(_id: string, value: MetafieldInput): Promise<unknown> {
    await this.note(`PUT metafield ${value.code}`);
    return {};
  }
  async deleteMetafield(): Promise<unknown> {
    return {};
  }
}

async function imported(csv: string, refuseUpdate = false) {
  const journal = await RunJournal.open(scratchDir(), META);
  const writer = new JournaledWriter(() => journal.dir);
  writer.refuseUpdate = refuseUpdate;
  const catalog = new ProductCatalog([], [], [{ id: '801', name: 'Main Warehouse' }]);
  catalog.put(tee());
  const job = new Import({
    source: { stream: Readable.from([csv]), name: 'p.csv', size: undefined },
    kind: productKind(writer, catalog, { key: 'handle', emptyClears: false }, undefined, productWatch(journal)),
    dryRun: false,
    concurrency: 1,
    signal: new AbortController().signal,
  });
  const result = await job.run();
  await journal.finish({ rows: result.rows, created: result.created, updated: result.updated, unchanged: result.unchanged, failed: result.failed });
  return { result, writer, entries: await readEntries(journal.dir), dir: journal.dir };
}

const CSV =
  'handle,title,option1Name,option1Value,price,inventory:Main Warehouse,metafield:custom.material\nclassic-tee,,Size,S,24.00,9,Linen\nnew-mug,New Mug,,,12.00,3,\n';

describe('product import journal', () => {
  it('journals the whole product before its PUT, "absent" before a POST, and metafield values with what they held, each before its write', async () => {
    const { result, writer, entries } = await imported(CSV);
    expect(result).toMatchObject({ updated: 1, created: 1, failed: 0 });
    // Every write went after its before-image was synced.
    expect(writer.seen).toEqual(['PUT 1001 after 1 entries', 'PUT metafield material after 3 entries', 'POST after 4 entries']);
    expect(entries.map((e) => e.kind)).toEqual(['product-update', 'product-updated', 'metafield', 'product-create', 'product-created']);
    const update = entries[0] as Extract<ProductEntry, { kind: 'product-update' }>;
    expect(update.before).toEqual(tee());
    expect(entries[2]).toEqual({
      kind: 'metafield',
      domain: 'products',
      bizId: '1001',
      namespace: 'custom',
      code: 'material',
      before: 'Cotton',
      after: 'Linen',
    });
    expect(entries[4]).toMatchObject({ kind: 'product-created', identity: 'handle:new-mug', made: true, id: '3001' });

    const products = productTargets(entries);
    const values = valueTargets(entries);
    expect(products.updated).toEqual([expect.objectContaining({ id: '1001', before: tee() })]);
    expect(products.created).toEqual([expect.objectContaining({ identity: 'handle:new-mug', id: '3001', unsure: false })]);
    expect(values).toEqual([{ domain: 'products', bizId: '1001', namespace: 'custom', code: 'material', before: 'Cotton', after: 'Linen' }]);
  });

  it('a PUT the store refused leaves no product to undo', async () => {
    const { result, entries } = await imported('handle,option1Name,option1Value,price\nclassic-tee,Size,S,24.00\n', true);
    expect(result.failed).toBe(1);
    expect(entries.map((e) => e.kind)).toEqual(['product-update', 'product-updated']);
    expect(productTargets(entries).updated).toEqual([]);
  });

  it('a create whose answer never came is unsure: undo cannot delete what it cannot name, and says how to find it', async () => {
    const entries: JournalEntry[] = [{ kind: 'product-create', identity: 'handle:new-mug', sent: { title: 'New Mug' } }];
    const [created] = productTargets(entries).created;
    expect(created).toMatchObject({ unsure: true });
    const step = await productStep(created!, new Set(), fakeProducts(), false);
    expect(step).toMatchObject({ key: 'product handle:new-mug', action: 'cannot' });
    expect(step.note).toContain('product delete');
  });
});

function fakeProducts(held: Record<string, Product> = {}) {
  const calls: string[] = [];
  return {
    calls,
    async get(id: string): Promise<Product> {
      const product = held[id];
      if (product === undefined) throw new ApiError('not found', { status: 404 });
      return product;
    },
    async update(id: string, body: Record<string, unknown>): Promise<Product> {
      calls.push(`PUT ${id} ${JSON.stringify(body)}`);
      return body as Product;
    },
    async delete(id: string): Promise<void> {
      calls.push(`DELETE ${id}`);
    },
  };
}

describe('product undo plan', () => {
  const before = tee();
  const after = { ...tee(), title: 'Run Tee', variants: [{ ...tee().variants![0]!, price: '24.00' }] } as Product;
  const target = { id: '1001', before, sent: restoreBody(after), after };

  it('restores the whole before-image when the product holds what the run wrote; as before: nothing', async () => {
    const products = fakeProducts({ '1001': { ...after, updateTime: '2026-11-27T21:00:00Z' } as Product });
    const step = await productStep(target, new Set(), products, false);
    expect(step).toMatchObject({ key: 'product 1001', action: 'restore' });
    await step.run!();
    expect(products.calls).toEqual([`PUT 1001 ${JSON.stringify(restoreBody(before))}`]);
    expect(JSON.stringify(restoreBody(before))).toContain('"inventoryQuantities":[{"locationId":"801","available":"5"}]');
    expect(await productStep(target, new Set(), fakeProducts({ '1001': tee() }), false)).toEqual({ key: 'product 1001', action: 'as-before' });
    // Put back by an earlier undo: done while it stays as before; changed again since (the
    // run's values written anew by someone), it is left alone, never "already as before".
    expect(await productStep(target, new Set(['product 1001']), fakeProducts({ '1001': tee() }), false)).toEqual({ key: 'product 1001', action: 'done' });
    expect(await productStep(target, new Set(['product 1001']), fakeProducts({ '1001': after }), false)).toEqual({
      key: 'product 1001',
      action: 'changed',
      note: 'changed since an earlier undo of the run put it back',
    });
  });

  it('leaves a product changed since the run alone unless forced; a product gone cannot be restored', async () => {
    const theirs = fakeProducts({ '1001': { ...after, title: 'Theirs' } as Product });
    expect(await productStep(target, new Set(), theirs, false)).toMatchObject({ action: 'changed', note: 'the product changed since the run (title)' });
    expect(await productStep(target, new Set(), theirs, true)).toMatchObject({ action: 'restore' });
    expect(await productStep(target, new Set(), fakeProducts(), false)).toMatchObject({ action: 'cannot', note: 'the product is no longer on the store' });
  });

  it('deletes a product the run created, unless it changed since; one already gone is as before', async () => {
    const made = { identity: 'handle:run-tee', sent: {}, id: '1001', after, unsure: false };
    const products = fakeProducts({ '1001': after });
    const step = await productStep(made, new Set(), products, false);
    expect(step).toMatchObject({ key: 'product 1001', action: 'delete' });
    await step.run!();
    expect(products.calls).toEqual(['DELETE 1001']);
    expect(await productStep(made, new Set(), fakeProducts({ '1001': { ...after, status: 'draft' } as Product }), false)).toMatchObject({ action: 'changed' });
    expect(await productStep(made, new Set(), fakeProducts(), false)).toMatchObject({ action: 'as-before' });
  });

  it("without the PUT's answer, the body sent is compared: amounts by value, ids the store added ignored", () => {
    const sent = restoreBody({ ...tee(), variants: [...tee().variants!, { sku: 'TEE-M', price: '21.9' }] } as Product);
    const held = { ...tee(), variants: [...tee().variants!, { variantId: '2002', productId: '1001', sku: 'TEE-M', price: '21.90' }] } as Product;
    expect(holdsSent(held, sent)).toBe(true);
    expect(holdsSent({ ...held, title: 'Other' } as Product, sent)).toBe(false);
    expect(holdsSent(tee(), sent)).toBe(false);
    expect(sameProduct(held, { ...held, updateTime: 'later' } as Product)).toBe(true);
  });
});

describe('a run undo cannot take back', () => {
  it('a discount import is refused by name before anything is read: one sentence, nothing sent', async () => {
    const journal = await RunJournal.open(scratchDir(), {
      ...META,
      command: 'discount import',
      file: 'codes.csv',
      notUndoable: 'the API deletes no discount code',
    });
    await journal.record([{ kind: 'discount-code-create', discountId: '9', code: 'SAVE10', line: 2 }]);
    await journal.finish({ rows: 1, created: 1, updated: 0, unchanged: 0, failed: 0 });
    const data = journal.dir.split('/runs/')[0]!;
    await expect(loadRun(data, journal.runId)).rejects.toThrow(UsageError);
    await expect(loadRun(data, journal.runId)).rejects.toThrow(
      `Run ${journal.runId} (discount import codes.csv) cannot be undone: the API deletes no discount code.`,
    );
    // The same journal without the mark loads (the mark is what refuses it).
    await writeMeta(journal.dir, { runId: journal.runId, ...META, started: new Date().toISOString() });
    await expect(loadRun(data, journal.runId)).resolves.toMatchObject({ entries: [{ kind: 'discount-code-create' }] });
  });
});
