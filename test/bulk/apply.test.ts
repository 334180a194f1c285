import { describe, expect, it } from 'vitest';
import { applyGroup, itemProblems, type Outcome } from '../../src/bulk/kinds/metafields/apply.js';
import type { ObjectGroup } from '../../src/bulk/kinds/metafields/group.js';
import type { Row } from '../../src/bulk/kinds/metafields/rows.js';
import { ApiError } from '../../src/core/errors.js';
import { FakeStore, makeRow } from './fake-store.js';

function group(bizId: string, rows: Array<[string, string]>): ObjectGroup {
  return { key: `products\u0000${bizId}`, domain: 'products', bizId, rows: rows.map(([code, value]) => makeRow(bizId, code, value)) };
}

async function apply(store: FakeStore, g: ObjectGroup, approach: 'create-first' | 'read-first', dryRun = false) {
  const outcomes: Array<[string, string]> = [];
  const settle = (row: Row, outcome: Outcome) => outcomes.push([row.code, outcome.kind === 'rejected' ? `rejected: ${outcome.reason}` : outcome.kind]);
  const { held } = await applyGroup(g, store, approach, dryRun, settle);
  return { held, outcomes: Object.fromEntries(outcomes) };
}

describe('applyGroup', () => {
  it('create-first on a fresh object: one request', async () => {
    const store = new FakeStore();
    const result = await apply(
      store,
      group('1', [
        ['a', '1'],
        ['b', '2'],
      ]),
      'create-first',
    );
    expect(store.log).toEqual(['POST 1 2']);
    expect(result).toEqual({ held: false, outcomes: { a: 'created', b: 'created' } });
    expect(store.read('products', '1')).toEqual({ 'ns.a': '1', 'ns.b': '2' });
  });

  it('read-first on an object that holds the values: one request, nothing written', async () => {
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'a', '1');
    store.put('products', '1', 'ns', 'b', '2');
    const result = await apply(
      store,
      group('1', [
        ['a', '1'],
        ['b', '2'],
      ]),
      'read-first',
    );
    expect(store.log).toEqual(['GET 1']);
    expect(result).toEqual({ held: true, outcomes: { a: 'unchanged', b: 'unchanged' } });
  });

  it('create-first meeting values (409): reads, creates the missing, one PUT per changed value', async () => {
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'a', '1');
    store.put('products', '1', 'ns', 'b', 'old');
    const result = await apply(
      store,
      group('1', [
        ['a', '1'],
        ['b', 'new'],
        ['c', '3'],
      ]),
      'create-first',
    );
    expect(store.log).toEqual(['POST 1 3', 'GET 1', 'POST 1 1', 'PUT 1 b']);
    expect(result).toEqual({ held: true, outcomes: { a: 'unchanged', b: 'updated', c: 'created' } });
    expect(store.read('products', '1')).toEqual({ 'ns.a': '1', 'ns.b': 'new', 'ns.c': '3' });
  });

  it('read-first on a fresh object: a read, then one create', async () => {
    const store = new FakeStore();
    const result = await apply(store, group('1', [['a', '1']]), 'read-first');
    expect(store.log).toEqual(['GET 1', 'POST 1 1']);
    expect(result.held).toBe(false);
  });

  it('creates in batches of at most 100 values', async () => {
    const store = new FakeStore();
    const rows = Array.from({ length: 250 }, (_, i) => [`c${i}`, String(i)] as [string, string]);
    await apply(store, group('1', rows), 'create-first');
    expect(store.log).toEqual(['POST 1 100', 'POST 1 100', 'POST 1 50']);
    expect(Object.keys(store.read('products', '1'))).toHaveLength(250);
  });

  it('a 409 on a later batch reads once and finishes the rest from the diff', async () => {
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'c150', '150');
    const rows = Array.from({ length: 250 }, (_, i) => [`c${i}`, String(i)] as [string, string]);
    const result = await apply(store, group('1', rows), 'create-first');
    expect(store.log).toEqual(['POST 1 100', 'POST 1 100', 'GET 1', 'POST 1 100', 'POST 1 49']);
    expect(result.outcomes.c150).toBe('unchanged');
    expect(Object.keys(store.read('products', '1'))).toHaveLength(250);
  });

  it('a 400 naming bad values rejects those with the store message and sends the rest again', async () => {
    const store = new FakeStore({ integerCodes: ['n1', 'n2'] });
    const result = await apply(
      store,
      group('1', [
        ['a', 'x'],
        ['n1', 'abc'],
        ['b', 'y'],
        ['n2', '7'],
      ]),
      'create-first',
    );
    expect(store.log).toEqual(['POST 1 4', 'POST 1 3']);
    expect(result.outcomes).toEqual({ a: 'created', n1: 'rejected: the store refused the value: expected an Integer like "42"', b: 'created', n2: 'created' });
  });

  it('a 400 that names no value falls back to one request per value', async () => {
    const store = new FakeStore({ integerCodes: ['n1'], unnamedErrors: true });
    const result = await apply(
      store,
      group('1', [
        ['a', 'x'],
        ['n1', 'abc'],
        ['b', 'y'],
      ]),
      'create-first',
    );
    expect(store.log).toEqual(['POST 1 3', 'POST 1 1', 'POST 1 1', 'POST 1 1']);
    expect(result.outcomes.a).toBe('created');
    expect(result.outcomes.n1).toBe('rejected: invalid');
    expect(result.outcomes.b).toBe('created');
  });

  it('a 413 halves the batch', async () => {
    const store = new FakeStore({ maxBatch: 2 });
    await apply(
      store,
      group('1', [
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
        ['d', '4'],
        ['e', '5'],
      ]),
      'create-first',
    );
    expect(store.log).toEqual(['POST 1 5', 'POST 1 3', 'POST 1 2', 'POST 1 1', 'POST 1 2']);
    expect(Object.keys(store.read('products', '1'))).toHaveLength(5);
  });

  it('an update refused by the store rejects that row only', async () => {
    const store = new FakeStore({ integerCodes: ['n'] });
    store.put('products', '1', 'ns', 'n', '1', 'SingleLineText');
    store.put('products', '1', 'ns', 'a', 'old');
    const result = await apply(
      store,
      group('1', [
        ['n', 'abc'],
        ['a', 'new'],
      ]),
      'read-first',
    );
    expect(result.outcomes).toEqual({ n: 'rejected: the store refused the value: expected an Integer like "42"', a: 'updated' });
  });

  it('a value deleted between the read and the update is created instead', async () => {
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'a', 'old');
    const original = store.update.bind(store);
    store.update = async (domain, bizId, value) => {
      store.objects.get('products/1')!.delete('ns.a');
      return original(domain, bizId, value);
    };
    const result = await apply(store, group('1', [['a', 'new']]), 'read-first');
    expect(result.outcomes).toEqual({ a: 'created' });
    expect(store.read('products', '1')).toEqual({ 'ns.a': 'new' });
  });

  it('a row without a type is converted by the stored type, and compared by meaning', async () => {
    const store = new FakeStore();
    store.put('products', '1', 'specs', 'weight', '{"value":1.5,"unit":"kg"}', 'Weight');
    const rows = [makeRow('1', 'weight', '1.50 kg', 'specs')];
    const outcomes: string[] = [];
    await applyGroup({ key: 'k', domain: 'products', bizId: '1', rows }, store, 'read-first', false, (_, o) => outcomes.push(o.kind));
    expect(outcomes).toEqual(['unchanged']);
    const changed = [makeRow('1', 'weight', '2 kg', 'specs')];
    await applyGroup({ key: 'k', domain: 'products', bizId: '1', rows: changed }, store, 'read-first', false, () => undefined);
    expect(store.read('products', '1')).toEqual({ 'specs.weight': '{"value":2,"unit":"kg"}' });
    const bad = [makeRow('1', 'weight', 'heavy', 'specs')];
    const reasons: string[] = [];
    await applyGroup({ key: 'k', domain: 'products', bizId: '1', rows: bad }, store, 'read-first', false, (_, o) =>
      reasons.push(o.kind === 'rejected' ? o.reason : o.kind),
    );
    expect(reasons[0]).toMatch(/^the value "heavy" is not a Weight like .*\(Weight is the field's type on the store\)$/);
  });

  it('a dry run reads and plans, and writes nothing', async () => {
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'a', '1');
    store.put('products', '1', 'ns', 'b', 'old');
    const result = await apply(
      store,
      group('1', [
        ['a', '1'],
        ['b', 'new'],
        ['c', '3'],
      ]),
      'create-first',
      true,
    );
    expect(store.log).toEqual(['GET 1']);
    expect(result.outcomes).toEqual({ a: 'unchanged', b: 'updated', c: 'created' });
    expect(store.read('products', '1')).toEqual({ 'ns.a': '1', 'ns.b': 'old' });
  });

  it('throws what is not about these values (a refused token, a server failure)', async () => {
    const store = new FakeStore();
    store.list = async () => {
      throw new ApiError('refused', { status: 401, code: 'unauthorized' });
    };
    await expect(apply(store, group('1', [['a', '1']]), 'read-first')).rejects.toMatchObject({ status: 401 });
  });
});

describe("applyGroup when a create's answer was lost (the store made the values, the resend met a 409)", () => {
  /** A store whose first create is made, then answered as the resend's 409 (mayHaveApplied, as the HTTP client says it). */
  class LosingStore extends FakeStore {
    lost = false;
    override async createBatch(domain: string, bizId: string, values: Parameters<FakeStore['createBatch']>[2]): Promise<unknown> {
      const made = await super.createBatch(domain, bizId, values);
      if (this.lost) return made;
      this.lost = true;
      const error = new ApiError('The request conflicts with the current state', { status: 409 });
      error.mayHaveApplied = true;
      throw error;
    }
  }

  async function watched(approach: 'create-first' | 'read-first') {
    const store = new LosingStore();
    const told: string[] = [];
    const watch = {
      before: async (_d: string, _b: string, values: ReadonlyArray<{ row: Row; held: string | null }>) =>
        void told.push(`before ${values.map((v) => `${v.row.code}=${String(v.held)}`).join(' ')}`),
      cancelled: async (_d: string, _b: string, rows: readonly Row[]) => void told.push(`cancelled ${rows.map((r) => r.code).join(' ')}`),
      unsure: async (_d: string, _b: string, rows: readonly Row[]) => void told.push(`unsure ${rows.map((r) => r.code).join(' ')}`),
    };
    const outcomes: Record<string, string> = {};
    await applyGroup(group('1', [['a', '1']]), store, approach, false, (row, outcome) => (outcomes[row.code] = outcome.kind), watch);
    return { told, outcomes, store };
  }

  it('read first (the value was absent): the run made it: its before-image stands, the row counts as created', async () => {
    const { told, outcomes, store } = await watched('read-first');
    expect(told).toEqual(['before a=null']);
    expect(outcomes).toEqual({ a: 'created' });
    expect(store.read('products', '1')).toEqual({ 'ns.a': '1' });
  });

  it('not read first: whether the value was there before cannot be told, and the journal says so (never "refused, nothing written")', async () => {
    const { told, outcomes } = await watched('create-first');
    expect(told).toEqual(['before a=null', 'unsure a']);
    expect(outcomes).toEqual({ a: 'unchanged' });
  });
});

describe('itemProblems', () => {
  it('gives each value the store named its reasons, merging two problems of one value', () => {
    const p = itemProblems({
      kind: 'values',
      problems: [
        { index: 1, field: 'value', message: 'bad.' },
        { index: 1, field: 'code', message: 'worse' },
      ],
    });
    expect(p).toEqual({ kind: 'items', reasons: new Map([[1, 'the store refused the value: bad; the store refused the code: worse']]) });
  });
  it('a problem of the whole value names the value; a refusal of the object or of nothing named is kept', () => {
    expect(itemProblems({ kind: 'values', problems: [{ index: 0, message: 'exists' }] })).toEqual({
      kind: 'items',
      reasons: new Map([[0, 'the store refused the value: exists']]),
    });
    expect(itemProblems({ kind: 'object' })).toEqual({ kind: 'object' });
    expect(itemProblems({ kind: 'unnamed' })).toEqual({ kind: 'unnamed' });
  });
});
