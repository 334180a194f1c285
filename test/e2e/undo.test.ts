// Undo and the results file on real runs against the spawned sandbox: export before, import,
// undo, export after is byte for byte the same (values the import created are gone again);
// a key someone else changed since is left alone without --force; an undo killed with
// SIGKILL finishes when run again; a results file and a journal cut by SIGKILL hold whole
// lines only.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, run, spawnCli, until, useServed, type Env, type ServeHandle } from '../helpers/cli-spawn.js';
import { DIALECTS } from '../helpers/dialects.js';
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

describe.each(DIALECTS)('undo (%s dialect, spawned)', (dialect) => {
  const served = useServed(['--json', '--demo', '--dialect', dialect]);
  const DEMO = ['4000000000000000401', '4000000000000000431'];

  it('export, import, undo, export: byte-identical, values that were absent included; a second undo changes nothing', async () => {
    const env = envOf(served.sandbox);
    const before = await exportOf(env, DEMO);
    const { runId } = await imported(env, [
      `products,${DEMO[0]},custom,material,silk`,
      `products,${DEMO[0]},custom,brand_new,"hello, world"`,
      `products,${DEMO[1]},custom,material,porcelain`,
      `products,${DEMO[1]},custom,stock_floor,7`,
    ]);
    expect(await exportOf(env, DEMO)).not.toBe(before);

    const listed = await run(['runs', '--json'], { env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ runId, command: 'metafield import', rows: 4, created: 2, updated: 2, unchanged: 0, failed: 0, undone: null }]);

    const planned = await run(['undo', runId, '--dry-run', '--json'], { env });
    expect(planned.code, planned.stderr).toBe(0);
    expect(JSON.parse(planned.stdout)).toEqual({ runId, restored: 2, deleted: 2, disabled: 0, asBefore: 0, leftAlone: 0, failed: 0 });
    expect(planned.stderr).toMatch(/to restore: 2\n {2}to delete \(absent before the run\): 2\n/);
    expect(planned.stderr).toContain('Dry run: nothing was sent.');
    expect(await exportOf(env, DEMO)).not.toBe(before);

    const refused = await run(['undo', runId], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');

    const undone = await run(['undo', runId, '--yes', '--json'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toEqual({ runId, restored: 2, deleted: 2, disabled: 0, asBefore: 0, leftAlone: 0, failed: 0 });
    expect(await exportOf(env, DEMO)).toBe(before);

    const again = await run(['undo', runId, '--yes', '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ restored: 0, deleted: 0, asBefore: 4 });
    expect(await exportOf(env, DEMO)).toBe(before);
    const after = JSON.parse((await run(['runs', '--json'], { env })).stdout) as Array<{ undone: string | null }>;
    expect(after[0]!.undone).not.toBeNull();
  }, 60_000);

  it('a key changed by someone else since the run is reported and left alone; --force puts it back', async () => {
    const env = envOf(served.sandbox);
    const ids = ['7100000000000000001', '7100000000000000002'];
    const before = await exportOf(env, ids);
    const { runId } = await imported(env, [`products,${ids[0]},ns,one,first`, `products,${ids[1]},ns,two,second`]);
    // Someone else writes one of the keys after the run.
    await imported(env, [`products,${ids[1]},ns,two,theirs`]);

    const undone = await run(['undo', runId, '--yes'], { env });
    expect(undone.code).toBe(3);
    expect(undone.stderr).toContain(`products/${ids[1]}/ns.two: its value changed since the run`);
    expect(undone.stderr).toContain('1 deleted');
    expect(undone.stderr).toContain('1 left alone');
    expect(await exportOf(env, [ids[1]!])).toContain('theirs');
    expect(await exportOf(env, [ids[0]!])).not.toContain('first');

    const forced = await run(['undo', runId, '--yes', '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(await exportOf(env, ids)).toBe(before);
  }, 60_000);

  it('gift cards: an update is put back; a card the run created is disabled (the API deletes none), and said', async () => {
    const env = envOf(served.sandbox);
    const code = `UNDO${dialect.toUpperCase().padEnd(8, 'X')}7KQ2`;
    const cards = (note: string, balance: string) => {
      const path = join(scratchDir(), 'cards.csv');
      writeFileSync(path, `code,initialValue,balance,note\n${code},25.00,${balance},${note}\n`);
      return path;
    };
    const search = async () => JSON.parse((await run(['giftcard', 'search', '--last-characters', '7KQ2', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    const results = join(scratchDir(), 'results.csv');
    const first = await run(['giftcard', 'import', cards('first', '25.00'), '--json', '--results', results], { env });
    expect(first.code, first.stderr).toBe(0);
    const created = (await search()).find((card) => card.note === 'first')!;
    // The code is a secret: the results name the card by its last four characters and id.
    expect(readFileSync(results, 'utf8')).toBe(`line,key,action,id,before\n2,****7KQ2,created,${String(created.id)},\n`);
    const second = await run(['giftcard', 'import', cards('second', '10.00'), '--json', '--results', results], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(readFileSync(results, 'utf8')).toContain(`2,****7KQ2,updated,${String(created.id)},"{""balance"":""25.00"",""note"":""first"",""expireTime"":null}"`);
    expect(JSON.stringify(readFileSync(join(runsDir(env), (JSON.parse(second.stdout) as { runId: string }).runId, 'before.jsonl'), 'utf8'))).not.toContain(code);

    const undoSecond = await run(['undo', (JSON.parse(second.stdout) as { runId: string }).runId, '--yes'], { env });
    expect(undoSecond.code, undoSecond.stderr).toBe(0);
    expect(await search()).toEqual([expect.objectContaining({ id: created.id, note: 'first', balance: '25.00' })]);

    const undoFirst = await run(['undo', (JSON.parse(first.stdout) as { runId: string }).runId, '--yes'], { env });
    expect(undoFirst.code, undoFirst.stderr).toBe(0);
    expect(undoFirst.stderr).toContain(`****7KQ2 ${String(created.id)}: created by the run: the API deletes no card, so it is disabled`);
    expect((await search())[0]!.disableTime).toBeTruthy();
  }, 60_000);

  it('an undo against another store than the run wrote to is refused, nothing sent', async () => {
    const env = envOf(served.sandbox);
    const { runId } = await imported(env, ['products,7700000000000000001,ns,one,v']);
    const elsewhere = await run(['undo', runId, '--yes'], { env: { ...env, STORE_CLI_BASE_URL: 'http://127.0.0.1:9' } });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr.split('\n')[0]).toBe(
      `error: The run wrote to ${env.STORE_CLI_BASE_URL} (profile default), not to http://127.0.0.1:9 (profile default): undo it against the same store (--profile, --base-url, --sandbox); nothing was sent.`,
    );
    expect(await exportOf(env, ['7700000000000000001'])).toContain('ns,one,v');
  });

  it('a run id that is not kept: one sentence, exit 2', async () => {
    const result = await run(['undo', '20200101T000000Z-abcd', '--yes'], { env: envOf(served.sandbox) });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(/^error: No run 20200101T000000Z-abcd is kept in .*: `store-cli runs` lists the runs kept \(30 days\)\.$/);
  });
});

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

  it('--results that is the file imported, the --rejects file or a report: one sentence, exit 2, nothing written', async () => {
    const env = envOf(served.sandbox);
    const input = csv(['products,7600000,ns,value,v']);
    const cases: Array<[string[], RegExp]> = [
      [['--results', input], /^error: --results .* is the file being imported/],
      [['--results', join(scratchDir(), 'same.csv'), '--rejects', join(scratchDir(), '..', 'x', '..', 'same.csv')], /./],
      [['--results', 'out.json', '--report', 'json=out.json'], /^error: --report json=out\.json and --results out\.json are the same file; give two files\. Nothing was sent\.$/m],
    ];
    const same = join(scratchDir(), 'same.csv');
    cases[1] = [['--results', same, '--rejects', same], /^error: --results .*same\.csv and --rejects .*same\.csv are the same file; give two files\. Nothing was sent\.$/m];
    for (const [flags, message] of cases) {
      const result = await run(['metafield', 'import', input, ...flags], { env, cwd: scratchDir() });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(readFileSync(input, 'utf8')).toBe('domain,bizId,namespace,code,value\nproducts,7600000,ns,value,v\n');
    // No run is kept of an import that wrote nothing.
    expect(existsSync(runsDir(env)) ? readdirSync(runsDir(env)) : []).toEqual([]);
  });

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
