// What the discount code row kind sends and decides, against a fake store: a code the
// discount has costs nothing, a taken code is looked up on the discount, a generated code
// that collides fails its row, and a store's refusal of one code fails that row only.
import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '../../src/api/discounts/schema.js';
import { discountCodeKind, indexWorthIt, readCodeIndex, type DiscountCodeStore } from '../../src/bulk/discount-code-kind.js';
import { discountCodeRow, discountCodeText, readDiscountCodeHeader } from '../../src/bulk/discount-code-rows.js';
import type { Outcome } from '../../src/bulk/row-kind.js';
import { ApiError } from '../../src/core/errors.js';

class FakeStore implements DiscountCodeStore {
  readonly sent: string[] = [];
  /** Codes by discount, lower case. */
  readonly held = new Map<string, Set<string>>([
    ['1', new Set(['have-1'])],
    ['2', new Set(['theirs'])],
  ]);
  lostAnswer = false;
  refuseWith: ApiError | undefined;

  async *everyCode(discountId: string): AsyncGenerator<DiscountCode[]> {
    this.sent.push(`codes ${discountId}`);
    yield [...(this.held.get(discountId) ?? [])].map((code) => ({ code: code.toUpperCase() }));
  }
  async findCode(discountId: string, code: string) {
    this.sent.push(`find ${code}`);
    return this.held.get(discountId)?.has(code.toLowerCase()) ? { code } : undefined;
  }
  async addCode(discountId: string, code: string) {
    this.sent.push(`add ${code}`);
    if (this.refuseWith) throw this.refuseWith;
    const owner = [...this.held.values()].find((codes) => codes.has(code.toLowerCase()));
    if (owner) return { kind: 'taken' as const, afterLostAnswer: this.lostAnswer };
    this.held.get(discountId)!.add(code.toLowerCase());
    // The answer lost: the resend finds the code taken.
    if (this.lostAnswer) return { kind: 'taken' as const, afterLostAnswer: true };
    return { kind: 'created' as const, code: { code } };
  }
}

const layout = readDiscountCodeHeader(['code'], 'codes.csv');

async function outcome(store: FakeStore, code: string, options: { generated?: string; dryRun?: boolean; indexed?: boolean } = {}): Promise<Outcome> {
  const index = options.indexed === false ? undefined : await readCodeIndex(store, '1');
  const generated = new Map(options.generated === undefined ? [] : [[2, options.generated]]);
  const kind = discountCodeKind(store, '1', index, generated);
  const row = discountCodeRow(discountCodeText([code], 2, layout), generated.get(2));
  let settled: Outcome | undefined;
  await kind.apply({ key: code, rows: [row] }, options.dryRun === true, (_row, result) => (settled = result));
  return settled!;
}

describe('discount code rows', () => {
  it('a code the discount has (any case) is unchanged, and costs no request but the index', async () => {
    const store = new FakeStore();
    expect(await outcome(store, 'HAVE-1')).toEqual({ kind: 'unchanged' });
    expect(store.sent).toEqual(['codes 1']);
  });

  it('a new code is added; in a dry run only planned', async () => {
    const store = new FakeStore();
    expect(await outcome(store, 'NEW-1', { dryRun: true })).toEqual({ kind: 'created' });
    expect(store.sent).toEqual(['codes 1']);
    expect(await outcome(store, 'NEW-1')).toEqual({ kind: 'created' });
    expect(store.sent.at(-1)).toBe('add NEW-1');
  });

  it('after a lost answer, a taken code found on the discount is this run’s: created', async () => {
    const store = new FakeStore();
    store.lostAnswer = true;
    expect(await outcome(store, 'LOST-1')).toEqual({ kind: 'created' });
    expect(store.sent.slice(1)).toEqual(['add LOST-1', 'find LOST-1']);
  });

  it('without an index, each code is looked up first: one it has costs a GET, no write', async () => {
    const store = new FakeStore();
    expect(await outcome(store, 'HAVE-1', { indexed: false })).toEqual({ kind: 'unchanged' });
    expect(store.sent).toEqual(['find HAVE-1']);
    expect(await outcome(store, 'NEW-2', { indexed: false })).toEqual({ kind: 'created' });
    expect(store.sent.slice(1)).toEqual(['find NEW-2', 'add NEW-2']);
  });

  it('tells the journal of each code before it is added (a generated code by its line only), and the id the store gave', async () => {
    const store = new FakeStore();
    const told: string[] = [];
    store.addCode = async function (this: FakeStore, discountId: string, code: string) {
      this.sent.push(`add ${code} after ${told.length} told`);
      return { kind: 'created' as const, code: { code, id: '77' } };
    };
    const kind = discountCodeKind(store, '1', await readCodeIndex(store, '1'), new Map([[3, 'GENERATED9']]), {
      beforeAdd: async (discountId, line, code) => void told.push(`${discountId} line ${line} ${code ?? '(generated)'}`),
    });
    const settled: Outcome[] = [];
    await kind.apply({ key: 'x', rows: [discountCodeRow(discountCodeText(['NEW-3'], 2, layout), undefined)] }, false, (_row, result) => settled.push(result));
    await kind.apply({ key: 'y', rows: [discountCodeRow(discountCodeText([''], 3, layout), 'GENERATED9')] }, false, (_row, result) => settled.push(result));
    // A code the discount has is no write: nothing told.
    await kind.apply({ key: 'z', rows: [discountCodeRow(discountCodeText(['HAVE-1'], 4, layout), undefined)] }, false, (_row, result) => settled.push(result));
    expect(told).toEqual(['1 line 2 NEW-3', '1 line 3 (generated)']);
    expect(store.sent.slice(1)).toEqual(['add NEW-3 after 1 told', 'add GENERATED9 after 2 told']);
    expect(settled).toEqual([{ kind: 'created', id: '77' }, { kind: 'created', id: '77' }, { kind: 'unchanged' }]);
  });

  it('a code added meanwhile by a parallel run (after the index was read) is unchanged', async () => {
    const store = new FakeStore();
    const index = await readCodeIndex(store, '1');
    store.held.get('1')!.add('race-1');
    const kind = discountCodeKind(store, '1', index, new Map());
    let settled: Outcome | undefined;
    await kind.apply({ key: 'race-1', rows: [discountCodeRow(discountCodeText(['RACE-1'], 2, layout), undefined)] }, false, (_row, result) => (settled = result));
    expect(settled).toEqual({ kind: 'unchanged' });
    expect(store.sent.slice(1)).toEqual(['add RACE-1', 'find RACE-1']);
  });

  it('reads the index when its pages cost at most 5% of a request a row', () => {
    expect(indexWorthIt(undefined, 1)).toBe(true);
    expect(indexWorthIt(250, 1)).toBe(true);
    expect(indexWorthIt(100_000, 10)).toBe(false);
    expect(indexWorthIt(100_000, 8_000)).toBe(true);
  });

  it('a code another discount holds fails its row', async () => {
    const outcomeOf = await outcome(new FakeStore(), 'THEIRS');
    expect(outcomeOf).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('another discount holds it') });
  });

  it('a generated code taken at the first try fails its row, pointing at --codes-out', async () => {
    const result = await outcome(new FakeStore(), '', { generated: 'THEIRS' });
    expect(result).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('--codes-out') });
  });

  it('a 400 for one code fails that row only; a refused token stops the run', async () => {
    const store = new FakeStore();
    store.refuseWith = new ApiError('The store rejected the request as invalid (400): discountCode.code must be 3 to 50 letters.', { status: 400 });
    expect(await outcome(store, 'BAD-1')).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('discountCode.code') });
    store.refuseWith = new ApiError('refused', { status: 401 });
    await expect(outcome(store, 'BAD-2')).rejects.toBeInstanceOf(ApiError);
  });
});
