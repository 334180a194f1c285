// Durability as a user meets it: `sandbox serve --data F` killed with -9 in the middle of an
// import keeps every value it answered 200 for; parallel `--sandbox` commands keep every
// change; a second sandbox on a data file in use is refused.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  BIN,
  exitOf,
  isolatedEnv,
  killLeftovers,
  removeScratch,
  requireBuild,
  run,
  scratch,
  serve,
  shq,
  spawnCli,
  until,
  type Env,
  type ServeHandle,
} from '../helpers/cli-spawn.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const VALUES_PER_OBJECT = 5;

/** A CSV of `objects` products with five values each; the value of a cell says where it belongs. */
function valuesFile(path: string, firstId: number, objects: number): void {
  const lines = ['domain,bizId,namespace,code,value'];
  for (let o = 0; o < objects; o++) {
    for (let k = 0; k < VALUES_PER_OBJECT; k++) lines.push(`products,${firstId + o},ns,code${k},value ${k} of ${firstId + o}`);
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** Objects whose create the sandbox logged as answered 200 (its request log on stderr, written after the answer). */
const acknowledged = (sandbox: ServeHandle) =>
  [...sandbox.stderr().matchAll(/^POST \/api\/202412\/metafields\/products\/(\d+) 200 /gm)].map((match) => match[1] as string);

describe('sandbox serve --data F, killed with -9 during an import', () => {
  it('keeps every value it answered 200 for, and leaves no temp file after the restart', { timeout: 90_000 }, async () => {
    const dir = scratch().root;
    const file = join(dir, 'state', 'sandbox.json');
    const csv = join(dir, 'values.csv');
    valuesFile(csv, 5_100_000, 3_000);
    const first = await serve(['--json', '--token', 't', '--data', file]);
    const importer = spawnCli(['metafield', 'import', csv], first.env());
    importer.stdin!.end();
    // A random moment: after somewhere between 10 and 210 acknowledged creates.
    const killAfter = 10 + Math.floor(Math.random() * 200);
    await until(
      () => (acknowledged(first).length >= killAfter ? true : undefined),
      60_000,
      () => `only ${acknowledged(first).length} creates logged`,
    );
    first.child.kill('SIGKILL');
    expect((await exitOf(first.child, 10_000)).signal).toBe('SIGKILL');
    importer.kill('SIGKILL');
    await exitOf(importer, 10_000);
    const answered = acknowledged(first);
    expect(answered.length).toBeGreaterThanOrEqual(killAfter);
    expect(answered.length).toBeLessThan(3_000);

    // As a kill in the middle of folding the journal into F would leave one.
    writeFileSync(`${file}.99999.deadbeef.tmp`, '{"format": "store-cli-sandbox", "ver');
    // The dead sandbox's lock does not keep the restart out.
    const second = await serve(['--json', '--token', 't', '--data', file]);
    try {
      expect(readdirSync(dirname(file)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      const missing: string[] = [];
      for (const bizId of answered) {
        const reply = await api(second, 'GET', `/metafields/products/${bizId}`);
        const values = new Map((reply.json as { metafields: Array<{ code: string; value: string }> }).metafields.map((v) => [v.code, v.value]));
        for (let k = 0; k < VALUES_PER_OBJECT; k++) if (values.get(`code${k}`) !== `value ${k} of ${bizId}`) missing.push(`${bizId}/code${k}`);
      }
      expect(missing, `${missing.length} of ${answered.length * VALUES_PER_OBJECT} acknowledged values lost`).toEqual([]);
    } finally {
      expect((await second.stop()).code).toBe(0);
    }
    expect(readdirSync(dirname(file))).toEqual(['sandbox.json']);
  });
});

/**
 * Runs the CLI as `sh -c` that first writes `lockFile` naming the shell's pid, then execs the
 * CLI in the same process: the lock names the CLI's own pid, as a container's pid 1 finds
 * its former life's lock after a kill -9 and a restart.
 */
function runWithOwnPidLock(
  lockFile: string,
  args: readonly string[],
  env: Env,
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string; pid: number }> {
  const script = `printf '%s\\n' "$$" > ${shq(lockFile)} && exec ${shq(process.execPath)} ${shq(BIN)} ${args.map(shq).join(' ')}`;
  const child = spawn('sh', ['-c', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, pid: child.pid! });
    });
  });
}

describe('a lock naming the process that finds it', () => {
  it('is a former life of its pid (pid 1 in a container after kill -9): sandbox reset and --sandbox go on at once', { timeout: 60_000 }, async () => {
    const file = join(scratch().root, 'state.json');
    writeFileSync(file, '');
    const reset = await runWithOwnPidLock(`${file}.lock`, ['sandbox', 'reset', '--yes', '--data', file], isolatedEnv(), 20_000);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).not.toContain(`pid ${reset.pid}`);

    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    const first = await run(['--sandbox', 'giftcard', 'count', '--json'], { env });
    expect(first.code, first.stderr).toBe(0);
    const lockFile = join(dirs.dataDir, 'sandbox.json.lock');
    const counted = await runWithOwnPidLock(lockFile, ['--sandbox', 'giftcard', 'count', '--json'], env, 20_000);
    expect(counted.code, counted.stderr).toBe(0);
    expect(counted.stderr).toBe('');
    expect(JSON.parse(counted.stdout)).toEqual(JSON.parse(first.stdout));
  });

  it('a lock of a live process that records its start time is honoured, and names the pid without calling it a store-cli command', async () => {
    const file = join(scratch().root, 'state.json');
    // This test's own process: alive, with the start time /proc gives it.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(`${file}.lock`, `${process.pid} ${start}\n`);
    const refused = await run(['sandbox', 'serve', '--port', '0', '--data', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `error: The sandbox data file ${file} is in use by pid ${process.pid} (its lock: ${file}.lock); stop that sandbox first, or use another data file.\n`,
    );
    // The same pid, recorded with another start time: a process that reused the pid, so the lock is stale.
    writeFileSync(`${file}.lock`, `${process.pid} ${Number(start) - 1}\n`);
    const reset = await run(['sandbox', 'reset', '--yes', '--data', file]);
    expect(reset.code, reset.stderr).toBe(0);
  });
});

describe('one sandbox per data file', () => {
  it('a second sandbox serve on a data file in use exits 1 at once, naming the owner; so does sandbox reset', async () => {
    const file = join(scratch().root, 'sandbox.json');
    const first = await serve(['--json', '--token', 't', '--data', file]);
    try {
      const second = await run(['sandbox', 'serve', '--port', '0', '--data', file]);
      expect(second.code).toBe(1);
      expect(second.stdout).toBe('');
      expect(second.stderr).toContain(
        `The sandbox data file ${file} is in use by pid ${first.child.pid} (its lock: ${file}.lock); stop that sandbox first, or use another data file.`,
      );
      expect(second.stderr).not.toMatch(STACK_LINE);
      const reset = await run(['sandbox', 'reset', '--yes', '--data', file]);
      expect(reset.code).toBe(1);
      expect(reset.stderr).toContain(`in use by pid ${first.child.pid} `);
      expect((await api(first, 'GET', '/gift_cards/count')).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('a --sandbox command waits for the sandbox that holds its state, says so, and goes on once it stops; Ctrl-C ends the wait (130)', {
    timeout: 60_000,
  }, async () => {
    const dirs = scratch();
    const env = isolatedEnv({}, dirs);
    const holder = await serve(['--json', '--token', 't', '--data', join(dirs.dataDir, 'sandbox.json')]);
    expect((await api(holder, 'POST', '/gift_cards', { giftCard: { code: 'HOLDERCARD01', initialValue: '3' } })).status).toBe(200);
    const waiting = /^Waiting for pid (\d+), which holds the embedded sandbox's state \(.*sandbox\.json\.lock\), to let go of it\.\.\.$/m;
    const stderrOf = (child: ReturnType<typeof spawnCli>) => {
      let text = '';
      child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stdin!.end();
      return () => text;
    };

    const interrupted = spawnCli(['--sandbox', 'giftcard', 'count', '--json'], env);
    const interruptedErr = stderrOf(interrupted);
    await until(
      () => interruptedErr().match(waiting) ?? undefined,
      20_000,
      () => `no waiting notice:\n${interruptedErr()}`,
    );
    interrupted.kill('SIGINT');
    expect((await exitOf(interrupted, 10_000)).code).toBe(130);

    const patient = spawnCli(['--sandbox', 'giftcard', 'count', '--json'], env);
    let stdout = '';
    patient.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const patientErr = stderrOf(patient);
    const notice = await until(
      () => patientErr().match(waiting) ?? undefined,
      20_000,
      () => `no waiting notice:\n${patientErr()}`,
    );
    expect(Number(notice[1])).toBe(holder.child.pid);
    expect((await holder.stop()).code).toBe(0);
    expect((await exitOf(patient, 20_000)).code).toBe(0);
    // It read the state only after the holder's last write: the holder's card, no demo set.
    expect(JSON.parse(stdout)).toEqual({ count: 1 });
  });

  it('ten parallel --sandbox giftcard create: all exit 0, and all ten cards are kept with distinct ids', { timeout: 120_000 }, async () => {
    const env = isolatedEnv();
    const count = async () => {
      const r = await run(['--sandbox', 'giftcard', 'count', '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { count: number }).count;
    };
    const before = await count();
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => run(['--sandbox', 'giftcard', 'create', '--initial-value', '5', '--json', 'id,code'], { env, timeoutMs: 90_000 })),
    );
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      // The only thing a waiting command may say: that it waits, and for whom.
      expect(r.stderr).toMatch(/^(Waiting for pid \d+, which holds the embedded sandbox's state \(.*\), to let go of it\.\.\.\n)?$/);
    }
    const created = runs.map((r) => JSON.parse(r.stdout) as { id: string; code: string });
    expect(new Set(created.map((card) => card.id)).size).toBe(10);
    expect(new Set(created.map((card) => card.code)).size).toBe(10);
    // Every card is kept: one listing of the store holds ten more cards than before, each id among
    // them (a run a card, spawned, cost ten processes; a count after them, one more).
    const listed = await run(['--sandbox', 'giftcard', 'search', '--limit', '250', '--json', 'id'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const ids = (JSON.parse(listed.stdout) as Array<{ id: string }>).map((card) => card.id);
    expect(before + 10).toBeLessThan(250); // the one page holds them all
    expect(ids).toHaveLength(before + 10);
    const kept = new Set(ids);
    for (const { id } of created) expect(kept.has(id), id).toBe(true);
  });
});
