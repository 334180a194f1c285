import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { metafieldKind } from '../../src/bulk/kinds/metafields/kind.js';
import { Import } from '../../src/bulk/engine/run-import.js';
import { RunJournal, newRunId, pruneRuns, readEntries, readMeta, runIds, runTime } from '../../src/bulk/runs/run-journal.js';
import { lockRun } from '../../src/bulk/runs/undo.js';
import { valueTargets } from '../../src/bulk/kinds/metafields/undo.js';
import { cardTargets } from '../../src/bulk/kinds/gift-cards/undo.js';
import { startTimeOf } from '../../src/core/processes.js';
import { metafieldWatch } from '../../src/bulk/kinds/metafields/watch.js';
import { scratchDir } from '../helpers/scratch.js';
import { FakeStore } from './fake-store.js';

const META = { command: 'metafield import', file: 'v.csv', store: { profile: 'default', baseUrl: 'https://shop.example.com' } };

describe('run ids', () => {
  it('sort by time and read back as the time they were made', () => {
    const id = newRunId(new Date('2026-11-27T21:05:12.345Z'), '3f9a');
    expect(id).toBe('20261127T210512Z-3f9a');
    expect(runTime(id)?.toISOString()).toBe('2026-11-27T21:05:12.000Z');
    expect(runTime('notes.txt')).toBeUndefined();
    expect(newRunId(new Date('2026-01-02T00:00:00Z'), 'aaaa') < newRunId(new Date('2026-11-02T00:00:00Z'), '0000')).toBe(true);
  });
});

describe('RunJournal', () => {
  it('keeps meta.json (no token) and before.jsonl; two journals opened in one second get two ids', async () => {
    const data = scratchDir();
    const now = new Date('2026-11-27T21:05:12Z');
    const [a, b] = await Promise.all([RunJournal.open(data, META, now), RunJournal.open(data, META, now)]);
    expect(a.runId).not.toBe(b.runId);
    await a.record([{ kind: 'metafield', domain: 'products', bizId: '1', namespace: 'ns', code: 'c', before: null, after: 'x' }]);
    await a.finish({ rows: 1, created: 1, updated: 0, unchanged: 0, failed: 0 });
    await b.abandon();
    expect(await runIds(data)).toEqual([a.runId]);
    const meta = await readMeta(a.dir);
    expect(meta).toMatchObject({
      runId: a.runId,
      command: 'metafield import',
      file: 'v.csv',
      store: META.store,
      started: now.toISOString(),
      counts: { rows: 1, created: 1 },
    });
    expect(JSON.stringify(meta)).not.toMatch(/token/i);
    expect(await readEntries(a.dir)).toEqual([{ kind: 'metafield', domain: 'products', bizId: '1', namespace: 'ns', code: 'c', before: null, after: 'x' }]);
  });

  it('records made at once share syncs, and each resolves only once its own lines are in the file', async () => {
    const journal = await RunJournal.open(scratchDir(), META);
    const file = join(journal.dir, 'before.jsonl');
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await journal.record([{ kind: 'metafield', domain: 'products', bizId: String(i), namespace: 'ns', code: 'c', before: null, after: 'x' }]);
        expect(readFileSync(file, 'utf8')).toContain(`"bizId":"${i}"`);
      }),
    );
    await journal.finish({ rows: 50, created: 50, updated: 0, unchanged: 0, failed: 0 });
    expect((await readEntries(journal.dir)).map((e) => e.bizId).sort()).toEqual(Array.from({ length: 50 }, (_, i) => String(i)).sort());
  });

  it('has each before-image on disk before the write it is for is sent', async () => {
    const data = scratchDir();
    const journal = await RunJournal.open(data, META);
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'old', 'was');
    const seen: string[] = [];
    const send = store.createBatch.bind(store);
    const update = store.update.bind(store);
    // Each write looks at the journal as it is sent: its before-image must be there already.
    store.createBatch = async (domain, bizId, values) => {
      seen.push(readFileSync(join(journal.dir, 'before.jsonl'), 'utf8'));
      return send(domain, bizId, values);
    };
    store.update = async (domain, bizId, value) => {
      seen.push(readFileSync(join(journal.dir, 'before.jsonl'), 'utf8'));
      return update(domain, bizId, value);
    };
    const text = ['domain,bizId,namespace,code,value', 'products,1,ns,old,now', 'products,2,ns,new,fresh'].join('\n');
    const job = new Import({
      source: { stream: Readable.from([text]), name: 'v.csv', size: undefined },
      dryRun: false,
      concurrency: 1,
      signal: new AbortController().signal,
      kind: metafieldKind(store, undefined, undefined, metafieldWatch(journal)),
    });
    await job.run();
    await journal.finish({ rows: 2, created: 1, updated: 1, unchanged: 0, failed: 0 });
    expect(seen.some((t) => t.includes('"code":"old","before":"was","after":"now"'))).toBe(true);
    expect(seen.some((t) => t.includes('"code":"new","before":null,"after":"fresh"'))).toBe(true);
    const values = valueTargets(await readEntries(journal.dir));
    expect(values).toEqual(
      expect.arrayContaining([
        { domain: 'products', bizId: '1', namespace: 'ns', code: 'old', before: 'was', after: 'now' },
        { domain: 'products', bizId: '2', namespace: 'ns', code: 'new', before: null, after: 'fresh' },
      ]),
    );
  });

  it('a create refused with 409 leaves no before-image of "absent": the value read next is what undo puts back', async () => {
    const journal = await RunJournal.open(scratchDir(), META);
    const store = new FakeStore();
    store.put('products', '1', 'ns', 'held', 'was');
    const text = [
      'domain,bizId,namespace,code,value',
      ...Array.from({ length: 3 }, (_, i) => `products,${i + 2},ns,new,x`),
      'products,1,ns,held,now',
      'products,1,ns,fresh,y',
    ].join('\n');
    // Three fresh objects first: the import then creates first, and meets the 409 of object 1.
    const job = new Import({
      source: { stream: Readable.from([text]), name: 'v.csv', size: undefined },
      dryRun: false,
      concurrency: 1,
      signal: new AbortController().signal,
      kind: metafieldKind(store, undefined, undefined, metafieldWatch(journal)),
    });
    const result = await job.run();
    await journal.finish({ rows: 5, created: result.created, updated: result.updated, unchanged: 0, failed: 0 });
    expect(result).toMatchObject({ created: 4, updated: 1 });
    const entries = await readEntries(journal.dir);
    expect(entries.some((e) => e.kind === 'metafield-void')).toBe(true);
    const held = valueTargets(entries).find((v) => v.code === 'held');
    expect(held).toEqual({ domain: 'products', bizId: '1', namespace: 'ns', code: 'held', before: 'was', after: 'now' });
    expect(valueTargets(entries).find((v) => v.code === 'fresh')).toMatchObject({ before: null, after: 'y' });
  });

  it('a line cut by a crash is left out; a create refused as a whole (409) cancels its before-image; the first before and the last write count', async () => {
    const dir = scratchDir();
    const key = { domain: 'products', bizId: '1', namespace: 'ns', code: 'c' };
    const lines = [
      { kind: 'metafield', ...key, before: null, after: 'a' },
      { kind: 'metafield-void', ...key },
      { kind: 'metafield', ...key, before: 'held', after: 'b' },
      { kind: 'metafield', ...key, before: 'b', after: 'c' },
    ].map((entry) => JSON.stringify(entry));
    writeFileSync(join(dir, 'before.jsonl'), `${lines.join('\n')}\n{"kind":"metafield","dom`);
    const entries = await readEntries(dir);
    expect(entries).toHaveLength(4);
    expect(valueTargets(entries)).toEqual([{ ...key, before: 'held', after: 'c' }]);
  });

  it('gift cards: a create pairs with what it gave (a taken code made none; no answer, a crash, is unsure); updates keep the first before', () => {
    const fields = (balance: string) => ({ balance, note: '', expireTime: null });
    const { created, updated } = cardTargets([
      { kind: 'giftcard-create', last4: 'AAAA', initialValue: '5' },
      { kind: 'giftcard-created', last4: 'AAAA', made: true, id: '1' },
      { kind: 'giftcard-create', last4: 'BBBB', initialValue: '5' },
      { kind: 'giftcard-created', last4: 'BBBB', made: false },
      { kind: 'giftcard-update', id: '2', last4: 'BBBB', before: fields('5'), after: fields('4'), disables: false },
      { kind: 'giftcard-update', id: '2', last4: 'BBBB', before: fields('4'), after: fields('3'), disables: true },
      { kind: 'giftcard-create', last4: 'CCCC', initialValue: '7' },
    ]);
    expect(created).toEqual([
      { last4: 'AAAA', initialValue: '5', id: '1', unsure: false },
      { last4: 'CCCC', initialValue: '7', unsure: true },
    ]);
    expect(updated).toEqual([{ id: '2', last4: 'BBBB', before: fields('5'), after: fields('3'), disables: true }]);
  });

  it('prunes the journals of runs older than 30 days, and nothing else', async () => {
    const data = scratchDir();
    const now = new Date('2026-11-27T12:00:00Z');
    for (const id of ['20261020T000000Z-aaaa', '20261029T000000Z-bbbb', '20261127T000000Z-cccc']) mkdirSync(join(data, 'runs', id), { recursive: true });
    mkdirSync(join(data, 'runs', 'keep-me'));
    expect(await pruneRuns(data, now)).toEqual(['20261020T000000Z-aaaa']);
    expect(await runIds(data)).toEqual(['20261127T000000Z-cccc', '20261029T000000Z-bbbb']);
    expect(existsSync(join(data, 'runs', 'keep-me'))).toBe(true);
  });
});

describe('lockRun', () => {
  const lockFile = (dir: string) => join(dir, 'undo.lock');
  const holder = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; start?: string; host: string; what: string };

  it('refuses a second undo while another live process holds the lock, naming it; takes over the lock of a process that is gone', async () => {
    const dir = scratchDir();
    const release = await lockRun(dir);
    expect(holder(dir)).toMatchObject({ pid: process.pid, start: startTimeOf(process.pid), host: hostname(), what: 'an undo of this run' });
    await expect(lockRun(dir)).rejects.toThrow('This process is undoing the run already.');
    await release();
    expect(existsSync(lockFile(dir))).toBe(false);
    // The parent process (alive) as recorded: a live undo.
    writeFileSync(lockFile(dir), JSON.stringify({ pid: process.ppid, start: startTimeOf(process.ppid), host: hostname(), what: 'an undo of this run' }));
    await expect(lockRun(dir)).rejects.toThrow(
      `Another undo of this run is under way (process ${process.ppid}); wait for it, or remove ${lockFile(dir)} if that process is not store-cli.`,
    );
    // A pid no process has (beyond the kernel's limit): a killed undo's lock.
    writeFileSync(lockFile(dir), '99999999\n');
    const again = await lockRun(dir);
    expect(holder(dir).pid).toBe(process.pid);
    await again();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('a lock naming a live pid that started at another time (the pid reused), or this very pid in a former life, is taken over', async () => {
    const dir = scratchDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: process.ppid, start: String(Number(startTimeOf(process.ppid)) + 1), host: hostname() }));
    const taken = await lockRun(dir);
    expect(holder(dir).pid).toBe(process.pid);
    await taken();
    // This pid, with another start: pid 1 of a container restarted after a kill -9 of its undo.
    writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, start: String(Number(startTimeOf(process.pid)) - 1), host: hostname() }));
    const mine = await lockRun(dir);
    expect(holder(dir).start).toBe(startTimeOf(process.pid));
    await mine();
  });
});
