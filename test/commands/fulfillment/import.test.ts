// fulfillment import, in-process against sandboxes seeded with 1,000 orders (300 in the real dialect):
// a warehouse's tracking file fulfils every order once with its number (at most 1.1 requests a
// row), a re-run sends no write, undo cancels exactly what the run made; faults (--fail-rate)
// and lost answers make no order lost and none shipped twice. The killed run (kill -9) and its
// re-run are test/e2e/kill-and-resume.test.ts's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { cli, scratchDir, scratchDirs, untilDone } from '../../helpers/cli-in-process.js';
import { brandEnv, DIALECTS, type DialectName } from '../../helpers/dialects.js';
import { startLossyProxy } from '../../helpers/lossy-proxy.js';
import { useLogged, runLogged } from '../../helpers/logged-sandbox.js';
import { manyOrderId, manyOrdersSeed, trackingCsv, trackingNumberOf } from '../../helpers/order-seed.js';

const ORDERS = 1000;

interface StoredFulfillment {
  id: string;
  orderId: string;
  status: string;
  trackingNumber?: string;
  trackingCompany?: string;
  lineItems: Array<{ id: string; quantity: number }>;
}

/** The sandbox's fulfillments straight from its state (GET /_sandbox/state), not through the CLI. */
async function storedFulfillments(sandbox: Pick<RunningSandbox, 'baseUrl' | 'token' | 'tokenHeader'>): Promise<StoredFulfillment[]> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/state`, { headers: { [sandbox.tokenHeader]: sandbox.token } });
  return ((await response.json()) as { fulfillments: StoredFulfillment[] }).fulfillments;
}

/** Each order's fulfillments that ship (not cancelled), by order id. */
function shippingByOrder(fulfillments: readonly StoredFulfillment[]): Map<string, StoredFulfillment[]> {
  const by = new Map<string, StoredFulfillment[]>();
  for (const fulfillment of fulfillments.filter((f) => f.status === 'success'))
    by.set(fulfillment.orderId, [...(by.get(fulfillment.orderId) ?? []), fulfillment]);
  return by;
}

/** Every order of the first `count` holds exactly one fulfillment that ships, with its number: none lost, none twice. */
function expectEachOnce(fulfillments: readonly StoredFulfillment[], count: number): void {
  const by = shippingByOrder(fulfillments);
  const wrong = Array.from({ length: count }, (_, index) => index).filter((index) => {
    const own = by.get(manyOrderId(index)) ?? [];
    return own.length !== 1 || own[0]!.trackingNumber !== trackingNumberOf(index);
  });
  expect(wrong, `orders not shipped exactly once with their number (first: ${wrong[0]})`).toEqual([]);
  expect(by.size).toBe(count);
}

const writeFile = (text: string, name = 'tracking.csv') => {
  const path = join(scratchDir(), name);
  writeFileSync(path, text);
  return path;
};

const summaryOf = (stdout: string) =>
  JSON.parse(stdout) as { rows: number; created: number; updated: number; unchanged: number; failed: number; requests: number; runId: string | null };
const writesOf = (requests: readonly string[]) => requests.filter((line) => !line.startsWith('GET '));

// The 1,000-row file in one dialect, a shorter one in the other: the suite stays fast.
describe.each(DIALECTS.map((dialect) => [dialect, dialect === 'service' ? ORDERS : 300] as const))(
  'fulfillment import (%s dialect, %i orders)',
  (dialect, orders) => {
    // The sandbox's rate limit and the runs' pacing in virtual time: a thousand writes each way
    // are not a pacing test (test/e2e/pacing.test.ts is), and waited in real time for seconds.
    const logged = useLogged({ dialect, seed: JSON.parse(manyOrdersSeed(orders)) }, new SimClock().autoAdvance());

    it('fulfils every order once with its number in at most 1.1 requests a row; a re-run sends no write; undo cancels exactly what the run made', {
      timeout: 120_000,
    }, async () => {
      const { store } = logged;
      const env = store.env();
      const file = writeFile(trackingCsv(orders));
      const fresh = await runLogged(store, ['fulfillment', 'import', file, '--json'], { env });
      expect(fresh.code, fresh.stderr).toBe(0);
      const first = summaryOf(fresh.stdout);
      expect(first).toMatchObject({ rows: orders, created: orders, unchanged: 0, failed: 0 });
      // The listing (pages of 250: half the rows name their order by name), then one POST a row.
      expect(fresh.requests.length / orders).toBeLessThanOrEqual(1.1);
      expect(fresh.requests.filter((line) => line.startsWith('GET /api/202412/orders?'))).toHaveLength(Math.ceil(orders / 250));
      expect(writesOf(fresh.requests)).toHaveLength(orders);
      expect(fresh.stderr).toContain(
        `Orders looked up in the store's listing before the import: ${orders.toLocaleString('en-US')} orders read in ${Math.ceil(orders / 250)} pages.`,
      );
      const made = await storedFulfillments(store.sandbox);
      expectEachOnce(made, orders);
      expect(made.find((f) => f.orderId === manyOrderId(3))).toMatchObject({ trackingCompany: 'DHL', lineItems: [{ quantity: 1 }, { quantity: 1 }] });

      const again = await runLogged(store, ['fulfillment', 'import', file, '--json'], { env });
      expect(again.code, again.stderr).toBe(0);
      expect(summaryOf(again.stdout)).toMatchObject({ rows: orders, created: 0, unchanged: orders, failed: 0, runId: null });
      expect(writesOf(again.requests)).toEqual([]);

      const undone = await runLogged(store, ['undo', first.runId!, '--yes', '--json'], { env });
      expect(undone.code, undone.stderr).toBe(0);
      expect(JSON.parse(undone.stdout)).toMatchObject({ cancelled: orders, restored: 0, deleted: 0, leftAlone: 0, failed: 0 });
      const cancels = writesOf(undone.requests);
      expect(cancels).toHaveLength(orders);
      expect(cancels.every((line) => /^PUT \/api\/202412\/fulfillments\/\d+\/cancel /.test(line))).toBe(true);
      const after = await storedFulfillments(store.sandbox);
      expect(after.filter((f) => f.status === 'success')).toEqual([]);
      expect(after).toHaveLength(orders);
    });
  },
);

/** A sandbox of the dialect seeded with `count` orders, for one test, with its options; closed after. */
async function withOrders<T>(
  dialect: DialectName,
  count: number,
  options: Parameters<typeof startSandbox>[0],
  work: (sandbox: RunningSandbox, env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const sandbox = await startSandbox({ port: 0, dialect, seed: JSON.parse(manyOrdersSeed(count)), ...options });
  const env = { ...scratchDirs(), STORE_CLI_BASE_URL: sandbox.baseUrl, STORE_CLI_TOKEN: sandbox.token, ...brandEnv(dialect) };
  try {
    return await work(sandbox, env);
  } finally {
    await sandbox.close();
  }
}

describe.each(DIALECTS)('fulfillment import under faults (%s dialect)', (dialect) => {
  // The 1,000-row file in one dialect, a shorter one in the other: the suite stays fast.
  const rows = dialect === 'service' ? ORDERS : 300;
  it(`--fail-rate 0.2 (500, 503, resets, 429s), ${rows} rows: every order once with its number, none lost, none twice; undo cancels them all`, {
    timeout: 120_000,
  }, async () => {
    const clock = new SimClock().autoAdvance();
    await withOrders(dialect, rows, { failRate: 0.2, failSeed: 36 }, async (sandbox, env) => {
      const file = writeFile(trackingCsv(rows));
      const runs = await untilDone(['fulfillment', 'import', file, '--json'], { env, clock });
      const summaries = runs.map((run) => summaryOf(run.stdout));
      expect(summaries[0]).toMatchObject({ rows, created: rows - summaries[0]!.failed });
      // What a run made, a re-run finds: across the runs, each order's fulfillment made once.
      expect(summaries.reduce((made, summary) => made + summary.created, 0)).toBe(rows);
      expect(runs[0]!.stderr).toMatch(/retried after a failure/);
      expectEachOnce(await storedFulfillments(sandbox), rows);
      for (const { runId } of summaries.filter((summary) => summary.created > 0)) {
        const undos = await untilDone(['undo', runId!, '--yes', '--json'], { env, clock });
        expect(JSON.parse(undos.at(-1)!.stdout)).toMatchObject({ leftAlone: 0, failed: 0 });
      }
      const after = await storedFulfillments(sandbox);
      expect(after.filter((f) => f.status === 'success')).toEqual([]);
      expect(after).toHaveLength(rows);
    });
  });

  it('answers lost after the store made the fulfillment: none sent twice; the journal knows each, so undo cancels every one', { timeout: 60_000 }, async () => {
    const clock = new SimClock().autoAdvance();
    await withOrders(dialect, 200, {}, async (sandbox, env) => {
      let posts = 0;
      // Every third create is made by the store and its answer lost on the way back.
      const proxy = await startLossyProxy(
        sandbox.baseUrl,
        (request) => request.method === 'POST' && request.path.endsWith('/fulfillments') && ++posts % 3 === 0,
      );
      try {
        const file = writeFile(trackingCsv(200));
        const run = await cli(['fulfillment', 'import', file, '--json'], { env: { ...env, STORE_CLI_BASE_URL: proxy.baseUrl }, clock });
        expect(run.code, run.stderr).toBe(0);
        expect(proxy.lost).toBeGreaterThan(50);
        const summary = summaryOf(run.stdout);
        expect(summary).toMatchObject({ rows: 200, created: 200, failed: 0 });
        // Each lost answer was found by its number, never sent again.
        expect(posts).toBe(200);
        expectEachOnce(await storedFulfillments(sandbox), 200);
        // Undone through the same address (the run's store), its cancels' answers delivered.
        const undone = await cli(['undo', summary.runId!, '--yes', '--json'], { env: { ...env, STORE_CLI_BASE_URL: proxy.baseUrl }, clock });
        expect(undone.code, undone.stderr).toBe(0);
        expect(JSON.parse(undone.stdout)).toMatchObject({ cancelled: 200, leftAlone: 0 });
      } finally {
        await proxy.close();
      }
    });
  });
});
