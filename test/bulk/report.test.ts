import { linkSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress, startProgress, type ProgressSnapshot } from '../../src/bulk/engine/import-progress.js';
import { openRejectsFile } from '../../src/bulk/engine/rejects.js';
import { METAFIELD_REJECTS } from '../../src/bulk/kinds/metafields/rows.js';
import type { ImportResult } from '../../src/bulk/engine/run-import.js';
import { ApproachChooser } from '../../src/bulk/kinds/metafields/strategy.js';
import { summaryJson, summaryLines } from '../../src/bulk/engine/summary.js';
import { RuntimeError, UsageError } from '../../src/core/errors.js';
import { identityOfPath } from '../../src/core/file-identity.js';
import { scratchDir } from '../helpers/scratch.js';

const snap = (s: Partial<ProgressSnapshot>): ProgressSnapshot => ({
  read: 0,
  done: 0,
  failed: 0,
  bytes: 0,
  totalBytes: undefined,
  finishedReading: false,
  elapsedMs: 1000,
  ...s,
});

describe('progress line', () => {
  it('estimates the total from the bytes read, with rate, failures and ETA', () => {
    expect(formatProgress(snap({ read: 2000, done: 1500, failed: 3, bytes: 100_000, totalBytes: 1_000_000, elapsedMs: 2000 }))).toBe(
      'import: 1,500 / ~20,000 rows (7%) · 750 rows/s · 3 failed · ETA 25s',
    );
  });

  it('knows the total once the file is read', () => {
    expect(formatProgress(snap({ read: 500, done: 250, finishedReading: true, elapsedMs: 1000 }))).toBe(
      'import: 250 / 500 rows (50%) · 250 rows/s · 0 failed · ETA 1s',
    );
  });

  it('from stdin: no total, no ETA', () => {
    expect(formatProgress(snap({ read: 90, done: 80, elapsedMs: 4000 }))).toBe('import: 80 rows · 20 rows/s · 0 failed');
  });

  it('durations', () => {
    expect([formatDuration(900), formatDuration(61_000), formatDuration(3_700_000)]).toEqual(['1s', '1m01s', '1h01m']);
  });

  it('redraws a live line in place and wipes it at the end; plain lines otherwise', async () => {
    const written: string[] = [];
    const live = startProgress(
      (t) => written.push(t),
      'live',
      () => snap({ done: 1 }),
      5,
    );
    await new Promise((r) => setTimeout(r, 30));
    live.stop();
    // eslint-disable-next-line no-control-regex
    expect(written[0]).toMatch(/^\rimport: 1 rows .*\u001b\[K$/);
    expect(written.at(-1)).toBe('\r\u001b[K');
    const lines: string[] = [];
    const plain = startProgress(
      (t) => lines.push(t),
      'lines',
      () => snap({ done: 1 }),
      5,
    );
    await new Promise((r) => setTimeout(r, 30));
    plain.stop();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^import: .*\n$/);
  });
});

const result = (r: Partial<ImportResult>): ImportResult => ({
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  partial: 0,
  failed: 0,
  elapsedMs: 1234,
  objects: 0,
  otherShards: 0,
  valid: 0,
  rejects: [],
  ...r,
});

describe('summary', () => {
  it('says what was done, and what it cost', () => {
    const lines = summaryLines(result({ rows: 10, created: 6, updated: 1, unchanged: 2, failed: 1, objects: 3, rejects: [{ line: 4, reason: 'bad' }] }), {
      source: 'v.csv',
      dryRun: false,
      rejectsPath: 'r.csv',
      requests: { sent: 5, rateLimited: 1, bucketEmpty: 1, retried: 0 },
    });
    expect(lines).toEqual([
      'Imported v.csv in 1s: 10 rows of 3 objects: 6 created, 1 updated, 2 unchanged, 1 failed.',
      "5 requests (1.67 per object); 1 refused by the store's rate limit (429, its bucket empty) and sent again.",
      '1 row failed; each is in r.csv with its line and reason:',
      '  line 4: bad',
    ]);
  });

  it('says that no request was refused (429), and counts retries apart', () => {
    const lines = summaryLines(result({ rows: 4, created: 4, objects: 2 }), {
      source: 'v.csv',
      dryRun: false,
      requests: { sent: 3, rateLimited: 0, bucketEmpty: 0, retried: 1 },
    });
    expect(lines[1]).toBe('3 requests (1.50 per object); none refused (429), 1 retried after a failure.');
  });

  it('blames the rate limit only for the 429s whose bucket header said so: the others are refusals', () => {
    const noBucket = summaryLines(result({ rows: 4, created: 4, objects: 2 }), {
      source: 'v.csv',
      dryRun: false,
      requests: { sent: 9, rateLimited: 3, bucketEmpty: 0, retried: 2 },
    });
    expect(noBucket[1]).toBe('9 requests (4.50 per object); 3 refused (429) and sent again, 2 retried after a failure.');
    expect(noBucket.join('\n')).not.toMatch(/rate limit/);
    const both = summaryLines(result({ rows: 4, created: 4, objects: 2 }), {
      source: 'v.csv',
      dryRun: false,
      requests: { sent: 9, rateLimited: 3, bucketEmpty: 2, retried: 0 },
    });
    expect(both[1]).toBe(
      "9 requests (4.50 per object); 2 refused by the store's rate limit (429, its bucket empty) and sent again, 1 refused (429) and sent again.",
    );
  });

  it('counts in the unit of the row kind: cards, requests per card (the line the export shares)', () => {
    const lines = summaryLines(result({ rows: 4, created: 4, objects: 4 }), {
      source: 'c.csv',
      dryRun: false,
      unit: 'card',
      requests: { sent: 5, rateLimited: 0, bucketEmpty: 0, retried: 0 },
    });
    expect(lines).toEqual([
      'Imported c.csv in 1s: 4 rows of 4 cards: 4 created, 0 updated, 0 unchanged, 0 failed.',
      '5 requests (1.25 per card); none refused (429).',
    ]);
  });

  it('a re-run that changes nothing says so', () => {
    expect(summaryLines(result({ rows: 4, unchanged: 4, objects: 2 }), { source: 'v.csv', dryRun: false })[0]).toBe(
      'Nothing to change: all 4 rows of v.csv already hold their values (2 objects checked in 1s).',
    );
  });

  it('points to --rejects when failures were cut short', () => {
    const lines = summaryLines(result({ rows: 9, failed: 7, rejects: [1, 2, 3, 4, 5].map((line) => ({ line, reason: 'r' })) }), { source: 's', dryRun: false });
    expect(lines.at(-1)).toBe('  ... and 2 more (--rejects FILE lists every one).');
  });

  it('an interrupted run counts what was left', () => {
    expect(summaryJson(result({ rows: 10, created: 4, objects: 2, stop: { kind: 'interrupted' } }))).toMatchObject({ rows: 10, created: 4, unfinished: 6 });
    const lines = summaryLines(result({ rows: 10, created: 4, objects: 2, stop: { kind: 'interrupted' } }), { source: 's', dryRun: false });
    expect(lines[0]).toBe('The import of s stopped after 1s: 10 rows of 2 objects: 4 created, 0 updated, 0 unchanged, 0 failed.');
    expect(lines.at(-1)).toBe(
      'Interrupted: 6 rows read were not finished, and the rest of the file was not read. A re-run finishes the job; it skips what is already applied.',
    );
  });

  it('rows applied in part: counted apart, listed with the failed rows, and said so', () => {
    const lines = summaryLines(
      result({
        rows: 3,
        updated: 1,
        partial: 1,
        failed: 1,
        objects: 2,
        rejects: [
          { line: 2, reason: 'metafield:specs.weight: too heavy', partial: true },
          { line: 4, reason: 'bad' },
        ],
      }),
      {
        source: 'p.csv',
        dryRun: false,
        unit: 'product',
      },
    );
    expect(lines[0]).toBe('Imported p.csv in 1s: 3 rows of 2 products: 0 created, 1 updated, 0 unchanged, 1 partial, 1 failed.');
    expect(lines.slice(1)).toEqual(['2 rows failed or applied in part:', '  line 2: (applied in part) metafield:specs.weight: too heavy', '  line 4: bad']);
    expect(summaryJson(result({ rows: 3, updated: 1, partial: 1, failed: 1 }))).toMatchObject({ partial: 1, failed: 1, unfinished: 0 });
  });

  it("all or nothing's check: one line when it finds nothing, else the plan on the copy and that nothing was written", () => {
    expect(summaryLines(result({ rows: 3, created: 3, objects: 3 }), { source: 'v.csv', dryRun: false, rehearsal: 'check' })).toEqual([
      'Checked first on a copy of the store: none of the 3 rows would be rejected.',
    ]);
    const refused = summaryLines(
      result({ rows: 3, created: 2, failed: 1, objects: 3, rejects: [{ line: 3, reason: 'must be at most 500 kg' }], stop: { kind: 'all-or-nothing' } }),
      {
        source: 'v.csv',
        dryRun: false,
        rehearsal: 'check',
      },
    );
    expect(refused[0]).toBe(
      'All or nothing: checked on a copy of the store first (nothing written to the store): 3 rows of 3 objects: 2 to create, 0 to update, 0 unchanged, 1 the store would reject.',
    );
    expect(refused.at(-1)).toBe('All or nothing: 1 row would be rejected, so nothing was written. Fix it, then run again.');
    const real = summaryLines(result({ rows: 5, created: 2, failed: 1, objects: 3, rejects: [{ line: 3, reason: 'r' }], stop: { kind: 'all-or-nothing' } }), {
      source: 'v.csv',
      dryRun: false,
    });
    expect(real.at(-1)).toBe(
      'All or nothing: 1 row was refused when written, so no more writes were sent: 2 rows read were not finished, and the rest of the file was not read.',
    );
  });

  it('a dry run without the store: the file alone, what it left unchecked, and null where it cannot know', () => {
    const r = result({ rows: 3, valid: 2, failed: 1, offline: 'No access token.' });
    expect(summaryLines(r, { source: 's', dryRun: true, unchecked: 'types not checked (no definitions read)' })[0]).toBe(
      'Dry run of s, the file alone (the store could not be read: No access token): 3 rows, 2 well-formed, 1 malformed; types not checked (no definitions read).',
    );
    // Nothing malformed is not "0 invalid": what the store would say is not known.
    const clean = result({ rows: 2, valid: 2, failed: 0, offline: 'No access token.' });
    expect(summaryLines(clean, { source: 's', dryRun: true })[0]).toBe(
      'Dry run of s, the file alone (the store could not be read: No access token): 2 rows, 2 well-formed; nothing checked against the store.',
    );
    expect(summaryJson(r)).toEqual({
      rows: 3,
      created: null,
      updated: null,
      unchanged: null,
      partial: 0,
      failed: 1,
      unfinished: 0,
      requests: 0,
      refused: 0,
      elapsedMs: 1234,
      runId: null,
    });
  });

  it('--json has exactly the issue’s fields', () => {
    expect(Object.keys(summaryJson(result({})))).toEqual([
      'rows',
      'created',
      'updated',
      'unchanged',
      'partial',
      'failed',
      'unfinished',
      'requests',
      'refused',
      'elapsedMs',
      'runId',
    ]);
  });
});

describe('rejects file', () => {
  it('is CSV with line and reason, quoting what needs it; a header even when empty', async () => {
    const dir = scratchDir('rejects-');
    const sink = await openRejectsFile(join(dir, 'r.csv'), { name: 'v.csv' }, METAFIELD_REJECTS);
    await sink.write({ line: 7, domain: 'products', bizId: '1', namespace: 'ns', code: 'c', type: 'Integer', value: 'a,"b"\nc' }, 'the value is bad');
    await sink.close();
    expect(parse(readFileSync(join(dir, 'r.csv')), { columns: true })).toEqual([
      { line: '7', domain: 'products', bizId: '1', namespace: 'ns', code: 'c', type: 'Integer', value: 'a,"b"\nc', reason: 'the value is bad' },
    ]);
    const empty = await openRejectsFile(join(dir, 'e.csv'), { name: 'v.csv' }, METAFIELD_REJECTS);
    await empty.close();
    expect(readFileSync(join(dir, 'e.csv'), 'utf8')).toBe('line,domain,bizId,namespace,code,type,value,reason\n');
  });

  it('a disk that fills up fails the writes with a typed error instead of hanging', async () => {
    const sink = await openRejectsFile('/dev/full', { name: 'v.csv' }, METAFIELD_REJECTS);
    const row = { line: 1, domain: 'products', bizId: '1', namespace: 'ns', code: 'c', type: '', value: 'x'.repeat(1000) };
    const writes = (async () => {
      for (let i = 0; i < 1000; i++) await sink.write(row, 'bad');
    })();
    await expect(writes).rejects.toBeInstanceOf(RuntimeError);
    await expect(sink.close()).rejects.toBeInstanceOf(RuntimeError);
  });

  it('an unwritable path is a usage error, before anything is sent', async () => {
    await expect(openRejectsFile('/nonexistent-dir/r.csv', { name: 'v.csv' }, METAFIELD_REJECTS)).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses the imported file under another name (a hard link), leaving it whole; empties an older rejects file', async () => {
    const dir = scratchDir('rejects-');
    const input = join(dir, 'in.csv');
    writeFileSync(input, 'domain,bizId,namespace,code,value\n');
    linkSync(input, join(dir, 'link.csv'));
    const identity = await identityOfPath(input);
    await expect(openRejectsFile(join(dir, 'link.csv'), { name: input, ...(identity ? { identity } : {}) }, METAFIELD_REJECTS)).rejects.toThrow(
      /^rejects .*link\.csv is the file being imported \(.*in\.csv\): .*Nothing was sent\.$/,
    );
    expect(readFileSync(input, 'utf8')).toBe('domain,bizId,namespace,code,value\n');
    writeFileSync(join(dir, 'old.csv'), 'x'.repeat(500));
    await (await openRejectsFile(join(dir, 'old.csv'), { name: input, ...(identity ? { identity } : {}) }, METAFIELD_REJECTS)).close();
    expect(readFileSync(join(dir, 'old.csv'), 'utf8')).toBe('line,domain,bizId,namespace,code,type,value,reason\n');
  });
});

describe('ApproachChooser', () => {
  it('reads first at the start, creates first after fresh objects, reads first again after objects with values', () => {
    const chooser = new ApproachChooser();
    expect(chooser.choose()).toBe('read-first');
    chooser.observe(false);
    expect(chooser.choose()).toBe('create-first');
    for (let i = 0; i < 3; i++) chooser.observe(true);
    expect(chooser.choose()).toBe('read-first');
  });
});
