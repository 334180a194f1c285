// Runs killed with -9 (SIGKILL) midway, as real processes against a sandbox, then run
// again: only a process can be killed so. An order export --resume'd to the very bytes of an
// export never interrupted; a metafield export that leaves no file under the --output name and
// its temporary hidden; a product import that makes every product once; an undo that finishes,
// and results and journals that hold whole lines only; a webhook listener whose --log keeps
// every delivery it acknowledged (and is never the file its stdout goes to). The verbs of these
// nouns, their Ctrl-C and their exit codes are in-process: test/commands/order, metafield,
// product, fulfillment, undo and webhook.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type Env,
  exitOf,
  isolatedEnv,
  killLeftovers,
  methodAndPath,
  removeScratch,
  requireBuild,
  run,
  runLogged,
  scratch,
  spawnCli,
  spawnGathering,
  until,
} from '../helpers/cli-spawn.js';
import { host, productValuesOf, type HostedStore, useHosted } from '../helpers/hosted-store.js';
import { manyOrderId, manyOrdersSeed, trackingCsv, trackingNumberOf } from '../helpers/order-seed.js';
import { scratchDir } from '../helpers/scratch.js';
import { listen, sign } from './webhook-helpers.js';
import { catalogFile } from '../helpers/product-catalog-file.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

// A kill -9 and the resume after it are the process's: in the real dialect (Genstore's). Both
// dialects' pages, and a resume after Ctrl-C, in-process: test/commands/order/export-interrupted.test.ts.
describe.each(['real'] as const)('order export resumed after kill -9 (spawned, %s dialect)', (dialect) => {
  let sandbox: HostedStore;
  const folder = scratch().root;

  beforeAll(async () => {
    writeFileSync(join(folder, 'seed.json'), manyOrdersSeed(3000));
    // Each page of 250 orders answered 150 ms late: an export takes about 2 s, and a kill lands midway.
    sandbox = await host({ seed: join(folder, 'seed.json'), dialect, faults: { rules: ['GET /api/202412/orders 200+150ms'] } });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('--resume goes on after the last page recorded and ends with the bytes of an export never interrupted', { timeout: 60_000 }, async () => {
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const whole = join(folder, 'whole.csv');
    const clean = await run(['order', 'export', '--since', since, '--output', whole], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stderr).toMatch(/Exported 3,?000 orders, 6,?000 rows/);

    const output = join(folder, 'killed.csv');
    const progress = `${output}.progress.json`;
    const { child, stderr } = spawnGathering(['order', 'export', '--since', since, '--output', output], sandbox.env());
    await until(
      () => (existsSync(progress) && (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders >= 500 ? true : undefined),
      20_000,
      () => `no progress; stderr:\n${stderr()}`,
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 10_000)).signal).toBe('SIGKILL');
    expect(existsSync(output)).toBe(false);
    expect(existsSync(`${output}.partial`)).toBe(true);
    const done = (JSON.parse(readFileSync(progress, 'utf8')) as { orders: number }).orders;
    expect(done).toBeLessThan(3000);
    // A torn last write: bytes beyond what the progress counts are cut on resume.
    writeFileSync(`${output}.partial`, 'torn,line', { flag: 'a' });

    const resumed = await run(['order', 'export', '--since', since, '--output', output, '--resume', '--json'], { env: sandbox.env(), timeoutMs: 40_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { orders: number; resumedAfter: string };
    expect(summary.orders).toBe(3000);
    expect(summary.resumedAfter).toBe(String(6_500_000_000_000_000_000n + BigInt(done - 1)));
    expect(readFileSync(output, 'utf8')).toBe(readFileSync(whole, 'utf8'));
    expect(existsSync(`${output}.partial`) || existsSync(progress)).toBe(false);
  });
});

describe('metafield export killed midway (spawned)', () => {
  let sandbox: HostedStore;
  const listings = () => sandbox.log().filter((line) => /^GET \/api\/202412\/metafields\/\S+ 200 /.test(line)).length;

  beforeAll(async () => {
    // A rate limit makes a run last long enough to be stopped in the middle.
    sandbox = await host({ rateLimit: { rps: 60, burst: 10 } });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('SIGKILL: no file under the --output name; its temporary stays hidden, and the next export to the name removes it', { timeout: 60_000 }, async () => {
    const folder = scratch().root;
    const objects = join(folder, 'objects.csv');
    writeFileSync(objects, `domain,bizId\n${Array.from({ length: 500 }, (_, i) => `products,${5_000_000 + i}`).join('\n')}\n`);
    const output = join(folder, 'values.csv');
    const before = listings();
    const { child, stderr } = spawnGathering(['metafield', 'export', '--objects', objects, '--output', output, '--json'], sandbox.env());
    await until(
      () => (listings() - before >= 15 ? true : undefined),
      20_000,
      () => `no progress; stderr:\n${stderr()}`,
    );
    child.kill('SIGKILL');
    const end = await exitOf(child, 10_000);
    expect(existsSync(output)).toBe(false);
    expect(end.signal).toBe('SIGKILL');
    expect(readdirSync(folder).filter((name) => name.endsWith('.part'))).toHaveLength(1);
    writeFileSync(objects, 'domain,bizId\nproducts,5000000\n');
    const next = await run(['metafield', 'export', '--objects', objects, '--output', output], { env: sandbox.env() });
    expect(next.code, next.stderr).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['objects.csv', 'values.csv']);
  });
});

const writes = (requests: readonly string[]) => requests.map(methodAndPath).filter((line) => !line.startsWith('GET '));

/** A demo store without its products: its categories, collections and locations stay. */
async function emptied(store: HostedStore): Promise<HostedStore> {
  const listed = await api(store, 'GET', '/products?limit=250');
  for (const product of (listed.json as { products: Array<{ productId: unknown }> }).products) {
    expect((await api(store, 'DELETE', `/products/${String(product.productId)}`)).status).toBeLessThan(300);
  }
  return store;
}

// In the real dialect, as above; both dialects' re-runs over faults in-process: test/commands/product/import-export.test.ts.
describe.each(['real'] as const)('product import after a kill (spawned, %s dialect)', (dialect) => {
  let store: HostedStore;
  beforeAll(async () => {
    // Each create takes a while, so that a run lasts long enough to be stopped in the middle.
    store = await emptied(await host({ seed: 'demo', dialect, faults: { rules: ['POST /api/202412/products 200+100ms'] } }));
  }, 30_000);
  afterAll(async () => {
    await store?.stop();
  });

  const productsTitled = async (prefix: string) => {
    const listed = await api(store, 'GET', '/products?limit=250');
    return (listed.json as { products: Array<{ title: string }> }).products.filter((product) => product.title.startsWith(`${prefix} `)).length;
  };

  it('killed midway (SIGKILL), then run again: every product once, and a third run sends no write', { timeout: 120_000 }, async () => {
    const file = catalogFile(scratchDir(), 'kill', 40);
    const child = spawnCli(['product', 'import', file, '--concurrency', '2'], store.env());
    child.stdin!.end();
    await until(
      async () => ((await productsTitled('kill')) >= 5 ? true : undefined),
      30_000,
      () => 'fewer than 5 products made',
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 5_000)).signal).toBe('SIGKILL');
    const partial = await productsTitled('kill');
    expect(partial).toBeLessThan(40);

    const again = await run(['product', 'import', file, '--json'], { env: store.env(), timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout) as { rows: number; created: number; unchanged: number; failed: number };
    expect(summary).toMatchObject({ rows: 80, failed: 0 });
    expect(summary.unchanged).toBeGreaterThan(0);
    expect(summary.created + summary.unchanged).toBe(80);
    expect(await productsTitled('kill')).toBe(40);

    const third = await runLogged(store, ['product', 'import', file, '--json'], { timeoutMs: 40_000 });
    expect(JSON.parse(third.stdout)).toMatchObject({ rows: 80, created: 0, updated: 0, unchanged: 80, failed: 0 });
    expect(writes(third.requests)).toEqual([]);
  });
});

describe('fulfillment import after a kill (spawned)', () => {
  const ORDERS = 200;
  let store: HostedStore;
  const folder = scratch().root;

  beforeAll(async () => {
    writeFileSync(join(folder, 'seed.json'), manyOrdersSeed(ORDERS));
    // Each create answered 20 ms late: a run takes a few seconds, and a kill lands midway.
    store = await host({ seed: join(folder, 'seed.json'), faults: { rules: ['POST /api/202412/fulfillments 200+20ms'] } });
  });
  afterAll(async () => {
    await store?.stop();
  });

  /** The fulfillments that ship (not cancelled), straight from the sandbox's state. */
  const shipping = async () => {
    const response = await fetch(`${store.baseUrl}/_sandbox/state`, { headers: { [store.tokenHeader]: store.token } });
    const state = (await response.json()) as { fulfillments: Array<{ orderId: string; trackingNumber: string; status: string }> };
    return state.fulfillments.filter((fulfillment) => fulfillment.status === 'success');
  };

  it('killed midway (SIGKILL), then run again: every order shipped once with its number, and a third run sends no write', { timeout: 120_000 }, async () => {
    const file = join(folder, 'tracking.csv');
    writeFileSync(file, trackingCsv(ORDERS));
    const env = store.env();
    const child = spawnCli(['fulfillment', 'import', file, '--concurrency', '2'], env);
    child.stdin!.end();
    await until(
      async () => ((await shipping()).length >= 30 ? true : undefined),
      30_000,
      () => 'fewer than 30 orders shipped',
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 5_000)).signal).toBe('SIGKILL');
    const partial = (await shipping()).length;
    expect(partial).toBeLessThan(ORDERS);

    const again = await run(['fulfillment', 'import', file, '--json'], { env, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout) as { rows: number; created: number; unchanged: number; failed: number };
    expect(summary).toMatchObject({ rows: ORDERS, failed: 0 });
    expect(summary.unchanged).toBeGreaterThanOrEqual(partial);
    expect(summary.created + summary.unchanged).toBe(ORDERS);
    // None lost, none twice: each order ships once, with its own number.
    const shipped = await shipping();
    expect(shipped).toHaveLength(ORDERS);
    const byOrder = new Map(shipped.map((fulfillment) => [fulfillment.orderId, fulfillment.trackingNumber]));
    for (let index = 0; index < ORDERS; index++) expect(byOrder.get(manyOrderId(index))).toBe(trackingNumberOf(index));

    const third = await runLogged(store, ['fulfillment', 'import', file, '--json'], { env, timeoutMs: 40_000 });
    expect(JSON.parse(third.stdout)).toMatchObject({ rows: ORDERS, created: 0, unchanged: ORDERS, failed: 0 });
    expect(writes(third.requests)).toEqual([]);
  });
});

function csv(rows: readonly string[]): string {
  const path = join(scratchDir(), 'rows.csv');
  writeFileSync(path, `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
  return path;
}

/** One environment (one data directory) for every run of a test: the journal is there. */
const envOf = (sandbox: HostedStore): Env => sandbox.env();
const runsDir = (env: Env) => join(env.STORE_CLI_DATA_DIR!, 'runs');

async function imported(env: Env, rows: readonly string[], extra: readonly string[] = []): Promise<{ runId: string; stderr: string }> {
  const result = await run(['metafield', 'import', csv(rows), '--json', ...extra], { env });
  expect(result.code, result.stderr).toBe(0);
  const { runId } = JSON.parse(result.stdout) as { runId: string };
  expect(runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/);
  expect(result.stderr).toContain(`Run ${runId}: undo with store-cli undo ${runId}`);
  return { runId, stderr: result.stderr };
}

describe('undo and results under SIGKILL (spawned)', () => {
  // Every write of a metafield takes a while, so that a kill lands in the middle of a run.
  const served = useHosted({ seed: 'demo', faults: { rules: ['DELETE /api/202412/metafields/** 200+60ms', 'POST /api/202412/metafields/** 200+30ms'] } });
  const ids = Array.from({ length: 40 }, (_, i) => String(7_400_000 + i));

  it('an undo killed with SIGKILL finishes when run again, and the store is as before the run', async () => {
    const env = envOf(served.store);
    const before = await productValuesOf(served.store, ids);
    const { runId } = await imported(
      env,
      ids.map((id) => `products,${id},ns,value,v${id}`),
      ['--concurrency', '4'],
    );
    const progress = join(runsDir(env), runId, 'undo.jsonl');
    const child = spawnCli(['undo', runId, '--yes', '--concurrency', '1'], env);
    await until(
      () => (existsSync(progress) && readFileSync(progress, 'utf8').split('\n').length > 5 ? true : undefined),
      30_000,
      () => 'no progress of the undo',
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 10_000)).signal).toBe('SIGKILL');
    // The killed undo's lock is left behind: the next undo takes it over.
    expect(existsSync(join(runsDir(env), runId, 'undo.lock'))).toBe(true);
    const doneBefore = readFileSync(progress, 'utf8').trim().split('\n').length;
    expect(doneBefore).toBeLessThan(ids.length);

    const again = await run(['undo', runId, '--yes', '--json'], { env, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/undone by an earlier undo: \d+/);
    const counts = JSON.parse(again.stdout) as { deleted: number; asBefore: number };
    expect(counts.deleted + counts.asBefore).toBe(ids.length);
    expect(await productValuesOf(served.store, ids)).toEqual(before);
  }, 120_000);

  it('a results file and a journal cut by SIGKILL hold whole lines only, each write of the results in the journal', async () => {
    const env = envOf(served.store);
    const results = join(scratchDir(), 'results.csv');
    const rows = Array.from({ length: 400 }, (_, i) => `products,${7_500_000 + i},ns,value,"v, ${i}"`);
    const child = spawnCli(['metafield', 'import', csv(rows), '--results', results, '--concurrency', '2'], env);
    await until(
      () => (existsSync(results) && readFileSync(results, 'utf8').split('\n').length > 20 ? true : undefined),
      30_000,
      () => 'no results written',
    );
    child.kill('SIGKILL');
    expect((await exitOf(child, 10_000)).signal).toBe('SIGKILL');

    const text = readFileSync(results, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines[0]).toBe('line,key,action,id,before');
    expect(lines.length).toBeLessThan(rows.length + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d+,products\/75\d{5}\/ns\.value,created,,$/);

    const [runId] = readdirSync(runsDir(env))
      .filter((name) => !name.startsWith('.'))
      .sort()
      .reverse();
    const journal = readFileSync(join(runsDir(env), runId!, 'before.jsonl'), 'utf8');
    expect(journal.endsWith('\n')).toBe(true);
    const written = new Set(
      journal
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { bizId: string }).bizId),
    );
    for (const line of lines.slice(1)) expect(written.has(line.split(',')[1]!.split('/')[1]!)).toBe(true);
  }, 120_000);
});

const SECRET = 'whsec-log-e2e-1';

function post(url: string, id: string, body: string): Promise<number> {
  const target = new URL(url);
  const headers = {
    'Content-Type': 'application/json',
    'X-Service-Topic': 'products/update',
    'X-Service-Webhook-Id': id,
    'X-Service-Hmac-Sha256': sign(body, SECRET),
  };
  return new Promise((resolve, reject) => {
    const req = request(target, { method: 'POST', agent: false, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const loggedIds = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { headers: Array<[string, string]> }).headers.find(([name]) => name === 'X-Service-Webhook-Id')![1]);

describe('webhook listen --log (spawned)', () => {
  it('every acknowledged delivery survives kill -9 of the listener, each a whole line', async () => {
    const file = join(scratch().root, 'deliveries.jsonl');
    const l = await listen(['--secret', SECRET, '--log', file]);
    const acknowledged: string[] = [];
    let next = 0;
    // Five senders at a time; the listener is killed once 25 deliveries are acknowledged,
    // while others are in flight.
    const killed = new Promise<void>((resolve) => {
      const sender = async () => {
        while (next < 200 && l.child.exitCode === null && l.child.signalCode === null) {
          const id = `wh-kill-${next++}`;
          const body = JSON.stringify({ productId: String(5000 + next), title: `Delivery ${id}`, pad: 'p'.repeat(2000) });
          try {
            if ((await post(l.url, id, body)) === 200) acknowledged.push(id);
          } catch {
            return; // the listener is gone: this one was never acknowledged
          }
          if (acknowledged.length >= 25 && !l.child.killed) {
            l.child.kill('SIGKILL');
            resolve();
          }
        }
      };
      void Promise.all(Array.from({ length: 5 }, sender)).then(() => resolve());
    });
    await killed;
    const end = await l.stop('SIGKILL');
    expect(end.signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);
    const kept = loggedIds(file); // throws if a line is torn
    for (const id of acknowledged) expect(kept).toContain(id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a --log that is the file stdout goes to, with exit 2', async () => {
    const file = join(scratch().root, 'same.jsonl');
    const fd = openSync(file, 'a');
    const child = spawnCli(['webhook', 'listen', '--port', '0', '--log', file], isolatedEnv(), 'pipe', fd);
    closeSync(fd);
    child.stdin!.end();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const end = await exitOf(child, 10_000);
    expect(end.code).toBe(2);
    expect(stderr).toBe(`error: --log ${file}: it is the file stdout goes to, give another file; nothing was listened to.\n`);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
