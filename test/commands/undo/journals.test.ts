// The runs a writing import keeps, as `runs` lists them and `undo` reads them: the printed undo
// command runs as printed (the run's --base-url, --sandbox, --profile in it); one field list for
// the table, TSV and --json, with partial undos shown; a damaged journal (meta.json without its
// store, a line that is no entry, a cut last line, no before.jsonl) is read without a crash.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { scratchDir } from '../../helpers/scratch.js';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../helpers/sandbox.js';
import { tsvRows } from '../_support.js';
import { file, runIdOf, runner } from './_runs.js';

const values = (rows: readonly string[]) => file('values.csv', `domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
const DEMO = ['4000000000000000401', '4000000000000000431'];

/** The undo command an import printed, as words (they hold no quotes here). */
function printedUndo(stderr: string, runId: string): string[] {
  const line = stderr.split('\n').find((text) => text.startsWith(`Run ${runId}: undo with `));
  expect(line, stderr).toBeDefined();
  return line!.slice(`Run ${runId}: undo with `.length).split(' ');
}

describe('the undo command an import prints', () => {
  const s = useSandbox({ seed: 'demo' });

  it("names the run's store (--base-url, --profile): run as printed, with only the token in the environment, it undoes the run", async () => {
    const { run } = runner(() => s.env);
    const imported = await run(['--profile', 'shop-b', 'metafield', 'import', values([`products,${DEMO[0]},printed,one,v`]), '--json']);
    const runId = runIdOf(imported);
    const words = printedUndo(imported.stderr, runId);
    expect(words).toEqual(['store-cli', 'undo', runId, '--base-url', s.env.STORE_CLI_BASE_URL, '--profile', 'shop-b']);
    const undone = await run([...words.slice(1), '--yes', '--json'], { STORE_CLI_BASE_URL: undefined });
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: 1 });
  });

  it('names the embedded sandbox (--sandbox, --profile): run as printed, it undoes the run', async () => {
    const { run } = runner(() => ({}));
    const imported = await run(['--sandbox', '--profile', 'demo-b', 'metafield', 'import', values([`products,${DEMO[1]},printed,two,v`]), '--json']);
    const runId = runIdOf(imported);
    const words = printedUndo(imported.stderr, runId);
    expect(words).toEqual(['store-cli', 'undo', runId, '--sandbox', '--profile', 'demo-b']);
    const undone = await run([...words.slice(1), '--yes', '--json']);
    expect(undone.code, undone.stderr).toBe(0);
    expect(JSON.parse(undone.stdout)).toMatchObject({ deleted: 1 });
  });
});

describe('store-cli runs', () => {
  const s = useSandbox({ seed: 'demo' });

  it('shows the 13 fields of its help in the table, TSV and --json alike; --columns takes started and undoable', async () => {
    const { run } = runner(() => s.env);
    const runId = runIdOf(await run(['metafield', 'import', values([`products,${DEMO[0]},listed,one,v`]), '--json']));
    const json = JSON.parse((await run(['runs', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(Object.keys(json[0]!)).toEqual([
      'runId',
      'command',
      'file',
      'store',
      'started',
      'rows',
      'created',
      'updated',
      'unchanged',
      'failed',
      'undone',
      'undoable',
      'needsUndo',
    ]);
    const [row] = tsvRows((await run(['runs'])).stdout);
    expect(row).toHaveLength(13);
    expect(row![0]).toBe(runId);
    expect(row![4]).toBe(json[0]!.started);
    expect(row!.slice(10)).toEqual(['', 'yes', 'no']);
    const picked = await run(['runs', '--columns', 'started,undoable']);
    expect(picked.code, picked.stderr).toBe(0);
    expect(tsvRows(picked.stdout)).toEqual([[String(json[0]!.started), 'yes']]);
    const table = await run(['runs'], { COLUMNS: '250' });
    expect(table.code).toBe(0);
  });

  it('an undo that left keys alone shows as partly undone; a complete one as undone', async () => {
    const { run } = runner(() => s.env);
    const runId = runIdOf(await run(['metafield', 'import', values([`products,${DEMO[0]},partly,one,v`, `products,${DEMO[1]},partly,two,v`]), '--json']));
    runIdOf(await run(['metafield', 'import', values([`products,${DEMO[1]},partly,two,theirs`]), '--json']));
    expect((await run(['undo', runId, '--yes'])).code).toBe(3);
    const listed = (JSON.parse((await run(['runs', '--json'])).stdout) as Array<{ runId: string; undone: unknown }>).find((r) => r.runId === runId)!;
    expect(listed.undone).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), complete: false, leftAlone: 1, failed: 0 });
    const tsv = tsvRows((await run(['runs'])).stdout).find((r) => r[0] === runId)!;
    expect(tsv[10]).toMatch(/^partly \d{4}-\d\d-\d\dT\S+ \(1 key not as before\)$/);

    expect((await run(['undo', runId, '--yes', '--force'])).code).toBe(0);
    const after = (JSON.parse((await run(['runs', '--json'])).stdout) as Array<{ runId: string; undone: { complete: boolean } }>).find(
      (r) => r.runId === runId,
    )!;
    expect(after.undone.complete).toBe(true);
    expect(tsvRows((await run(['runs'])).stdout).find((r) => r[0] === runId)![10]).toMatch(/^\d{4}-\d\d-\d\dT\S+$/);
  });
});

describe('runs in a terminal 80 columns wide', () => {
  const s = useSandbox({ seed: 'demo' });

  it('one line a run: its id, command, the end of its file (the name), rows and failures; the other counts where there is room', async () => {
    const { run } = runner(() => s.env);
    const path = join(scratchDir(), 'catalogue imports for the winter season', 'product care guides.csv');
    mkdirSync(dirname(path));
    writeFileSync(path, `domain,bizId,namespace,code,value\nproducts,${DEMO[0]},narrow,one,v\n`);
    const runId = runIdOf(await run(['metafield', 'import', path, '--json']));
    const table = async (columns: number) => {
      const r = await run(['runs', '--no-color'], { STORE_CLI_FORCE_TTY: String(columns) });
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
      return lines.map((line) => line.split(/\s{2,}/));
    };
    const narrow = await table(80);
    expect(narrow[0]).toEqual(['RUN ID', 'COMMAND', 'FILE', 'ROWS', 'FAILED']);
    const [id, command, file, rows, failed] = narrow[1]!;
    expect([id, command, rows, failed]).toEqual([runId, 'metafield import', '1', '0']);
    // A path cut at its start keeps the file's name.
    expect(file).toMatch(/^….*product care guides\.csv$/);
    expect(path.endsWith(file!.slice(1))).toBe(true);
    const wide = await table(120);
    expect(wide[0]).toEqual(['RUN ID', 'COMMAND', 'FILE', 'ROWS', 'CREATED', 'UPDATED', 'FAILED']);
  });
});

describe('a damaged journal', () => {
  const s = useSandbox({ seed: 'demo' });

  it('meta.json without its store: runs lists it, undo refuses it in one sentence (exit 2), neither crashes', async () => {
    const { run, runsDir } = runner(() => s.env);
    const runId = runIdOf(await run(['metafield', 'import', values([`products,${DEMO[0]},damaged,one,v`]), '--json']));
    const metaFile = join(runsDir, runId, 'meta.json');
    const { store: _store, ...meta } = JSON.parse(readFileSync(metaFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(metaFile, JSON.stringify(meta));
    const listed = await run(['runs', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ runId, store: 'not known (its meta.json is incomplete)' })]);
    const undone = await run(['undo', runId, '--yes']);
    expect(undone.code).toBe(2);
    expect(undone.stderr.split('\n')[0]).toBe(
      `error: Run ${runId}'s ${metaFile} is incomplete: it does not say which store the run wrote to, so it cannot be undone; nothing was sent.`,
    );
  });

  it('a line that is no entry is named as a key that cannot be undone, a cut last line is left out, the rest is undone; no before.jsonl: nothing to undo', async () => {
    const { run, runsDir } = runner(() => s.env);
    const runId = runIdOf(await run(['giftcard', 'import', file('cards.csv', 'code,initialValue\nDAMAGED0001X,5.00\n'), '--json']));
    const journal = join(runsDir, runId, 'before.jsonl');
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    // A whole line that is JSON but no entry (an update without its before-image), then a line cut by a crash.
    writeFileSync(journal, `${lines[0]}\n{"kind":"giftcard-update","id":"1","last4":"0001"}\n${lines[1]}\n{"kind":"metafield","dom`);
    const planned = await run(['undo', runId, '--dry-run', '--json']);
    expect(planned.code, planned.stderr).toBe(0);
    expect(JSON.parse(planned.stdout)).toMatchObject({ disabled: 1, leftAlone: 1 });
    expect(planned.stderr).toContain('before.jsonl line 2: the line is damaged (no before-image can be read from it), so what it wrote is not known');
    const undone = await run(['undo', runId, '--yes', '--json']);
    expect(undone.code).toBe(3);
    expect(JSON.parse(undone.stdout)).toMatchObject({ disabled: 1, leftAlone: 1 });

    rmSync(journal);
    const empty = await run(['undo', runId, '--yes', '--json']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(JSON.parse(empty.stdout)).toMatchObject({ restored: 0, deleted: 0, disabled: 0, asBefore: 0, leftAlone: 0 });
  });
});
