// The launcher's code cache (src/compile-cache.ts) across real processes: a command fills it,
// the next one takes it as it is, an entry that is not V8's code is refused and written again,
// commands started together all succeed and leave no partial entry, and a cache that cannot be
// written, or is switched off, changes nothing a command prints.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch } from '../helpers/cli-spawn.js';
import { useHosted } from '../helpers/hosted-store.js';

/** The one folder a node and an install keeps its entries in, under `cache`. */
function entriesDir(cache: string): string {
  const folders = readdirSync(join(cache, 'compile'));
  expect(folders).toHaveLength(1);
  expect(folders[0]).toMatch(new RegExp(`^${process.version.replace(/\./g, '\\.')}-${process.arch}-`));
  return join(cache, 'compile', folders[0]!);
}

/** Each entry's digest and modification time. */
const snapshot = (dir: string) =>
  new Map(
    readdirSync(dir).map((name) => [
      name,
      {
        sha256: createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex'),
        mtimeMs: statSync(join(dir, name)).mtimeMs,
      },
    ]),
  );

describe('the code cache of the command line', () => {
  const served = useHosted({ seed: 'demo' });
  const count = ['giftcard', 'count', '--json'];

  it('the first command fills it; the next takes its entries as they are and prints the same', async () => {
    const cache = join(scratch().root, 'cache');
    const env = served.store.env({ STORE_CLI_CACHE_DIR: cache });
    const cold = await run(count, { env });
    expect(cold.code, cold.stderr).toBe(0);
    expect(JSON.parse(cold.stdout)).toEqual({ count: expect.any(Number) });
    const dir = entriesDir(cache);
    const filled = snapshot(dir);
    // An entry for each file of dist/cli the command ran: main.js and its chunks.
    expect([...filled.keys()]).toContainEqual(expect.stringMatching(/^main\.js-\d+-\d+$/));
    expect([...filled.keys()].filter((name) => name.startsWith('chunks+')).length).toBeGreaterThan(10);
    const warm = await run(count, { env });
    expect(warm).toMatchObject({ code: 0, stdout: cold.stdout, stderr: '' });
    // Taken, not refused: a refused entry would have been written again.
    expect(snapshot(dir)).toEqual(filled);
    // Another command adds the entries of the files it alone runs, and keeps the others.
    const list = await run(['customer', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
    const after = snapshot(dir);
    expect(after.size).toBeGreaterThan(filled.size);
    for (const [name, entry] of filled) if (after.has(name)) expect(after.get(name), name).toEqual(entry);
  });

  it('an entry that is not V8 code, or is cut short, is refused: the command prints the same and the entry is written again', async () => {
    const cache = join(scratch().root, 'cache');
    const env = served.store.env({ STORE_CLI_CACHE_DIR: cache });
    const first = await run(count, { env });
    expect(first.code, first.stderr).toBe(0);
    const dir = entriesDir(cache);
    const names = readdirSync(dir);
    const garbage = Buffer.from('not code at all, and long enough to look like a header of one');
    for (const [i, name] of names.entries()) {
      const good = readFileSync(join(dir, name));
      writeFileSync(join(dir, name), i % 2 === 0 ? garbage : good.subarray(0, good.length >> 1));
    }
    const again = await run(count, { env });
    expect(again).toMatchObject({ code: 0, stdout: first.stdout, stderr: '' });
    for (const name of names) {
      const entry = readFileSync(join(dir, name));
      expect(entry.equals(garbage), name).toBe(false);
      expect(entry.length, name).toBeGreaterThan(garbage.length);
    }
  });

  it('eight commands started together on an empty cache: all succeed, and no partial entry is left', async () => {
    const cache = join(scratch().root, 'cache');
    const env = served.store.env({ STORE_CLI_CACHE_DIR: cache });
    const runs = await Promise.all(Array.from({ length: 8 }, () => run(count, { env })));
    for (const r of runs) expect(r).toMatchObject({ code: 0, stdout: runs[0]!.stdout, stderr: '' });
    const names = readdirSync(entriesDir(cache));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
    // Every entry whole: the next command takes them all (none written again).
    const dir = entriesDir(cache);
    const filled = snapshot(dir);
    expect((await run(count, { env })).code).toBe(0);
    expect(snapshot(dir)).toEqual(filled);
  });

  it('a bulk run, which changes V8 flags (--liftoff-only, for undici), keeps nothing: the entries stay good for every command after it', async () => {
    const root = scratch().root;
    const cache = join(root, 'cache');
    const env = served.store.env({ STORE_CLI_CACHE_DIR: cache });
    const bulk = (file: string) => ['order', 'export', '--since', '2020-01-01', '--output', join(root, file)];
    const cold = await run(bulk('orders.csv'), { env });
    expect(cold.code, cold.stderr).toBe(0);
    expect(readFileSync(join(root, 'orders.csv'), 'utf8').split('\n').length).toBeGreaterThan(2); // it ran
    // Its code carries the changed flags: kept, it would be refused by the next command.
    expect(existsSync(join(cache, 'compile')) ? readdirSync(entriesDir(cache)) : []).toEqual([]);
    expect((await run(count, { env })).code).toBe(0);
    const dir = entriesDir(cache);
    const filled = snapshot(dir);
    expect(filled.size).toBeGreaterThan(10);
    // The bulk run takes the entries of the files it shares (loaded before it changes the flags) and writes none.
    expect((await run(bulk('again.csv'), { env })).code).toBe(0);
    expect(snapshot(dir)).toEqual(filled);
    expect((await run(count, { env })).code).toBe(0);
    expect(snapshot(dir)).toEqual(filled);
  });

  it('a cache folder that cannot be made changes nothing a command prints; NODE_DISABLE_COMPILE_CACHE makes none', async () => {
    const root = scratch().root;
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, '');
    const unwritable = await run(count, { env: served.store.env({ STORE_CLI_CACHE_DIR: join(blocker, 'cache') }) });
    expect(unwritable).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(unwritable.stdout)).toEqual({ count: expect.any(Number) });
    const cache = join(root, 'off');
    mkdirSync(cache);
    const off = await run(count, { env: served.store.env({ STORE_CLI_CACHE_DIR: cache, NODE_DISABLE_COMPILE_CACHE: '1' }) });
    expect(off).toMatchObject({ code: 0, stdout: unwritable.stdout, stderr: '' });
    expect(existsSync(join(cache, 'compile'))).toBe(false);
  });
});
