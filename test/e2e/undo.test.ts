// Undo and the results file under SIGKILL, as real processes against a served sandbox: an
// undo killed with SIGKILL finishes when run again; a results file and a journal cut by
// SIGKILL hold whole lines only. The rest of undo is test/commands/undo/undo.test.ts's.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, run, spawnCli, until, useServed, type Env, type ServeHandle } from '../helpers/cli-spawn.js';
import { scratchDir } from '../helpers/scratch.js';

function csv(rows: readonly string[]): string {
  const path = join(scratchDir(), 'rows.csv');
  writeFileSync(path, `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
  return path;
}

/** One environment (one data directory) for every run of a test: the journal is there. */
const envOf = (sandbox: ServeHandle): Env => sandbox.env();
const runsDir = (env: Env) => join(env.STORE_CLI_DATA_DIR!, 'runs');

async function exportOf(env: Env, ids: readonly string[]): Promise<string> {
  const result = await run(['metafield', 'export', '--domain', 'products', ...ids], { env });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

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
  const served = useServed(['--json', '--demo', '--fault', 'DELETE /api/202412/metafields/** 200+60ms', '--fault', 'POST /api/202412/metafields/** 200+30ms']);
  const ids = Array.from({ length: 40 }, (_, i) => String(7_400_000 + i));

  it('an undo killed with SIGKILL finishes when run again, and the store is as before the run', async () => {
    const env = envOf(served.sandbox);
    const before = await exportOf(env, ids);
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
    expect(await exportOf(env, ids)).toBe(before);
  }, 120_000);

  it('a results file and a journal cut by SIGKILL hold whole lines only, each write of the results in the journal', async () => {
    const env = envOf(served.sandbox);
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
