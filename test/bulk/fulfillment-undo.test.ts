// Fulfillment import's journal and its undo, against fakes: a create is on disk before its POST;
// a refused create leaves no key; a create whose answer never came (a crash) is looked for among
// the order's fulfillments with its number made since the run began, and every such one is
// cancelled (a lost create that was resent made two); one cancelled already is as before; one
// whose number changed since is left alone unless forced; an order no longer seen cannot be done.
import { describe, expect, it } from 'vitest';
import type { Fulfillment } from '../../src/api/fulfillments/declaration.js';
import type { Api } from '../../src/api/index.js';
import { fulfillmentKind, type FulfillmentStore } from '../../src/bulk/kinds/fulfillments/kind.js';
import { OrderIndex } from '../../src/bulk/kinds/fulfillments/orders.js';
import { fulfillmentTargets, fulfillmentUndo } from '../../src/bulk/kinds/fulfillments/undo.js';
import { fulfillmentWatch } from '../../src/bulk/kinds/fulfillments/watch.js';
import { RunJournal, readEntries, type JournalEntry } from '../../src/bulk/runs/run-journal.js';
import { ApiError } from '../../src/core/errors.js';
import { Readable } from 'node:stream';
import { Import } from '../../src/bulk/engine/run-import.js';
import { scratchDir } from '../helpers/scratch.js';

const STARTED = '2026-11-28T10:00:00.000Z';
const ORDER = '6000000000000000161';

const fulfillment = (id: string, trackingNumber: string, fields: Record<string, unknown> = {}) =>
  ({ id, orderId: ORDER, status: 'success', trackingNumber, createTime: '2026-11-28T10:00:05Z', lineItems: [], ...fields }) as Fulfillment;

/** The undo's plan of `entries` against an order showing `shown` (undefined: a 404), and the cancels its steps send. */
async function planOf(entries: JournalEntry[], shown: Fulfillment[] | undefined, force = false) {
  const cancelled: string[] = [];
  const api = {
    fulfillments: {
      listFor: async () => {
        if (shown === undefined) throw new ApiError('No order has the id', { status: 404 });
        return shown;
      },
      cancel: async (id: string) => {
        cancelled.push(id);
        return fulfillment(id, '', { status: 'cancelled' });
      },
    },
  } as unknown as Api;
  const steps = await fulfillmentUndo.plan(entries, { api, force, started: STARTED, deleted: () => false });
  for (const step of steps) await step.run?.();
  return { steps: steps.map(({ key, action, note }) => ({ key, action, note })), cancelled };
}

const create = (trackingNumber: string): JournalEntry => ({ kind: 'fulfillment-create', orderId: ORDER, trackingNumber });
const created = (trackingNumber: string, made: boolean, id?: string): JournalEntry => ({
  kind: 'fulfillment-created',
  orderId: ORDER,
  trackingNumber,
  made,
  ...(id === undefined ? {} : { id }),
});

describe('fulfillment import: journal', () => {
  it('each create is on disk before its POST; a refused create leaves no key, a made one its id', async () => {
    const journal = await RunJournal.open(scratchDir(), { command: 'fulfillment import', file: 't.csv', store: { profile: 'default' } });
    const seen: string[] = [];
    const store: FulfillmentStore = {
      fulfillmentsOf: async () => [],
      create: async (_order, _lines, tracking) => {
        seen.push(`POST ${tracking.trackingNumber} after ${(await readEntries(journal.dir)).length} entries`);
        if (tracking.trackingNumber === 'NO') throw new ApiError('The order is cancelled', { status: 409 });
        return fulfillment('6200000000000000901', tracking.trackingNumber!);
      },
    };
    const order = { id: ORDER, name: '#1007', fulfillmentStatus: 'unfulfilled', lineItems: [{ id: '6100000000000000009', quantity: 1 }] };
    const other = { ...order, id: '6000000000000000101', name: '#1001' };
    const index = new OrderIndex(
      new Map([
        [ORDER, order],
        [other.id, other],
      ]),
      new Map([['#1001', [other]]]),
      '',
    );
    const run = new Import({
      source: { stream: Readable.from([`order,trackingNumber\n${ORDER},YES\n`, `#1001,NO\n`]), name: 't.csv', size: undefined },
      kind: fulfillmentKind(store, index, fulfillmentWatch(journal)),
      dryRun: false,
      concurrency: 1,
      signal: new AbortController().signal,
    });
    const result = await run.run();
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(seen).toEqual(['POST YES after 1 entries', 'POST NO after 3 entries']);
    const entries = await readEntries(journal.dir);
    expect(fulfillmentTargets(entries)).toEqual([{ orderId: ORDER, trackingNumber: 'YES', ids: new Set(['6200000000000000901']), unsure: false }]);
    await journal.discard();
  });
});

describe('fulfillment import: undo', () => {
  it('cancels the fulfillment the run made, by its id; cancelled already is as before', async () => {
    const entries = [create('1Z1'), created('1Z1', true, '6200000000000000901')];
    const live = await planOf(entries, [fulfillment('6200000000000000001', 'OLD'), fulfillment('6200000000000000901', '1Z1')]);
    expect(live.steps).toMatchObject([{ key: `order ${ORDER} tracking number 1Z1`, action: 'cancel' }]);
    expect(live.cancelled).toEqual(['6200000000000000901']);
    const done = await planOf(entries, [fulfillment('6200000000000000901', '1Z1', { status: 'cancelled' })]);
    expect(done.steps).toMatchObject([{ action: 'as-before', note: 'cancelled already' }]);
    expect(done.cancelled).toEqual([]);
  });

  it("a create whose answer never came: every fulfillment with its number made since the run began is the run's (a resend made two); none is as before", async () => {
    // The answer lost, the order showed none, the create sent again and answered.
    const entries = [create('1Z2'), create('1Z2'), created('1Z2', true, '6200000000000000902')];
    const twice = await planOf(entries, [
      fulfillment('6200000000000000002', '1Z2', { createTime: '2026-11-27T09:00:00Z' }),
      fulfillment('6200000000000000902', '1Z2'),
      fulfillment('6200000000000000903', '1z2'),
    ]);
    expect(twice.cancelled).toEqual(['6200000000000000902', '6200000000000000903']);
    const crashed = await planOf([create('1Z3')], [fulfillment('6200000000000000002', '1Z3', { createTime: '2026-11-27T09:00:00Z' })]);
    expect(crashed.steps).toMatchObject([{ action: 'as-before' }]);
    expect(crashed.cancelled).toEqual([]);
  });

  it('a number changed since the run is left alone, unless forced; an order no longer seen cannot be undone; a refused create is no key', async () => {
    const entries = [create('1Z4'), created('1Z4', true, '6200000000000000904')];
    const renumbered = [fulfillment('6200000000000000904', 'FIXED-4')];
    expect((await planOf(entries, renumbered)).steps).toMatchObject([{ action: 'changed' }]);
    expect((await planOf(entries, renumbered, true)).cancelled).toEqual(['6200000000000000904']);
    expect((await planOf(entries, undefined)).steps).toMatchObject([{ action: 'cannot' }]);
    expect(fulfillmentUndo.keys([create('NO'), created('NO', false)])).toEqual([]);
  });
});
