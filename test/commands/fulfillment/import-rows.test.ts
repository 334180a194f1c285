// fulfillment import's rows against the demo store (in-process, both dialects): one row an
// order or a line item, a parcel's rows made as one fulfillment, an order shipping under the
// number left alone, an order or line shipped under another number a reject naming it; a bad
// file refused whole (exit 2, file, line and column) before anything is sent; --dry-run,
// --rehearse, --all-or-nothing (its check, and its rollback of writes the store refused),
// --max-rejects, --shard, --results, JSON lines; orders read one by one when the listing would
// cost more. The 1,000-row runs, faults and lost answers are import.test.ts's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { cli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { runLogged, startLogged, useLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { manyOrderId, manyOrdersSeed } from '../../helpers/order-seed.js';

interface Stored {
  id: string;
  orderId: string;
  status: string;
  trackingNumber?: string;
  trackingCompany?: string;
  notifyCustomer?: boolean;
  lineItems: Array<{ id: string; quantity: number }>;
}

async function stored(store: LoggedSandbox): Promise<Stored[]> {
  const response = await fetch(`${store.baseUrl}/_sandbox/state`, { headers: { [store.tokenHeader]: store.token } });
  return ((await response.json()) as { fulfillments: Stored[] }).fulfillments;
}

const file = (text: string, name = 'tracking.csv') => {
  const path = join(scratchDir(), name);
  writeFileSync(path, text);
  return path;
};
const writesOf = (requests: readonly string[]) => requests.filter((line) => !line.startsWith('GET '));
const summaryOf = (stdout: string) => JSON.parse(stdout) as Record<string, number | string | null>;

/** The demo's orders: #1001 shipped (UPS 1Z999AA10123456784), #1003 cancelled, #1004 one line of two shipped (DHL), #1005 and #1007 left to ship. */
const MIXED = [
  'order,trackingNumber,carrier,trackingUrl,lineItems,notify',
  // #1004 ships under this number already: left alone.
  '#1004,JD014600006281230000,DHL,,,',
  // ... its shipped line under a new number: a reject naming the number it shipped under.
  '#1004,NEW-1,UPS,,6100000000000000005,',
  '#1004,NEW-2,UPS,https://track.example.com/NEW-2,6100000000000000006,yes',
  // Two rows of one parcel: one fulfillment of both lines.
  '6000000000000000161,P-1,FedEx,,6100000000000000009,',
  '6000000000000000161,P-1,,,6100000000000000010:1,',
  '6000000000000000161,P-2,FedEx,,,',
  '#1001,OTHER-1,UPS,,,',
  '#1003,C-1,UPS,,,',
  '#9999,Q-1,UPS,,,',
  '#1001,1Z999AA10123456784,FedEx,,,',
  '#1005,Z-1,UPS,,,false',
].join('\n');

describe.each(DIALECTS)('fulfillment import rows (%s dialect)', (dialect) => {
  const logged = useLogged({ dialect, seed: 'demo' });

  it('a bad file is refused whole before anything is sent: every problem with its line and column, each in --rejects', async () => {
    const { store } = logged;
    const bad = file(
      [
        'order,trackingNumber,carrier,trackingUrl,lineItems',
        '#1005,A-1,UPS,track.example.com,',
        ',A-2,UPS,,',
        '#1007,A-3,UPS,,6100000000000000009:0',
        '#1007,A-4,UPS,,6100000000000000009',
        '#1005,A-5,UPS,,',
        '#1007,A-4,UPS,,6100000000000000010',
        '#1006,A-6,UPS,,',
        '#1006,A-6,DHL,,',
        '6.5E+18,A-7,UPS,,',
      ].join('\n'),
    );
    const rejects = join(scratchDir(), 'rejects.csv');
    const run = await runLogged(store, ['fulfillment', 'import', bad, '--rejects', rejects]);
    expect(run.code).toBe(2);
    expect(run.requests).toEqual([]);
    expect(run.stderr).toContain(`${bad} has 6 problems (each with its row in ${rejects}); nothing was sent:`);
    expect(run.stderr).toContain('line 2, column trackingUrl: the trackingUrl must be an absolute http or https URL');
    expect(run.stderr).toContain('line 3, column order: the order is empty');
    expect(run.stderr).toContain('line 4, column lineItems: the lineItems "6100000000000000009:0" is not a line item id');
    expect(run.stderr).toContain("line 7: the order's tracking number A-4 is line 5's too, but other rows come between");
    expect(run.stderr).toContain("line 9, column carrier: the carrier DHL is not line 8's (UPS), for the same order and tracking number");
    expect(run.stderr).toContain('line 10, column order: the order is a number in scientific notation');
    const rows = readFileSync(rejects, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('line,order,trackingNumber,carrier,trackingUrl,lineItems,notify,reason');
    expect(rows).toHaveLength(7);

    const header = await runLogged(store, ['fulfillment', 'import', file('order,carrier\n#1005,UPS\n')]);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('the header lacks the column trackingNumber');
    expect(header.requests).toEqual([]);
  });

  it('one row an order or a line: a parcel made once; numbers shipped already left alone; orders and lines shipped under another number rejected, naming it', async () => {
    const { store } = logged;
    const env = store.env();
    const tracking = file(MIXED);
    const dry = await runLogged(store, ['fulfillment', 'import', tracking, '--dry-run', '--json'], { env });
    expect(dry.code).toBe(3);
    // Rows: the parcel P-1 is two of the five created.
    expect(summaryOf(dry.stdout)).toMatchObject({ rows: 11, created: 5, unchanged: 1, failed: 5 });
    expect(writesOf(dry.requests)).toEqual([]);

    const results = join(scratchDir(), 'results.csv');
    const rejects = join(scratchDir(), 'rejects.csv');
    const report = join(scratchDir(), 'report.json');
    const run = await runLogged(
      store,
      ['fulfillment', 'import', tracking, '--json', '--results', results, '--rejects', rejects, '--report', `json=${report}`],
      {
        env,
      },
    );
    expect(run.code).toBe(3);
    const reported = JSON.parse(readFileSync(report, 'utf8')) as { command: string; shards: Array<Record<string, unknown>>; rejects: unknown[] };
    expect(reported.command).toBe('fulfillment import');
    expect(reported.shards[0]).toMatchObject({ rows: 11, created: 5, unchanged: 1, rejected: 5, outcome: 'rejects' });
    expect(reported.rejects).toHaveLength(5);
    expect(summaryOf(run.stdout)).toMatchObject({ rows: 11, created: 5, unchanged: 1, failed: 5 });
    expect(writesOf(run.requests).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(Array(4).fill('POST /api/202412/fulfillments'));
    const reasons = readFileSync(rejects, 'utf8');
    expect(reasons).toContain(
      'line item 6100000000000000005 of order #1004 is shipped already, with tracking number JD014600006281230000 (fulfillment 6200000000000000002)',
    );
    expect(reasons).toContain('order #1001 is fulfilled already, with tracking number 1Z999AA10123456784 (fulfillment 6200000000000000001)');
    expect(reasons).toContain('order #1003 is cancelled, and a cancelled order cannot be fulfilled');
    expect(reasons).toContain('no order is named #9999 among those the token sees');
    expect(reasons).toContain(
      'order #1001 ships tracking number 1Z999AA10123456784 already with the carrier UPS (fulfillment 6200000000000000001), not FedEx: fulfillment update-tracking 6200000000000000001 changes it',
    );
    const made = (await stored(store)).filter((f) => !f.id.startsWith('62000000000000000'));
    const byNumber = new Map(made.map((f) => [f.trackingNumber, f]));
    expect(byNumber.get('P-1')).toMatchObject({ orderId: '6000000000000000161', trackingCompany: 'FedEx', lineItems: [{ quantity: 1 }, { quantity: 1 }] });
    expect(byNumber.get('P-1')!.lineItems.map((line) => String(line.id))).toEqual(['6100000000000000009', '6100000000000000010']);
    expect(byNumber.get('P-2')!.lineItems.map((line) => String(line.id))).toEqual(['6100000000000000011']);
    expect(byNumber.get('NEW-2')).toMatchObject({ orderId: '6000000000000000131', notifyCustomer: true });
    expect(byNumber.get('Z-1')).toMatchObject({ orderId: '6000000000000000141', notifyCustomer: false });
    expect(made).toHaveLength(4);
    // The results: a line a row, the id the store gave or held.
    const lines = readFileSync(results, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('line,key,action,id,before');
    expect(lines).toContainEqual(`2,#1004/JD014600006281230000,unchanged,6200000000000000002,`);
    expect(lines).toContainEqual(`5,6000000000000000161/P-1,created,${byNumber.get('P-1')!.id},`);
    expect(lines).toContainEqual(`6,6000000000000000161/P-1,created,${byNumber.get('P-1')!.id},`);

    // Again: nothing written; the same rows refused.
    const again = await runLogged(store, ['fulfillment', 'import', tracking, '--json'], { env });
    expect(summaryOf(again.stdout)).toMatchObject({ created: 0, unchanged: 6, failed: 5, runId: null });
    expect(writesOf(again.requests)).toEqual([]);

    const undone = await runLogged(store, ['undo', String(summaryOf(run.stdout).runId), '--yes', '--json'], { env });
    expect(JSON.parse(undone.stdout)).toMatchObject({ cancelled: 4, leftAlone: 0 });
    expect((await stored(store)).filter((f) => f.status === 'success').map((f) => f.id)).toEqual(['6200000000000000001', '6200000000000000002']);
  });

  it('--rehearse runs the file on a copy: the plan and its rejects, nothing written to the store', async () => {
    const { store } = logged;
    const before = await stored(store);
    const run = await runLogged(store, ['fulfillment', 'import', file(MIXED), '--rehearse', '--json']);
    expect(run.code).toBe(3);
    expect(summaryOf(run.stdout)).toMatchObject({ rows: 11, created: 5, unchanged: 1, failed: 5 });
    expect(run.stderr).toContain('Rehearsal of');
    expect(run.stderr).toMatch(
      /Copied from the store with \d+ reads \(GET only; nothing was written to it\): the 5 orders the file names, with \d+ fulfillments/,
    );
    expect(writesOf(run.requests)).toEqual([]);
    expect(await stored(store)).toEqual(before);
  });

  it('--all-or-nothing: a row the copy would reject writes nothing; a clean file writes every row', async () => {
    const { store } = logged;
    const env = store.env();
    const refused = await runLogged(store, ['fulfillment', 'import', file(MIXED), '--all-or-nothing'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('would be rejected, so nothing was written');
    expect(writesOf(refused.requests)).toEqual([]);
    const clean = await runLogged(store, ['fulfillment', 'import', file('order,trackingNumber\n#1006,AON-1\n#1005,AON-2\n'), '--all-or-nothing', '--json'], {
      env,
    });
    expect(clean.code, clean.stderr).toBe(0);
    expect(summaryOf(clean.stdout)).toMatchObject({ created: 2, failed: 0 });
    const undone = await cli(['undo', String(summaryOf(clean.stdout).runId), '--yes'], { env });
    expect(undone.code, undone.stderr).toBe(0);
  });

  it('--max-rejects stops sending writes past the limit; --shard 1/2 and 2/2 make every row once between them', async () => {
    const { store } = logged;
    const env = store.env();
    const capped = await runLogged(store, ['fulfillment', 'import', file(MIXED), '--max-rejects', '1', '--concurrency', '1', '--json'], { env });
    expect(capped.code).toBe(3);
    expect(capped.stderr).toContain('Stopped sending writes once more than 1 row was rejected');
    expect(summaryOf(capped.stdout).created).toBeLessThan(5);
    await cli(['undo', String(summaryOf(capped.stdout).runId), '--yes'], { env });

    const sharded = file('order,trackingNumber\n#1005,S-1\n6000000000000000161,S-2\n#1006,S-3\n#1004,S-4\n');
    const one = summaryOf((await cli(['fulfillment', 'import', sharded, '--shard', '1/2', '--json'], { env })).stdout);
    const two = summaryOf((await cli(['fulfillment', 'import', sharded, '--shard', '2/2', '--json'], { env })).stdout);
    expect(Number(one.rows) + Number(two.rows)).toBe(4);
    expect(Number(one.created) + Number(two.created)).toBe(4);
    const numbers = (await stored(store)).filter((f) => f.status === 'success' && f.trackingNumber?.startsWith('S-')).map((f) => f.trackingNumber);
    expect(numbers.sort()).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
    for (const runId of [one.runId, two.runId]) expect((await cli(['undo', String(runId), '--yes'], { env })).code).toBe(0);
  });

  it('JSON lines: the same keys, lineItems also as a list, notify as a boolean, ids as numbers; an unknown key refuses the file', async () => {
    const { store } = logged;
    const env = store.env();
    const lines = [
      JSON.stringify({
        order: '#1007',
        trackingNumber: 'J-1',
        carrier: 'UPS',
        lineItems: ['6100000000000000009', { id: '6100000000000000010', quantity: 1 }],
        notify: true,
      }),
      '{"order": 6000000000000000141, "trackingNumber": "J-2"}',
    ];
    const unknown = await cli(['fulfillment', 'import', file([...lines, '{"order": "#1006", "trackingNumber": "J-3", "weight": 2}'].join('\n'), 'bad.jsonl')], {
      env,
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'line 3: unknown key "weight"; the keys are order, trackingNumber, carrier, trackingUrl, lineItems, notify. Nothing was sent.',
    );
    const run = await cli(['fulfillment', 'import', file(lines.join('\n'), 'tracking.jsonl'), '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stdout)).toMatchObject({ rows: 2, created: 2, failed: 0 });
    const made = (await stored(store)).filter((f) => f.trackingNumber?.startsWith('J-'));
    expect(made.find((f) => f.trackingNumber === 'J-1')).toMatchObject({ notifyCustomer: true, lineItems: [{ quantity: 1 }, { quantity: 1 }] });
    expect(made.find((f) => f.trackingNumber === 'J-2')).toMatchObject({ orderId: '6000000000000000141' });
    expect((await cli(['undo', String(summaryOf(run.stdout).runId), '--yes'], { env })).code).toBe(0);
  });
});

describe('fulfillment import, a dry run without a store to read', () => {
  it('checks the file alone and says so (exit 0), its retries waited in simulated time', async () => {
    const env = { ...scratchDirs(), STORE_CLI_BASE_URL: 'http://127.0.0.1:9', STORE_CLI_TOKEN: 'offline-token-1' };
    const run = await cli(['fulfillment', 'import', file(MIXED), '--dry-run'], { env, clock: new SimClock().autoAdvance() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('11 rows, 11 well-formed; orders not looked up (the store could not be read).');
  });
});

describe.each(DIALECTS)('fulfillment import, --all-or-nothing taking back what the store refused at write time (%s dialect)', (dialect) => {
  it('the copy takes every row, the store then refuses a create: the run cancels what it made, exit 3', async () => {
    // Half the creates are refused by the store (422), and only by it: the copy has no such rule. The seed draws the same each time.
    const store = await startLogged({ dialect, seed: JSON.parse(manyOrdersSeed(8)), faults: ['POST /api/202412/fulfillments 422@0.5'], failSeed: 3 });
    try {
      const rows = Array.from({ length: 8 }, (_, i) => `${manyOrderId(i)},R-${i}`);
      const result = await store.run(['fulfillment', 'import', file(`order,trackingNumber\n${rows.join('\n')}\n`), '--all-or-nothing', '--concurrency', '1']);
      expect(result.code).toBe(3);
      const made = store.log().filter((line) => /^POST \/api\/202412\/fulfillments 20[01] /.test(line)).length;
      expect(made).toBeGreaterThan(0);
      expect(result.stderr).toContain(
        `All or nothing: 1 row was refused when written, so the run's writes were taken back: rolled back ${made} write${made === 1 ? '' : 's'} (${made} fulfillment${made === 1 ? '' : 's'} the run created ${made === 1 ? 'is' : 'are'} cancelled: the API deletes none).`,
      );
      expect((await stored(store)).filter((f) => f.status === 'success')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('fulfillment import: a few orders by id in a large store', () => {
  const logged = useLogged({ seed: JSON.parse(manyOrdersSeed(1000)) });

  it("reads those orders one by one (the listing's 4 pages would cost more than 2 GETs), then creates", async () => {
    const { store } = logged;
    const run = await runLogged(store, ['fulfillment', 'import', file(`order,trackingNumber\n${manyOrderId(5)},ONE-1\n${manyOrderId(900)},ONE-2\n`), '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.requests.map((line) => line.split(' ').slice(0, 2).join(' ').split('?')[0]).sort()).toEqual(
      [
        'GET /api/202412/orders/count',
        `GET /api/202412/orders/${manyOrderId(5)}`,
        `GET /api/202412/orders/${manyOrderId(900)}`,
        'POST /api/202412/fulfillments',
        'POST /api/202412/fulfillments',
      ].sort(),
    );
    expect(run.stderr).toContain("Orders read one by one before the import (2 requests; the store's listing of 1,000 orders would take more).");
  });
});
