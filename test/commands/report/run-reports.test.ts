// --report on a real import, in-process against a logged sandbox: three shards each write a
// JSON and a JUnit report, `report merge` adds them up exactly, and in GitHub Actions'
// environment the job summary and the annotations (capped at 10, each on the right line) are
// written with nothing on stdout.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';
import { runLogged, useLogged } from '../../helpers/logged-sandbox.js';

const dir = scratchDir('store-cli-reports-');

/** 30 products with two values each, and 15 rows (lines 4, 8, ...) whose namespace no store takes. */
function importFile(): { path: string; rows: number; badLines: number[] } {
  const lines = ['domain,bizId,namespace,code,value'];
  const badLines: number[] = [];
  for (let p = 0; p < 30; p++) {
    const id = String(7_100_000 + p);
    lines.push(`products,${id},ns,first,one ${p}`);
    const bad = p % 2 === 0;
    lines.push(`products,${id},${bad ? 'bad ns!' : 'ns'},second,two ${p}`);
    if (bad) badLines.push(lines.length);
  }
  const path = join(dir, 'values.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, rows: lines.length - 1, badLines };
}

interface Report {
  shards: Array<{ shard: string | null; rows: number; created: number; rejected: number; requests: number; outcome: string }>;
  rejects: Array<{ shard: string | null; line: number; reason: string }>;
}

describe('--report on metafield import', () => {
  const served = useLogged();
  const file = importFile();

  it('three shards write three reports that report merge adds up exactly, and their JUnit parses', async () => {
    const env = served.store.env();
    const shards: Report[] = [];
    for (const i of [1, 2, 3]) {
      const result = await cli(
        [
          'metafield',
          'import',
          file.path,
          '--shard',
          `${i}/3`,
          '--report',
          `json=${join(dir, `shard-${i}.json`)}`,
          '--report',
          `junit=${join(dir, `shard-${i}.xml`)}`,
          '--rejects',
          join(dir, `rejects-${i}.csv`),
        ],
        { env },
      );
      expect(result.stderr).not.toMatch(/^::/m);
      expect([0, 3]).toContain(result.code);
      shards.push(JSON.parse(readFileSync(join(dir, `shard-${i}.json`), 'utf8')) as Report);
      const junit = await parse(readFileSync(join(dir, `shard-${i}.xml`), 'utf8'));
      const own = shards[i - 1]!;
      expect(junit?.tests).toBe(1 + own.shards[0]!.rejected);
      expect(junit?.failures).toBe(own.shards[0]!.rejected);
    }
    expect(shards.map((s) => s.shards[0]!.shard)).toEqual(['1/3', '2/3', '3/3']);

    const merged = await cli(
      ['report', 'merge', ...[1, 2, 3].map((i) => join(dir, `shard-${i}.json`)), '--json', '--report', `junit=${join(dir, 'all.xml')}`],
      { env },
    );
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    const all = JSON.parse(merged.stdout) as Report;
    const sum = (pick: (s: Report['shards'][number]) => number) => shards.reduce((total, s) => total + pick(s.shards[0]!), 0);
    expect(all.shards.map((s) => s.shard)).toEqual(['1/3', '2/3', '3/3']);
    expect(all.shards.reduce((t, s) => t + s.rows, 0)).toBe(file.rows);
    expect(all.shards.reduce((t, s) => t + s.rejected, 0)).toBe(file.badLines.length);
    expect(all.shards.reduce((t, s) => t + s.created, 0)).toBe(sum((s) => s.created));
    expect(all.shards.reduce((t, s) => t + s.requests, 0)).toBe(sum((s) => s.requests));
    expect(all.rejects.map((r) => r.line).sort((a, b) => a - b)).toEqual(file.badLines);
    const junit = await parse(readFileSync(join(dir, 'all.xml'), 'utf8'));
    expect(junit?.tests).toBe(3 + file.badLines.length);
    expect(junit?.failures).toBe(file.badLines.length);
    expect((junit as { testsuite?: unknown[] } | undefined)?.testsuite).toHaveLength(3);

    const table = await cli(['report', 'merge', ...[1, 2, 3].map((i) => join(dir, `shard-${i}.json`))], { env });
    expect(table.stdout).toMatch(/^\| \*\*Total\*\* \| 60 \| /m);
    expect(table.stdout).toContain(`${file.badLines.length} rejected rows`);

    const twice = await cli(['report', 'merge', join(dir, 'shard-1.json'), join(dir, 'shard-1.json')], { env });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/Shard 1\/3 is in both/);
    const partial = await cli(['report', 'merge', join(dir, 'shard-1.json'), join(dir, 'shard-3.json'), '--json'], { env });
    expect(partial.code).toBe(3);
    expect(partial.stderr).toMatch(/no report of shard 2\/3/);
  });

  it("in GitHub Actions: the job summary, 10 annotations on the file's lines and a notice for the rest; stdout stays empty", async () => {
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier step\n');
    const env = served.store.env({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: dir });
    // The file and --rejects named relative to the folder the run starts in, as a job names them.
    const before = process.cwd();
    process.chdir(dir);
    const result = await cli(['metafield', 'import', 'values.csv', '--rejects', 'rejected.csv'], { env }).finally(() => process.chdir(before));
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('::error '));
    expect(errors).toHaveLength(10);
    for (const [index, line] of errors.entries()) {
      expect(line).toMatch(new RegExp(`^::error file=values\\.csv,line=${file.badLines[index]},title=store-cli metafield import%3A row rejected::`));
    }
    expect(result.stderr).toMatch(/^::notice title=store-cli metafield import%3A row rejected::5 more rejected rows in rejected\.csv$/m);
    const written = readFileSync(summary, 'utf8');
    expect(written.startsWith('# earlier step\n### store-cli metafield import: values.csv')).toBe(true);
    // The first test wrote the valid rows already: they are unchanged now.
    expect(written).toMatch(/^\| all \| 60 \| 0 \| 0 \| 45 \| 15 \| /m);
  });

  it('a bad --report is one sentence, exit 2, and nothing is sent', async () => {
    for (const [value, message] of [
      ['xml=out.xml', /--report must be github, junit=FILE, json=FILE, markdown=FILE or none \(got 'xml=out.xml'\)/],
      ['junit', /--report junit needs a file to write: junit=FILE/],
      ['github', /\$GITHUB_STEP_SUMMARY, which is not set/],
      [
        `json=${file.path}`,
        /^error: --report json=\S+ is the file being imported \(\S+\): writing it would destroy the input; give another file\. Nothing was sent\.$/,
      ],
    ] as const) {
      const result = await runLogged(served.store, ['metafield', 'import', file.path, '--report', value]);
      expect(result.code, value).toBe(2);
      expect(result.requests, value).toEqual([]);
      expect(result.stderr.split('\n')[0], value).toMatch(message);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
    expect(readFileSync(file.path, 'utf8').startsWith('domain,bizId')).toBe(true);
  });

  it('the exports report too: rows written and the requests they took', async () => {
    const env = served.store.env();
    const cards = await cli(['giftcard', 'create', '--initial-value', '5', '--json', 'id'], { env });
    expect(cards.code).toBe(0);
    const gift = await cli(['giftcard', 'export', '--output', join(dir, 'cards.csv'), '--report', `json=${join(dir, 'cards.json')}`], { env });
    expect(gift.code).toBe(0);
    const written = readFileSync(join(dir, 'cards.csv'), 'utf8').trim().split('\n').length - 1;
    const report = JSON.parse(readFileSync(join(dir, 'cards.json'), 'utf8')) as Report & { kind: string; command: string };
    expect(report).toMatchObject({ command: 'giftcard export', kind: 'export', source: join(dir, 'cards.csv') });
    expect(report.shards[0]).toMatchObject({ rows: written, created: null, rejected: 0, outcome: 'complete' });
    expect(report.shards[0]!.requests).toBeGreaterThanOrEqual(1);

    const values = await cli(['metafield', 'export', '--objects', file.path, '--output', join(dir, 'out.csv'), '--report', `markdown=${join(dir, 'out.md')}`], {
      env,
    });
    expect(values.code).toBe(0);
    const rows = readFileSync(join(dir, 'out.csv'), 'utf8').trim().split('\n').length - 1;
    expect(readFileSync(join(dir, 'out.md'), 'utf8')).toMatch(new RegExp(`^\\| all \\| ${rows} \\| – \\| – \\| – \\| 0 \\| 30 \\| 0 \\| `, 'm'));
  });
});

describe('--report on metafield definition export and import', () => {
  const served = useLogged({ seed: 'demo' });

  it('the definitions are the rows: export counts them, import counts what it did with each', async () => {
    const env = served.store.env();
    const dir = scratchDir('store-cli-reports-');
    const file = join(dir, 'definitions.json');
    const exported = await cli(['metafield', 'definition', 'export', '--all', '--output', file, '--report', `json=${join(dir, 'def-export.json')}`], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const written = (JSON.parse(readFileSync(file, 'utf8')) as { definitions: unknown[] }).definitions.length;
    const exportReport = JSON.parse(readFileSync(join(dir, 'def-export.json'), 'utf8')) as Report & { command: string; kind: string };
    expect(exportReport).toMatchObject({ command: 'metafield definition export', kind: 'export' });
    expect(exportReport.shards[0]).toMatchObject({ rows: written, outcome: 'complete' });
    expect(exportReport.shards[0]!.requests).toBeGreaterThanOrEqual(1);

    const imported = await cli(
      ['metafield', 'definition', 'import', file, '--report', `junit=${join(dir, 'def-import.xml')}`, '--report', `json=${join(dir, 'def-import.json')}`],
      { env },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const importReport = JSON.parse(readFileSync(join(dir, 'def-import.json'), 'utf8')) as Report;
    // The same store: every definition is already equal.
    expect(importReport.shards[0]).toMatchObject({ rows: written, created: 0, updated: 0, unchanged: written, rejected: 0, outcome: 'complete' });
    const junit = await parse(readFileSync(join(dir, 'def-import.xml'), 'utf8'));
    expect(junit).toMatchObject({ tests: 1, failures: 0 });

    const refused = await cli(['metafield', 'definition', 'import', file, '--report', `json=${file}`], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is the file being imported \(.*definitions\.json\): writing it would destroy the input/);
  });
});
