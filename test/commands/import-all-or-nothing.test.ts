// --all-or-nothing against an in-process sandbox, for every import that has it: rows only the
// store refuses when they are written (a definition's maximum, the store's code rule, a code
// another discount holds, a discount title on Genstore) are found on a copy of the store before anything is written; a
// write refused only during the real run (a fault rule refusing one request) is rolled back
// from the run's journal, leaving the store exactly as before; a rollback that cannot finish
// names every key left changed, exits 1, and `runs` shows the run as needing undo.
import { describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { brandEnv } from '../helpers/dialects.js';
import { cli, liveCli, scratchDirs } from '../helpers/cli-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';
import { expectNoStackTrace } from '../helpers/stack-trace.js';
import { call, requestLog, waitFor, type LoggedRequest } from './_support.js';
import { csv, freshIds, plainRows, scratchFile } from './metafield/_import.js';
import { SimClock } from '../bulk/sim-clock.js';

const writes = (requests: LoggedRequest[]) => requests.filter((q) => q.method !== 'GET');

/** The whole store, as `sandbox export` writes it. */
async function storeState(sandbox: RunningSandbox): Promise<unknown> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/state`, { headers: { [sandbox.tokenHeader]: sandbox.token } });
  expect(response.status).toBe(200);
  return response.json();
}

async function setFaults(sandbox: RunningSandbox, rules: string[]): Promise<void> {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
    method: 'PUT',
    headers: { [sandbox.tokenHeader]: sandbox.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  expect(response.status, await response.text()).toBe(200);
}

interface Summary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  runId: string | null;
}

const summaryOf = (stdout: string) => JSON.parse(stdout) as Summary;

/** The runs `store-cli runs --json` lists in this data directory. */
async function runsIn(env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const listed = await cli(['runs', '--json'], { env });
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
}

/** A refused run: nothing written, counts of what was written (none), no run id, no undo line, nothing kept. */
async function expectNothingWritten(
  result: { code: number; stdout: string; stderr: string },
  requests: LoggedRequest[],
  env: Record<string, string>,
  rejected: number,
): Promise<void> {
  expect(result.code, result.stderr).toBe(3);
  expect(writes(requests)).toEqual([]);
  expect(result.stderr).toMatch(new RegExp(`All or nothing: ${rejected} rows? would be rejected, so nothing was written`));
  expect(summaryOf(result.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 0, failed: rejected, runId: null });
  expect(result.stderr).not.toContain('undo with');
  expect(await runsIn(env)).toEqual([]);
  expectNoStackTrace(result.stderr);
}

describe('--all-or-nothing: rows the store refuses only when written are found first, on a copy', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook });

  it('metafield import: a weight over its definition maximum (900 kg against 500 kg): nothing is written', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const [a, b, c] = freshIds(3);
    const file = scratchFile(
      'values.csv',
      csv([
        ['products', a!, 'custom', 'material', 'linen'],
        ['products', b!, 'specs', 'weight', '900 kg'],
        ['products', c!, 'custom', 'material', 'wool'],
      ]),
    );
    log.clear();
    const result = await cli(['metafield', 'import', file, '--all-or-nothing', '--json'], { env });
    await expectNothingWritten(result, await log.take(), env, 1);
    expect(result.stderr).toMatch(/line 3: the store refused the value: must be at most 500 kg/);
  });

  it('giftcard import: a code outside the store rule (8 to 20 characters): nothing is written', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const stamp = Date.now().toString(36).toUpperCase();
    const file = scratchFile(
      'cards.csv',
      csv(
        [
          [`AONGOOD1${stamp}`, '10.00'],
          [`S${stamp.slice(-5)}`, '10.00'],
          [`AONGOOD2${stamp}`, '20.00'],
        ],
        ['code', 'initialValue'],
      ),
    );
    log.clear();
    const result = await cli(['giftcard', 'import', file, '--all-or-nothing', '--json'], { env });
    await expectNothingWritten(result, await log.take(), env, 1);
  });

  it('product import: a metafield: column over its definition maximum: nothing is written', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const stamp = Date.now().toString(36);
    const file = scratchFile(
      'products.csv',
      csv(
        [
          [`aon-one-${stamp}`, 'One', '12.00', '1 kg'],
          [`aon-two-${stamp}`, 'Two', '14.00', '900 kg'],
        ],
        ['handle', 'title', 'price', 'metafield:specs.weight'],
      ),
    );
    log.clear();
    const result = await cli(['product', 'import', file, '--all-or-nothing', '--json'], { env });
    await expectNothingWritten(result, await log.take(), env, 1);
  });

  it('discount import: a title another discount holds (Genstore: names are unique): nothing is written', async () => {
    const requests: LoggedRequest[] = [];
    const real = await startSandbox({
      port: 0,
      dialect: 'real',
      seed: 'none',
      onRequest: (line) => requests.push({ method: line.method, path: line.path, status: line.status }),
    });
    try {
      const env = { STORE_CLI_BASE_URL: real.baseUrl, STORE_CLI_TOKEN: real.token, ...brandEnv('real'), ...scratchDirs() };
      const held = await cli(
        ['discount', 'create', '--title', 'Promotion', '--discount-type', 'order', '--value-type', 'percentage', '--value', '10', '--code', 'HELD0001'],
        { env },
      );
      expect(held.code, held.stderr).toBe(0);
      const header = ['code', 'title', 'discountType', 'valueType', 'value'];
      const file = scratchFile(
        'discounts.csv',
        csv(
          [
            ['FRESHA01', 'Fresh A', 'order', 'percentage', '5'],
            ['FRESHB02', 'Promotion', 'order', 'percentage', '5'],
            ['FRESHC03', 'Fresh C', 'order', 'percentage', '5'],
          ],
          header,
        ),
      );
      requests.length = 0;
      const result = await cli(['discount', 'import', file, '--all-or-nothing', '--json'], { env });
      await new Promise((resolve) => setTimeout(resolve, 30));
      await expectNothingWritten(result, requests, env, 1);
    } finally {
      await real.close();
    }
  });
});

describe('--all-or-nothing: a write refused during the real run is rolled back from the journal', () => {
  const s = useSandbox({ seed: 'demo' });
  const DEMO = '4000000000000000401';

  it('rolled back: the store is exactly as before (export before == export after), exit 3, nothing kept', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const [a, b] = freshIds(2);
    // The copy has no faults: only the real run meets this refusal of b's values.
    await setFaults(s.sandbox, [`POST /api/202412/metafields/products/${b} 422`]);
    try {
      const before = await storeState(s.sandbox);
      const file = scratchFile(
        'values.csv',
        csv([
          ['products', DEMO, 'custom', 'material', `silk ${a}`],
          ['products', a!, 'custom', 'material', 'linen'],
          ['products', a!, 'custom', 'stock_floor', '7'],
          ['products', b!, 'custom', 'material', 'wool'],
        ]),
      );
      const result = await cli(['metafield', 'import', file, '--all-or-nothing', '--concurrency', '1', '--json'], { env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toMatch(/rolled back 3 writes/);
      expect(await storeState(s.sandbox)).toEqual(before);
      expect(summaryOf(result.stdout)).toMatchObject({ created: 0, updated: 0, failed: 1, runId: null });
      expect(result.stderr).not.toContain('undo with');
      expect(await runsIn(env)).toEqual([]);
      expectNoStackTrace(result.stderr);
    } finally {
      await setFaults(s.sandbox, []);
    }
  });

  it('a discount import (Genstore): the discount it created is deleted, the store exactly as before, exit 3', async () => {
    const SUMMER = '6100000000000000013';
    // The copy has no faults: only the real run meets this refusal of the demo discount's change.
    const real = await startSandbox({ port: 0, dialect: 'real', seed: 'demo', faults: [`PUT /api/202412/discounts/${SUMMER} 422`] });
    try {
      const env = { STORE_CLI_BASE_URL: real.baseUrl, STORE_CLI_TOKEN: real.token, ...brandEnv('real'), ...scratchDirs() };
      const before = await storeState(real);
      const file = scratchFile(
        'discounts.csv',
        csv(
          [
            ['NEWONE01', 'New one', 'order', 'percentage', '5'],
            ['SUMMER15', '', '', '', '20'],
          ],
          ['code', 'title', 'discountType', 'valueType', 'value'],
        ),
      );
      const result = await cli(['discount', 'import', file, '--all-or-nothing', '--concurrency', '1', '--json'], { env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toMatch(/rolled back 1 write\b/);
      expect(await storeState(real)).toEqual(before);
      expect(summaryOf(result.stdout)).toMatchObject({ created: 0, updated: 0, failed: 1, runId: null });
      expect(await runsIn(env)).toEqual([]);
    } finally {
      await real.close();
    }
  });

  it('a rollback that cannot finish names every key left changed, exits 1, and runs shows the run as needing undo', { timeout: 60_000 }, async () => {
    const env = { ...s.env, ...scratchDirs() };
    const [a, b] = freshIds(2);
    // b's values are refused; the rollback's deletes of a's values fail too (the store keeps failing).
    await setFaults(s.sandbox, [`POST /api/202412/metafields/products/${b} 422`, `DELETE /api/202412/metafields/products/${a} 503`]);
    const before = await storeState(s.sandbox);
    let runId: string;
    try {
      const file = scratchFile(
        'values.csv',
        csv([
          ['products', DEMO, 'custom', 'care_guide', `wash cold ${a}`],
          ['products', a!, 'custom', 'material', 'linen'],
          ['products', a!, 'custom', 'stock_floor', '7'],
          ['products', b!, 'custom', 'material', 'wool'],
        ]),
      );
      // The rollback's retries of the failing deletes wait in simulated time.
      const result = await cli(['metafield', 'import', file, '--all-or-nothing', '--concurrency', '1', '--json'], { env, clock: new SimClock().autoAdvance() });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(`products/${a}/custom.material`);
      expect(result.stderr).toContain(`products/${a}/custom.stock_floor`);
      expect(result.stderr).not.toContain(`products/${DEMO}/custom.care_guide`);
      runId = summaryOf(result.stdout).runId!;
      expect(runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/);
      expect(result.stderr).toContain(`store-cli undo ${runId}`);
      expectNoStackTrace(result.stderr);
      const [listed] = await runsIn(env);
      expect(listed).toMatchObject({ runId, needsUndo: true, undone: null });
      const table = await cli(['runs'], { env });
      expect(table.stdout).toContain('needs undo');
    } finally {
      await setFaults(s.sandbox, []);
    }
    // With the store answering again, undo finishes the job.
    const undone = await cli(['undo', runId, '--yes'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(await storeState(s.sandbox)).toEqual(before);
  });
});

describe('--all-or-nothing: Ctrl-C during the real run', () => {
  let creates = 0;
  const s = useSandbox({ onRequest: (q) => void (q.method === 'POST' && q.status === 200 && (creates += 1)) });

  it('sends nothing more: the writes made so far wait for undo, and runs shows the run as needing it; exit 130', { timeout: 60_000 }, async () => {
    const env = { ...s.env, ...scratchDirs() };
    const { rows } = plainRows(freshIds(500), 2);
    const controller = new AbortController();
    creates = 0;
    // The check runs on a copy (another store): this store's creates are the real run's.
    const live = liveCli(['metafield', 'import', scratchFile('values.csv', csv(rows)), '--all-or-nothing', '--json'], { env, signal: controller.signal });
    await waitFor(() => (creates >= 5 ? true : undefined), 30_000, 'five creates');
    controller.abort();
    const r = await live.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('All or nothing: interrupted, so the writes made so far were not taken back.');
    const { runId } = summaryOf(r.stdout);
    expect(r.stderr).toContain(`store-cli undo ${runId}`);
    expect(await runsIn(env)).toMatchObject([{ runId, needsUndo: true }]);
  });
});

describe('--all-or-nothing: gift cards, whose creates the API cannot delete', () => {
  const s = useSandbox({ seed: 'demo' });

  it('a refused update takes the run back: the card it created is disabled, and said so; exit 3, nothing kept', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const stamp = Date.now().toString(36).toUpperCase();
    const held = { code: `AONHELD${stamp}H7`, id: '' };
    const made = await call(s.sandbox, 'POST', '/gift_cards', { giftCard: { code: held.code, initialValue: '10.00' } });
    held.id = /"id":"?(\d+)"?/.exec(made.text)![1]!;
    // Only the real run meets this refusal: the copy has no faults.
    await setFaults(s.sandbox, [`PUT /api/202412/gift_cards/${held.id} 422`]);
    try {
      const file = scratchFile(
        'cards.csv',
        csv(
          [
            [`AONNEW${stamp}N3`, '25.00', '25.00'],
            [held.code, '10.00', '4.00'],
          ],
          ['code', 'initialValue', 'balance'],
        ),
      );
      const result = await cli(['giftcard', 'import', file, '--all-or-nothing', '--concurrency', '1', '--json'], { env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toMatch(/rolled back 1 write \(1 card the run created is disabled: the API deletes no card\)/);
      expect(summaryOf(result.stdout)).toMatchObject({ created: 0, updated: 0, failed: 1, runId: null });
      expect(await runsIn(env)).toEqual([]);
      const listed = await call(s.sandbox, 'GET', `/gift_cards/search?lastCharacters=${`AONNEW${stamp}N3`.slice(-4)}`);
      const created = (JSON.parse(listed.text).giftCards as Array<{ disableTime?: string | null; balance: string }>).filter(
        (card) => Number(card.balance) === 25,
      );
      expect(created.length).toBe(1);
      expect(created[0]!.disableTime).toBeTruthy();
    } finally {
      await setFaults(s.sandbox, []);
    }
  });
});

describe('--all-or-nothing in --help', () => {
  it.each(['metafield', 'giftcard', 'product', 'discount'])('%s import says that each shard decides alone', async (noun) => {
    const help = await cli([noun, 'import', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(/--all-or-nothing .*With --shard each shard decides alone/);
  });
});

describe('a writing run that wrote nothing keeps no journal', () => {
  const s = useSandbox({ seed: 'demo' });

  it('every row already as the file says: no run id, no undo line, nothing in runs', async () => {
    const env = { ...s.env, ...scratchDirs() };
    const [a] = freshIds(1);
    const file = scratchFile('values.csv', csv([['products', a!, 'custom', 'material', 'linen']]));
    const first = await cli(['metafield', 'import', file, '--json'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(summaryOf(first.stdout).runId).not.toBeNull();
    const again = await cli(['metafield', 'import', file, '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(summaryOf(again.stdout)).toMatchObject({ unchanged: 1, runId: null });
    expect(again.stderr).not.toContain('undo with');
    expect((await runsIn(env)).map((run) => run.runId)).toEqual([summaryOf(first.stdout).runId]);
  });
});
