// Parallel processes and the locks between them, as real processes only show them: two
// parallel product imports of one file make each product once; two giftcard imports of one file
// at once (as two CI jobs started together) both end 0 with each card once, as the file says
// (the race that once failed rows: a card one run created and disabled, updated by the other,
// which read it in between, must be planned again from the card as it now is; latency on
// updates widens the window); undo refuses a run whose import still writes and goes on once
// that import was killed (-9); four undos racing a dead undo's lock let one through; a lock of
// pid 1 in another pid namespace (another container on the same volume) is neither this
// process nor the host's init; ten parallel `auth login`s and `config set`s all land (each
// change is made under config.json.lock). A config lock left by a process that died, and a
// config folder others may write, are in-process: test/commands/config/file-safety.test.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  BIN,
  type Env,
  exitOf,
  isolatedEnv,
  killLeftovers,
  removeScratch,
  requireBuild,
  run,
  scratch,
  spawnCli,
  spawnGathering,
  until,
} from '../helpers/cli-spawn.js';
import { host, productValuesOf, type HostedStore, useHosted } from '../helpers/hosted-store.js';
import { suiteNeeds } from '../helpers/needs.js';
import { scratchDir } from '../helpers/scratch.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const runsDir = (env: Env) => join(env.STORE_CLI_DATA_DIR!, 'runs');

function csv(name: string, text: string): string {
  const path = join(scratchDir(), name);
  writeFileSync(path, text);
  return path;
}

const values = (ids: readonly string[]) =>
  csv('values.csv', `domain,bizId,namespace,code,value\n${ids.map((id) => `products,${id},lock,kept,v${id}`).join('\n')}\n`);

/** The pid of a process that has ended (and been reaped): a killed process's lock. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

/** Writes `text` into the FIFO at `path` (its readers wait for it); nothing when it is a FIFO no more (or has no reader). */
function writeIfFifo(path: string, text: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch {
    return;
  }
  try {
    if (fstatSync(fd).isFIFO()) writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** The only run kept in the environment's data folder. */
function onlyRun(env: Env): string {
  const ids = existsSync(runsDir(env)) ? readdirSync(runsDir(env)).filter((name) => /^\d{8}T/.test(name)) : [];
  return ids.length === 1 ? ids[0]! : '';
}

describe('product import, one file twice in parallel (spawned)', () => {
  // Each create takes a while, so that the two runs overlap.
  const served = useHosted({ seed: 'demo', faults: { rules: ['POST /api/202412/products 200+40ms'] } });

  it('makes every new product once: both exit 0, the second finding what the first made', { timeout: 90_000 }, async () => {
    const env = served.store.env();
    const count = async () => Number(((await api(served.store, 'GET', '/products/count')).json as { count: string | number }).count);
    const before = await count();
    const rows = Array.from({ length: 50 }, (_, i) => `twice-${i},Twice ${i},TWICE-${i},4.00`);
    const path = csv('products.csv', `handle,title,sku,price\n${rows.join('\n')}\n`);
    const [a, b] = await Promise.all([
      run(['product', 'import', path, '--json'], { env, timeoutMs: 60_000 }),
      run(['product', 'import', path, '--json'], { env, timeoutMs: 60_000 }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const [first, second] = [JSON.parse(a.stdout), JSON.parse(b.stdout)] as Array<{ created: number; unchanged: number }>;
    expect(first!.created + second!.created).toBe(50);
    expect(first!.unchanged + second!.unchanged).toBe(50);
    expect(await count()).toBe(before + 50);
  });
});

describe('undo and the locks of a run (spawned)', () => {
  // Every value write takes a while, so that a run is still writing when undo is asked.
  const served = useHosted({ seed: 'demo', faults: { rules: ['DELETE /api/202412/metafields/** 200+40ms', 'POST /api/202412/metafields/** 200+40ms'] } });
  const exported = (ids: readonly string[]) => productValuesOf(served.store, ids);

  it('refuses a run whose import still writes (exit 2, nothing sent); once that import is killed (-9), undo takes back what it wrote', {
    timeout: 120_000,
  }, async () => {
    const env = served.store.env();
    const ids = Array.from({ length: 200 }, (_, i) => String(7_810_000 + i));
    const before = await exported(ids);
    const importing = spawnCli(['metafield', 'import', values(ids), '--concurrency', '2'], env);
    const runId = await until(
      () => {
        const id = onlyRun(env);
        return id !== '' &&
          existsSync(join(runsDir(env), id, 'before.jsonl')) &&
          readFileSync(join(runsDir(env), id, 'before.jsonl'), 'utf8').split('\n').length > 10
          ? id
          : undefined;
      },
      30_000,
      () => 'the import wrote nothing',
    );
    const refused = await run(['undo', runId, '--yes'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      `error: Run ${runId} is still writing: its import (process ${importing.pid}) holds its journal; undo it once that import has ended. Nothing was sent.`,
    );
    expect(existsSync(join(runsDir(env), runId, 'undo.jsonl'))).toBe(false);

    importing.kill('SIGKILL');
    expect((await exitOf(importing, 10_000)).signal).toBe('SIGKILL');
    const undone = await run(['undo', runId, '--yes', '--json'], { env, timeoutMs: 90_000 });
    expect(undone.code, undone.stderr).toBe(0);
    expect(await exported(ids)).toEqual(before);
  });

  it("four undos racing a killed undo's lock at the same moment: one takes it over and undoes, three are refused", { timeout: 120_000 }, async () => {
    const env = served.store.env();
    const ids = Array.from({ length: 40 }, (_, i) => String(7_820_000 + i));
    const before = await exported(ids);
    const imported = await run(['metafield', 'import', values(ids), '--json'], { env, timeoutMs: 60_000 });
    expect(imported.code, imported.stderr).toBe(0);
    const { runId } = JSON.parse(imported.stdout) as { runId: string };
    // The killed undo's lock is a FIFO until the four are there: a reader of it waits for the
    // test to write the dead owner in, so that they all judge it at the same moment and race
    // to take it over (as they would by chance, rarely). One that does not wait at its read
    // finds no lock in it, which it takes over as well.
    const lockFile = join(runsDir(env), runId, 'undo.lock');
    expect(spawnSync('mkfifo', [lockFile]).status).toBe(0);
    const undos = Array.from({ length: 4 }, () => spawnGathering(['undo', runId, '--yes', '--json', '--concurrency', '1'], env));
    const waiting = (pid: number) =>
      readdirSync(`/proc/${pid}/task`).some((task) => readFileSync(`/proc/${pid}/task/${task}/wchan`, 'utf8').includes('wait_for_partner'));
    await until(
      () => (!lstatSync(lockFile).isFIFO() || undos.every(({ child }) => child.exitCode !== null || waiting(child.pid!)) ? true : undefined),
      30_000,
      () => 'the undos never reached the lock',
    );
    writeIfFifo(lockFile, `${deadPid()}\n`);
    const ends = await Promise.all(
      undos.map(async ({ child, stdout, stderr }) => ({ code: (await exitOf(child, 90_000)).code, stdout: stdout(), stderr: stderr() })),
    );
    const codes = ends.map((u) => u.code).sort();
    expect(codes, ends.map((u) => u.stderr).join('\n')).toEqual([0, 2, 2, 2]);
    for (const refused of ends.filter((u) => u.code === 2))
      expect(refused.stderr).toMatch(/^error: Another undo of this run is under way \((process \d+|another process)\); wait for it/);
    expect(JSON.parse(ends.find((u) => u.code === 0)!.stdout)).toMatchObject({ deleted: 40, asBefore: 0 });
    expect(await exported(ids)).toEqual(before);
  });
});

/** Whether this machine lets a process start as pid 1 of a new pid namespace (root, or user namespaces). */
const PID_NAMESPACES = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

/** `store-cli ARGS` as pid 1 of a pid namespace of its own: a container's first process. */
function spawnAsPidOne(args: readonly string[], env: Env): ChildProcess & { output(): string } {
  const child = spawn('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

function ended(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('close', (code) => resolve(code)),
  );
}

/** The host pid of the process unshare forked (pid 1 inside its namespace). */
function pidOneOf(unshare: ChildProcess): number {
  const children = readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim();
  return Number(children.split(' ')[0]);
}

describe.skipIf(!PID_NAMESPACES)(
  suiteNeeds('locks of pid 1 in pid namespaces of their own (spawned)', 'unshare --pid (root)', PID_NAMESPACES, 'run as root'),
  () => {
    it('two sandboxes that are each pid 1, on one data file: the second is refused, naming pid 1, and no write is lost', { timeout: 60_000 }, async () => {
      const data = join(scratchDir(), 'state.json');
      const env = isolatedEnv();
      const first = spawnAsPidOne(['sandbox', 'serve', '--port', '0', '--json', '--data', data], env);
      try {
        await until(
          () => (first.output().includes('"baseUrl"') ? true : undefined),
          15_000,
          () => `the first sandbox did not start: ${first.output()}`,
        );
        expect(JSON.parse(readFileSync(`${data}.lock`, 'utf8'))).toMatchObject({ pid: 1 });
        const second = spawnAsPidOne(['sandbox', 'serve', '--port', '0', '--json', '--data', data], env);
        expect(await ended(second)).toBe(1);
        expect(second.output()).toContain(
          `error: The sandbox data file ${data} is in use by pid 1 (its lock: ${data}.lock); stop that sandbox first, or use another data file.`,
        );
        // Nor does a process outside any container take it, whose pid 1 is another process.
        const outside = await run(['sandbox', 'reset', '--yes', '--data', data], { env });
        expect(outside.code).toBe(1);
        expect(outside.stderr).toContain('is in use by pid 1');
      } finally {
        process.kill(pidOneOf(first), 'SIGTERM');
        await ended(first);
      }
    });

    it("a killed pid-1 undo's lock, no longer refreshed, does not block the next pid-1 undo; a live one's does", { timeout: 120_000 }, async () => {
      const served = await host({ seed: 'demo', faults: { rules: ['DELETE /api/202412/metafields/** 200+200ms'] } });
      try {
        const env = served.env();
        const ids = Array.from({ length: 30 }, (_, i) => String(7_830_000 + i));
        const imported = await run(['metafield', 'import', values(ids), '--json'], { env, timeoutMs: 60_000 });
        expect(imported.code, imported.stderr).toBe(0);
        const { runId } = JSON.parse(imported.stdout) as { runId: string };
        const lockFile = join(runsDir(env), runId, 'undo.lock');
        const progress = join(runsDir(env), runId, 'undo.jsonl');
        const killed = spawnAsPidOne(['undo', runId, '--yes', '--concurrency', '1'], env);
        await until(
          () => (existsSync(progress) && readFileSync(progress, 'utf8').length > 0 ? true : undefined),
          30_000,
          () => `the first undo wrote nothing: ${killed.output()}`,
        );
        expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: 1 });

        // While it lives, another pid 1 (another container) is refused.
        const refused = spawnAsPidOne(['undo', runId, '--yes'], env);
        expect(await ended(refused)).toBe(2);
        expect(refused.output()).toContain('Another undo of this run is under way (process 1)');

        process.kill(pidOneOf(killed), 'SIGKILL');
        await ended(killed);
        // A minute on, the dead undo's lock has not been refreshed: the next pid-1 undo takes it over.
        const old = new Date(Date.now() - 120_000);
        utimesSync(lockFile, old, old);
        const next = spawnAsPidOne(['undo', runId, '--yes'], env);
        expect(await ended(next), next.output()).toBe(0);
      } finally {
        await served.stop();
      }
    });
  },
);

describe('two giftcard imports of one file, in parallel', () => {
  const served = useHosted({ faults: { rules: ['PUT /api/202412/gift_cards/* 200+400ms'] } });

  it('both exit 0 with no failed row; every card exists once, with the balance and status of the file', { timeout: 60_000 }, async () => {
    const codes = Array.from({ length: 6 }, (_, i) => `PARALLEL${String(i).padStart(8, '0')}`);
    const file = join(scratch().root, 'cards.csv');
    writeFileSync(
      file,
      `code,initialValue,balance,note,status\n${codes.map((code, i) => `${code},50,${20 + i},row ${i},${i % 2 === 0 ? 'disabled' : 'enabled'}`).join('\n')}\n`,
    );
    const env = served.store.env();
    const [a, b] = await Promise.all([
      run(['giftcard', 'import', file, '--json'], { env, timeoutMs: 45_000 }),
      run(['giftcard', 'import', file, '--json'], { env, timeoutMs: 45_000 }),
    ]);
    for (const r of [a, b]) {
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ rows: 6, failed: 0 });
    }
    // Between them, each card was created once.
    expect(JSON.parse(a.stdout).created + JSON.parse(b.stdout).created).toBe(6);
    const { json } = await api(served.store, 'GET', '/gift_cards/search?limit=250');
    const cards = (json as { giftCards: { lastCharacters: string; balance: string; note: string; disableTime?: string }[] }).giftCards;
    expect(cards).toHaveLength(6);
    for (const [i, code] of codes.entries()) {
      const card = cards.find((c) => c.lastCharacters === code.slice(-4))!;
      expect(card).toMatchObject({ balance: String(20 + i), note: `row ${i}` });
      expect(card.disableTime !== undefined && card.disableTime !== null).toBe(i % 2 === 0);
    }
  });
});

function profilesIn(configDir: string): Record<string, { baseUrl?: string; token?: string; defaults?: Record<string, unknown> }> {
  return (JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, never> }).profiles;
}

describe('parallel config writers (spawned)', () => {
  let sandbox: HostedStore;
  beforeAll(async () => {
    sandbox = await host();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  // auth login and config set change the file through one path (core/config.ts, each change
  // under config.json.lock): ten processes at once, of both.
  it('10 parallel auth login --profile pN and config set (keys of one profile and of others): every profile is saved, every setting is kept', {
    timeout: 120_000,
  }, async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    const names = ['p0', 'p1', 'p2', 'p3'];
    const logins = names.map((name) =>
      run(['--profile', name, 'auth', 'login', '--base-url', sandbox.baseUrl, '--with-token'], { env, input: `${sandbox.token}\n`, timeoutMs: 90_000 }),
    );
    const sets = [
      ['config', 'set', 'page-size', '17'],
      ['config', 'set', 'output', 'json'],
      ['config', 'set', 'import-concurrency', '3'],
      ['config', 'set', 'color', 'never'],
      ['--profile', 'q0', 'config', 'set', 'page-size', '20'],
      ['--profile', 'q1', 'config', 'set', 'page-size', '21'],
    ].map((args) => run(args, { env, timeoutMs: 90_000 }));
    const runs = await Promise.all([...logins, ...sets]);
    expect(runs).toHaveLength(10);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const saved = profilesIn(dirs.configDir);
    expect(Object.keys(saved).sort()).toEqual(['default', ...names, 'q0', 'q1']);
    for (const name of names) expect(saved[name]).toMatchObject({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    expect(saved.default?.defaults).toEqual({ 'page-size': 17, output: 'json', 'import-concurrency': 3, color: 'never' });
    expect(saved.q0?.defaults).toEqual({ 'page-size': 20 });
    expect(saved.q1?.defaults).toEqual({ 'page-size': 21 });
  });
});
