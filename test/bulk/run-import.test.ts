import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RejectSink } from '../../src/bulk/rejects.js';
import { metafieldKind } from '../../src/bulk/metafield-kind.js';
import { Import } from '../../src/bulk/run-import.js';
import { RuntimeError } from '../../src/core/errors.js';
import { FakeStore } from './fake-store.js';

describe('Import', () => {
  it('stops, with the reason, when the rejects file cannot be written (a full disk)', async () => {
    const store = new FakeStore({ integerCodes: ['n'] });
    const rows = Array.from({ length: 6 }, (_, i) => `products,${i + 1},ns,n,not-a-number`);
    const text = ['domain,bizId,namespace,code,value', ...rows].join('\n');
    const full = new RuntimeError('Cannot write the rejects file r.csv (ENOSPC).');
    const sink: RejectSink = { write: () => Promise.reject(full), close: () => Promise.reject(full) };
    const job = new Import({
      source: { stream: Readable.from([text]), name: 'v.csv', size: undefined },
      dryRun: false,
      concurrency: 2,
      signal: new AbortController().signal,
      kind: metafieldKind(store, undefined),
      openRejects: async () => sink,
    });
    const result = await job.run();
    await job.close();
    expect(result.stop).toEqual({ kind: 'failed', error: full });
    expect(result.failed).toBeGreaterThan(0);
    expect(result.failed).toBeLessThan(6);
  });
});
