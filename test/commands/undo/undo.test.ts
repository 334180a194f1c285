// Undo and the results file on real runs against a sandbox started here: export before,
// import, undo, export after is byte for byte the same (values the import created are gone
// again); a key someone else changed since is left alone without --force; gift cards are put
// back or disabled; an undo against another store, or of a run not kept, is refused; a
// --results that is another output or the input is refused. An undo killed with SIGKILL, and
// a results file and journal cut by SIGKILL: test/e2e/kill-and-resume.test.ts.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { useLogged, type Env, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';

function csv(rows: readonly string[]): string {
  const path = join(scratchDir(), 'rows.csv');
  writeFileSync(path, `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
  return path;
}

/** One environment (one data directory) for every run of a test: the journal is there. */
const envOf = (sandbox: LoggedSandbox): Env => sandbox.env();
const runsDir = (env: Env) => join(env.STORE_CLI_DATA_DIR!, 'runs');

async function exportOf(env: Env, ids: readonly string[]): Promise<string> {
  const result = await cli(['metafield', 'export', '--domain', 'products', ...ids], { env });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

async function imported(env: Env, rows: readonly string[], extra: readonly string[] = []): Promise<{ runId: string; stderr: string }> {
  const result = await cli(['metafield', 'import', csv(rows), '--json', ...extra], { env });
  expect(result.code, result.stderr).toBe(0);
  const { runId } = JSON.parse(result.stdout) as { runId: string };
  expect(runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/);
  expect(result.stderr).toContain(`Run ${runId}: undo with store-cli undo ${runId}`);
  return { runId, stderr: result.stderr };
}

describe.each(DIALECTS)('undo (%s dialect)', (dialect) => {
  const served = useLogged({ seed: 'demo', dialect });
  const DEMO = ['4000000000000000401', '4000000000000000431'];

  it('export, import, undo, export: byte-identical, values that were absent included; a second undo changes nothing', async () => {
    const env = envOf(served.store);
    const before = await exportOf(env, DEMO);
    const { runId } = await imported(env, [
      `products,${DEMO[0]},custom,material,silk`,
      `products,${DEMO[0]},custom,brand_new,"hello, world"`,
      `products,${DEMO[1]},custom,material,porcelain`,
      `products,${DEMO[1]},custom,stock_floor,7`,
    ]);
    expect(await exportOf(env, DEMO)).not.toBe(before);

    const listed = await cli(['runs', '--json'], { env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { runId, command: 'metafield import', rows: 4, created: 2, updated: 2, unchanged: 0, failed: 0, undone: null },
    ]);

    const planned = await cli(['undo', runId, '--dry-run', '--json'], { env });
    expect(planned.code, planned.stderr).toBe(0);
    expect(JSON.parse(planned.stdout)).toEqual({ runId, restored: 2, deleted: 2, disabled: 0, cancelled: 0, asBefore: 0, leftAlone: 0, failed: 0 });
    expect(planned.stderr).toMatch(/to restore: 2\n {2}to delete \(absent before the run\): 2\n/);
    expect(planned.stderr).toContain('Dry run: nothing was sent.');
    expect(await exportOf(env, DEMO)).not.toBe(before);

    const refused = await cli(['undo', runId], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');

    const undone = await cli(['undo', runId, '--yes', '--json'], { env });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toEqual({ runId, restored: 2, deleted: 2, disabled: 0, cancelled: 0, asBefore: 0, leftAlone: 0, failed: 0 });
    expect(await exportOf(env, DEMO)).toBe(before);

    const again = await cli(['undo', runId, '--yes', '--json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ restored: 0, deleted: 0, asBefore: 4 });
    expect(await exportOf(env, DEMO)).toBe(before);
    const after = JSON.parse((await cli(['runs', '--json'], { env })).stdout) as Array<{ undone: string | null }>;
    expect(after[0]!.undone).not.toBeNull();
  });

  it('a key changed by someone else since the run is reported and left alone; --force puts it back', async () => {
    const env = envOf(served.store);
    const ids = ['7100000000000000001', '7100000000000000002'];
    const before = await exportOf(env, ids);
    const { runId } = await imported(env, [`products,${ids[0]},ns,one,first`, `products,${ids[1]},ns,two,second`]);
    // Someone else writes one of the keys after the run.
    await imported(env, [`products,${ids[1]},ns,two,theirs`]);

    const undone = await cli(['undo', runId, '--yes'], { env });
    expect(undone.code).toBe(3);
    expect(undone.stderr).toContain(`products/${ids[1]}/ns.two: its value changed since the run`);
    expect(undone.stderr).toContain('1 deleted');
    expect(undone.stderr).toContain('1 left alone');
    expect(await exportOf(env, [ids[1]!])).toContain('theirs');
    expect(await exportOf(env, [ids[0]!])).not.toContain('first');

    const forced = await cli(['undo', runId, '--yes', '--force'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(await exportOf(env, ids)).toBe(before);
  });

  it('gift cards: an update is put back; a card the run created is disabled (the API deletes none), and said', async () => {
    const env = envOf(served.store);
    const code = `UNDO${dialect.toUpperCase().padEnd(8, 'X')}7KQ2`;
    const cards = (note: string, balance: string) => {
      const path = join(scratchDir(), 'cards.csv');
      writeFileSync(path, `code,initialValue,balance,note\n${code},25.00,${balance},${note}\n`);
      return path;
    };
    const search = async () =>
      JSON.parse((await cli(['giftcard', 'search', '--last-characters', '7KQ2', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    const results = join(scratchDir(), 'results.csv');
    const first = await cli(['giftcard', 'import', cards('first', '25.00'), '--json', '--results', results], { env });
    expect(first.code, first.stderr).toBe(0);
    const created = (await search()).find((card) => card.note === 'first')!;
    // The code is a secret: the results name the card by its last four characters and id.
    expect(readFileSync(results, 'utf8')).toBe(`line,key,action,id,before\n2,****7KQ2,created,${String(created.id)},\n`);
    const second = await cli(['giftcard', 'import', cards('second', '10.00'), '--json', '--results', results], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(readFileSync(results, 'utf8')).toContain(
      `2,****7KQ2,updated,${String(created.id)},"{""balance"":""25.00"",""note"":""first"",""expireTime"":null}"`,
    );
    expect(JSON.stringify(readFileSync(join(runsDir(env), (JSON.parse(second.stdout) as { runId: string }).runId, 'before.jsonl'), 'utf8'))).not.toContain(
      code,
    );

    const undoSecond = await cli(['undo', (JSON.parse(second.stdout) as { runId: string }).runId, '--yes'], { env });
    expect(undoSecond.code, undoSecond.stderr).toBe(0);
    expect(await search()).toEqual([expect.objectContaining({ id: created.id, note: 'first', balance: '25.00' })]);

    const undoFirst = await cli(['undo', (JSON.parse(first.stdout) as { runId: string }).runId, '--yes'], { env });
    expect(undoFirst.code, undoFirst.stderr).toBe(0);
    expect(undoFirst.stderr).toContain(`****7KQ2 ${String(created.id)}: created by the run: the API deletes no card, so it is disabled`);
    expect((await search())[0]!.disableTime).toBeTruthy();
  });

  it('an undo against another store than the run wrote to is refused, nothing sent', async () => {
    const env = envOf(served.store);
    const { runId } = await imported(env, ['products,7700000000000000001,ns,one,v']);
    const elsewhere = await cli(['undo', runId, '--yes'], { env: { ...env, STORE_CLI_BASE_URL: 'http://127.0.0.1:9' } });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr.split('\n')[0]).toBe(
      `error: The run wrote to ${env.STORE_CLI_BASE_URL} (profile default), not to http://127.0.0.1:9 (profile default): undo it against the same store (--profile, --base-url, --sandbox); nothing was sent.`,
    );
    expect(await exportOf(env, ['7700000000000000001'])).toContain('ns,one,v');
  });

  it('a run id that is not kept: one sentence, exit 2', async () => {
    const result = await cli(['undo', '20200101T000000Z-abcd', '--yes'], { env: envOf(served.store) });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(/^error: No run 20200101T000000Z-abcd is kept in .*: `store-cli runs` lists the runs kept \(30 days\)\.$/);
  });
});

describe('--results beside the other outputs of an import', () => {
  const served = useLogged({ seed: 'demo' });

  it('--results that is the file imported, the --rejects file or a report: one sentence, exit 2, nothing written', async () => {
    const env = envOf(served.store);
    const input = csv(['products,7600000,ns,value,v']);
    const cases: Array<[string[], RegExp]> = [
      [['--results', input], /^error: --results .* is the file being imported/],
      [['--results', join(scratchDir(), 'same.csv'), '--rejects', join(scratchDir(), '..', 'x', '..', 'same.csv')], /./],
      [
        ['--results', 'out.json', '--report', 'json=out.json'],
        /^error: --report json=out\.json and --results out\.json are the same file; give two files\. Nothing was sent\.$/m,
      ],
    ];
    const same = join(scratchDir(), 'same.csv');
    cases[1] = [
      ['--results', same, '--rejects', same],
      /^error: --results .*same\.csv and --rejects .*same\.csv are the same file; give two files\. Nothing was sent\.$/m,
    ];
    for (const [flags, message] of cases) {
      const result = await cli(['metafield', 'import', input, ...flags], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(readFileSync(input, 'utf8')).toBe('domain,bizId,namespace,code,value\nproducts,7600000,ns,value,v\n');
    // No run is kept of an import that wrote nothing.
    expect(existsSync(runsDir(env)) ? readdirSync(runsDir(env)) : []).toEqual([]);
  });
});
