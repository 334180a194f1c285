import { describe, expect, it } from 'vitest';
import { progressLine, summaryLines, type ExportSummaryJson } from '../../src/bulk/kinds/metafields/export.js';

const summary = (s: Partial<ExportSummaryJson>): ExportSummaryJson => ({
  objects: 0,
  rows: 0,
  failed: 0,
  unfinished: 0,
  otherShards: 0,
  requests: 0,
  refused: 0,
  elapsedMs: 1000,
  ...s,
});
const context = { where: 'values.csv', format: 'csv' as const, stop: undefined, shard: undefined, rejectsPath: undefined, failures: [], requests: undefined };

describe('export progress and summary', () => {
  it('progress: objects done of all, rows, rate, failures, ETA', () => {
    expect(progressLine({ objects: 10_000, done: 2_500, rows: 9_000, failed: 2 }, 5000)).toBe(
      'export: 2,500 / 10,000 objects (25%) · 9,000 rows · 500 objects/s · 2 failed · ETA 15s',
    );
    expect(progressLine({ objects: 0, done: 0, rows: 0, failed: 0 }, 0)).toBe('export: 0 objects · 0 rows · 0 objects/s · 0 failed');
  });

  it('a complete run: rows, objects, where, requests per object', () => {
    const lines = summaryLines(summary({ objects: 4, rows: 9, requests: 4 }), {
      ...context,
      requests: { sent: 4, rateLimited: 0, bucketEmpty: 0, retried: 1 },
    });
    expect(lines).toEqual([
      'Exported 9 rows of 4 objects to values.csv in 1s.',
      '4 requests (1.00 per object); none refused (429), 1 retried after a failure.',
    ]);
  });

  it('failed objects are named, the first five, and the rest counted', () => {
    const failures = Array.from({ length: 5 }, (_, i) => ({ object: { domain: 'products', bizId: String(i) }, reason: 'the store failed' }));
    const lines = summaryLines(summary({ objects: 10, rows: 3, failed: 7 }), { ...context, failures, rejectsPath: 'failed.csv' });
    expect(lines[1]).toBe('7 objects failed, their values not exported; each is in failed.csv with the reason (give it to --objects to retry them):');
    expect(lines.slice(2)).toEqual([...failures.map((f) => `  products ${f.object.bizId}: the store failed`), '  ... and 2 more.']);
  });

  it('interrupted: what was read, and that the file was not written (or how far stdout went)', () => {
    const stopped = summary({ objects: 100, rows: 40, unfinished: 60 });
    expect(summaryLines(stopped, { ...context, stop: { kind: 'interrupted' } })[0]).toBe(
      'Interrupted after 1s, with 40 of 100 objects read: values.csv was not written; a re-run exports again from the start.',
    );
    expect(summaryLines(stopped, { ...context, where: 'stdout', stop: { kind: 'failed', error: new Error('x') } })[0]).toBe(
      'Stopped early after 1s, with 40 of 100 objects read: stdout holds the rows of the first 40 objects only; once the problem below is solved, a re-run exports again.',
    );
  });
});
