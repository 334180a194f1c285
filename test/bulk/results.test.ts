import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { identityOfPath } from '../../src/core/file-identity.js';
import { metafieldKind } from '../../src/bulk/kinds/metafields/kind.js';
import { openResultsFile, resultLine } from '../../src/bulk/engine/results.js';
import { Import } from '../../src/bulk/engine/run-import.js';
import { scratchDir } from '../helpers/scratch.js';
import { FakeStore } from './fake-store.js';

describe('results file', () => {
  it('writes a header, then one whole CSV line per result; commas, quotes and line breaks quoted', async () => {
    const path = join(scratchDir(), 'results.csv');
    writeFileSync(path, 'old content that must go\n');
    const sink = await openResultsFile(path, { name: 'in.csv' });
    await sink.write({ line: 2, key: 'products/1/ns.a', action: 'created', id: '' });
    await sink.write({ line: 3, key: 'products/1/ns.b', action: 'updated', before: 'say "hi",\nthen go' });
    await sink.write({ line: 4, key: '****7KQ2', action: 'rejected' });
    await sink.close();
    expect(readFileSync(path, 'utf8')).toBe(
      'line,key,action,id,before\n2,products/1/ns.a,created,,\n3,products/1/ns.b,updated,,"say ""hi"",\nthen go"\n4,****7KQ2,rejected,,\n',
    );
    expect(resultLine({ line: 9, key: 'k', action: 'unchanged' })).toBe('9,k,unchanged,,\n');
  });

  it('refuses to be the file imported, and leaves it whole', async () => {
    const path = join(scratchDir(), 'in.csv');
    writeFileSync(path, 'domain,bizId,namespace,code,value\n');
    await expect(openResultsFile(path, { name: 'in.csv', identity: await identityOfPath(path) })).rejects.toThrow(
      /results .* is the file being imported \(in\.csv\)/,
    );
    expect(readFileSync(path, 'utf8')).toBe('domain,bizId,namespace,code,value\n');
  });

  it('gets a line per row from the import, as it settles: created, updated with the value before, unchanged, rejected', async () => {
    const path = join(scratchDir(), 'results.csv');
    const store = new FakeStore({ integerCodes: ['n'] });
    store.put('products', '1', 'ns', 'same', 'v');
    store.put('products', '1', 'ns', 'old', 'before, "quoted"');
    const text = [
      'domain,bizId,namespace,code,value',
      'products,1,ns,same,v',
      'products,1,ns,old,after',
      'products,2,ns,new,x',
      'products,3,ns,n,not-a-number',
      'products,,ns,x,y',
    ].join('\n');
    const job = new Import({
      source: { stream: Readable.from([text]), name: 'v.csv', size: undefined },
      dryRun: false,
      concurrency: 1,
      signal: new AbortController().signal,
      kind: metafieldKind(store, undefined),
      openResults: () => openResultsFile(path, { name: 'v.csv' }),
    });
    await job.run();
    await job.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('line,key,action,id,before');
    expect(lines.slice(1).sort()).toEqual(
      [
        '2,products/1/ns.same,unchanged,,',
        '3,products/1/ns.old,updated,,"before, ""quoted"""',
        '4,products/2/ns.new,created,,',
        '5,products/3/ns.n,rejected,,',
        '6,products//ns.x,rejected,,',
      ].sort(),
    );
  });
});
