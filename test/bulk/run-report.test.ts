// The run report's formats, fed hostile text: a table cell, an annotation and an XML
// attribute each stay one cell, one command and one attribute, and no control character
// reaches a terminal or a parser; merge refuses what cannot be added.
import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { annotations, workspacePath } from '../../src/bulk/report/github.js';
import { junitReport } from '../../src/bulk/report/junit.js';
import { cell, markdownReport } from '../../src/bulk/report/markdown.js';
import { mergeReports, missingShards, parseReport } from '../../src/bulk/report/merge.js';
import { runReport, totals, type RunReport } from '../../src/bulk/report/run-report.js';

const counts = { rows: 10, created: 4, updated: 2, unchanged: 1, rejected: 3, unfinished: 0, requests: 12, refused: 1, elapsedMs: 2500 };
const hostile = 'bad | <b>x</b> 100% \u001b[31mred\u001b[0m, line\nbreak: *now*';

function shardReport(index: number, rejects = [{ line: 4, reason: hostile }]): RunReport {
  return runReport(
    { command: 'metafield import', kind: 'import', source: 'values.csv', dryRun: false, shard: { index, count: 3 }, rejectsPath: `rejects-${index}.csv` },
    { ...counts, rejected: rejects.length },
    false,
    rejects,
  );
}

describe('run report formats', () => {
  it('a Markdown cell holds one cell of plain text', () => {
    const text = cell(hostile);
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\n');
    expect(text.split(/(?<!\\)\|/)).toHaveLength(1);
    expect(text).toContain('&lt;b&gt;');
    const table = markdownReport(shardReport(1));
    expect(table).toMatch(/^\| 1\/3 \| 10 \| 4 \| 2 \| 1 \| 1 \| 12 \| 1 \| 3s \| rows rejected \|$/m);
  });

  it('an annotation is one workflow command: %, line breaks, colons and commas escaped, terminal escapes made visible', () => {
    const [line, ...rest] = annotations(shardReport(1), 'data/values, new.csv');
    expect(rest).toEqual([]);
    expect(line).toBe(
      '::error file=data/values%2C new.csv,line=4,title=store-cli metafield import%3A row rejected::bad | <b>x</b> 100%25 \\x1b[31mred\\x1b[0m, line%0Abreak: *now*',
    );
  });

  it('annotates the first 10 rejects and counts the rest in one notice naming the rejects file', () => {
    const rejects = Array.from({ length: 14 }, (_, i) => ({ line: i + 2, reason: 'no' }));
    const lines = annotations(shardReport(2, rejects), 'values.csv');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(lines.at(-1)).toBe('::notice title=store-cli metafield import%3A row rejected::4 more rejected rows in rejects-2.csv');
  });

  it('names the file relative to the checkout, as the run page wants', () => {
    expect(workspacePath('/work/repo/data/v.csv', '/work/repo')).toBe('data/v.csv');
    expect(workspacePath('/elsewhere/v.csv', '/work/repo')).toBe('/elsewhere/v.csv');
    expect(workspacePath('v.csv', undefined)).toBe('v.csv');
    expect(workspacePath('v.csv', process.cwd())).toBe('v.csv');
  });

  it('JUnit parses, with a passing case per shard and a failing one per reject, whatever the reason holds', async () => {
    const merged = mergeReports([1, 2, 3].map((i) => ({ file: `s${i}.json`, report: shardReport(i) })));
    const xml = junitReport(merged);
    expect(xml).not.toContain('\u001b');
    const parsed = await parse(xml);
    expect(parsed).toMatchObject({ tests: 6, failures: 3 });
    const suite = (parsed as { testsuite: Array<{ testcase: Array<{ failure?: Array<{ message: string }> }> }> }).testsuite[0]!;
    expect(suite.testcase[1]!.failure![0]!.message).toBe('bad | <b>x</b> 100% \\x1b[31mred\\x1b[0m, line\nbreak: *now*');
  });
});

describe('report merge', () => {
  it('adds shards in shard order; the duration is the longest', () => {
    const merged = mergeReports([3, 1].map((i) => ({ file: `s${i}.json`, report: shardReport(i) })));
    expect(merged.shards.map((s) => s.shard)).toEqual(['1/3', '3/3']);
    expect(totals(merged)).toMatchObject({ rows: 20, created: 8, rejected: 2, requests: 24, elapsedMs: 2500 });
    expect(missingShards(merged)).toEqual(['2/3']);
  });

  it('refuses a shard twice and reports of another run', () => {
    expect(() =>
      mergeReports([
        { file: 'a.json', report: shardReport(1) },
        { file: 'b.json', report: shardReport(1) },
      ]),
    ).toThrow('Shard 1/3 is in both a.json and b.json');
    const other = { ...shardReport(2), command: 'giftcard import' };
    expect(() =>
      mergeReports([
        { file: 'a.json', report: shardReport(1) },
        { file: 'b.json', report: other },
      ]),
    ).toThrow(/b\.json is a report of another run than a\.json \(its command is "giftcard import"/);
  });

  it('reads back what it wrote, and names the JSON path of a broken file', () => {
    const report = shardReport(1);
    expect(parseReport(JSON.stringify(report), 'r.json')).toEqual(report);
    expect(() => parseReport('{"format":"x"}', 'r.json')).toThrow('r.json is not a store-cli run report');
    const broken = JSON.parse(JSON.stringify(report)) as { shards: Array<{ rows: unknown }> };
    broken.shards[0]!.rows = -1;
    expect(() => parseReport(JSON.stringify(broken), 'r.json')).toThrow(/r\.json is not a run report this version reads: at shards\[0\]\.rows/);
    expect(() => parseReport('nope', 'r.json')).toThrow('r.json is not JSON');
  });
});
