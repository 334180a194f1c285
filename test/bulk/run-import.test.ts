import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RejectSink } from '../../src/bulk/engine/rejects.js';
import { metafieldKind } from '../../src/bulk/kinds/metafields/kind.js';
import { Import } from '../../src/bulk/engine/run-import.js';
import { NetworkError, RuntimeError, UnreachableError } from '../../src/core/errors.js';
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

  /** An import of `count` objects over a store whose every read fails with `error`. */
  async function importAgainst(error: Error, count: number) {
    const store = new FakeStore();
    store.list = () => Promise.reject(error);
    const rows = Array.from({ length: count }, (_, i) => `products,${i + 1},ns,n,v`);
    const job = new Import({
      source: { stream: Readable.from([['domain,bizId,namespace,code,value', ...rows].join('\n')]), name: 'v.csv', size: undefined },
      dryRun: false,
      concurrency: 1,
      signal: new AbortController().signal,
      kind: metafieldKind(store, undefined),
    });
    const result = await job.run();
    await job.close();
    return result;
  }

  it('a store that could not be reached stops the run at its first object: no row is failed for it', async () => {
    const down = new UnreachableError(
      'The store could not be reached at 127.0.0.1:9: the connection was refused on each of 6 attempts over 5 s (ECONNREFUSED).',
      'ECONNREFUSED',
    );
    const result = await importAgainst(down, 2);
    expect(result.stop).toEqual({ kind: 'failed', error: down });
    expect(result.failed).toBe(0);
  });

  it('a request that failed on a store that is there fails its rows, and the run goes on (stopping after three objects in a row)', async () => {
    const reset = new NetworkError('Could not complete the GET request: the connection was reset on the last 2 of 6 attempts (ECONNRESET).', 'ECONNRESET');
    const result = await importAgainst(reset, 2);
    expect(result.stop).toBeUndefined();
    expect(result.failed).toBe(2);
  });
});
