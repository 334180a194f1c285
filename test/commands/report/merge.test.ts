// `report merge` as a fan-in job sees it: it exits 3 when the run it adds up is not whole (a
// shard missing, refused or stopped early), --allow-missing accepts a missing shard, and in
// GitHub Actions it writes the job summary without annotating again the rows each shard's
// job annotated.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedReport, runReport, type RunReport } from '../../../src/bulk/report/run-report.js';
import { cli, scratchDir } from '../../helpers/cli-in-process.js';

const facts = (index: number) => ({ command: 'metafield import', kind: 'import' as const, source: 'values.csv', dryRun: false, shard: { index, count: 3 } });
const counts = { rows: 10, created: 8, updated: 0, unchanged: 0, rejected: 2, unfinished: 0, requests: 12, refused: 0, elapsedMs: 1000 };
const rejects = [
  { line: 4, reason: 'the namespace is bad' },
  { line: 9, reason: 'the value is bad' },
];

const complete = (index: number) => runReport(facts(index), counts, false, rejects);
const stopped = (index: number) => runReport(facts(index), { ...counts, unfinished: 5 }, true, rejects);
const refused = (index: number) => refusedReport(facts(index), 'values.csv: line 7 is not valid CSV; nothing was sent.', 0, 50);

/** The reports written to files of a folder of their own: their paths. */
function files(reports: RunReport[]): string[] {
  const dir = scratchDir();
  return reports.map((report, i) => {
    const path = join(dir, `shard-${i + 1}.json`);
    writeFileSync(path, JSON.stringify(report));
    return path;
  });
}

describe('report merge: exit codes', () => {
  it('0 when every shard ran to its end, rejected rows or not', async () => {
    const result = await cli(['report', 'merge', ...files([complete(1), complete(2), complete(3)])]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^\| \*\*Total\*\* \| 30 \| /m);
  });

  it('3 when a shard is missing, with the merged report written all the same; --allow-missing accepts it', async () => {
    const paths = files([complete(1), complete(3)]);
    const json = join(scratchDir(), 'all.json');
    const missing = await cli(['report', 'merge', ...paths, '--report', `json=${json}`]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('warning: no report of shard 2/3: the totals leave it out.');
    expect(missing.stderr).toContain('error: The run is not complete: no report of shard 2/3 (--allow-missing accepts that).');
    expect((JSON.parse(readFileSync(json, 'utf8')) as RunReport).shards.map((s) => s.shard)).toEqual(['1/3', '3/3']);
    const allowed = await cli(['report', 'merge', ...paths, '--allow-missing']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain('no report of shard 2/3');
  });

  it('3 when a shard was refused or stopped early, even with --allow-missing; the refusal is in the table and the JUnit', async () => {
    const paths = files([complete(1), refused(2), stopped(3)]);
    const junit = join(scratchDir(), 'all.xml');
    const result = await cli(['report', 'merge', ...paths, '--allow-missing', '--report', `junit=${junit}`]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: The run is not complete: shard 2/3 was refused before it wrote anything; shard 3/3 stopped early.');
    expect(result.stdout).toMatch(/^\| 2\/3 \| 0 \| 0 \| 0 \| 0 \| 0 \| 0 \| 0 \| 0s \| refused \|$/m);
    expect(result.stdout).toContain('Shard 2/3 was refused before it wrote anything: values.csv: line 7 is not valid CSV; nothing was sent.');
    expect(readFileSync(junit, 'utf8')).toMatch(/<error type="refused" message="values\.csv: line 7 is not valid CSV; nothing was sent\."\/>/);
  });

  it("in GitHub Actions: the job summary, and no annotation (each shard's job made its own)", async () => {
    const dir = scratchDir();
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const result = await cli(['report', 'merge', ...files([complete(1), complete(2), complete(3)])], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/^::/m);
    expect(readFileSync(summary, 'utf8')).toMatch(/^\| \*\*Total\*\* \| 30 \| 24 \| /m);
  });

  it('reads the reports of an older version (no reason field)', async () => {
    const old = complete(1) as unknown as { shards: Array<Record<string, unknown>> };
    for (const shard of old.shards) delete shard.reason;
    const result = await cli(['report', 'merge', ...files([old as unknown as RunReport]), '--json', '--allow-missing']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as RunReport).shards[0]!.reason).toBeNull();
  });
});
