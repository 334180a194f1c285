// The code cache of the command line's files (src/compile-cache.ts): an entry a file, used when
// it matches the file as it is now, pruned of files gone or changed; and a cache that cannot be
// written is no cache. The launcher's use of it, across processes, is in test/e2e/compile-cache.test.ts.
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { codeCache, enableCompileCache, type ModuleInternals } from '../src/compile-cache.js';
import { cacheDir } from '../src/core/paths.js';
import { scratchDir } from './helpers/scratch.js';

const wrap = (Module as unknown as ModuleInternals).wrap;

/** A folder of code with one CommonJS file, `chunks/a.js`, that exports what `body` computes. */
function codeWith(body: string): { codeDir: string; file: string } {
  const codeDir = scratchDir('store-cli-code-');
  mkdirSync(join(codeDir, 'chunks'));
  const file = join(codeDir, 'chunks', 'a.js');
  writeFileSync(file, `exports.answer = (() => { ${body} })(); exports.twice = (n) => n * 2;`);
  return { codeDir, file };
}

/** Runs `file` through a fresh cache over `dir`, as a process would, and keeps what it compiled: its exports and the entries written. */
function runOnce(codeDir: string, dir: string, file: string): { exports: Record<string, unknown>; written: number } {
  const cache = codeCache(codeDir, dir, wrap);
  const module = { exports: {} as Record<string, unknown> };
  cache.run(module, readFileSync(file, 'utf8'), file);
  expect((module.exports.twice as (n: number) => number)(21)).toBe(42); // a function of the file, called before the cache is kept
  return { exports: module.exports, written: cache.keep() };
}

describe('codeCache', () => {
  // (Whether the next process takes an entry, or refuses a broken one, only processes show: V8
  // keeps what it compiled in memory too, so a second compile here never reads the entry. See
  // test/e2e/compile-cache.test.ts.)
  it('runs a file as CommonJS and writes its entry, named by its path, size and time', () => {
    const { codeDir, file } = codeWith('return 6 * 7;');
    const dir = join(scratchDir('store-cli-cache-'), 'compile');
    const first = runOnce(codeDir, dir, file);
    expect(first.exports.answer).toBe(42);
    expect(first.written).toBe(1);
    const entries = readdirSync(dir);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^chunks\+a\.js-\d+-\d+$/);
    expect(readFileSync(join(dir, entries[0]!)).length).toBeGreaterThan(100);
  });

  it('a file changed since gets no code of the one before it, and its old entry goes', () => {
    const { codeDir, file } = codeWith('return 1;');
    const dir = join(scratchDir('store-cli-cache-'), 'compile');
    runOnce(codeDir, dir, file);
    const [old] = readdirSync(dir);
    // The same length (V8 compares only that), another time.
    writeFileSync(file, readFileSync(file, 'utf8').replace('return 1;', 'return 2;'));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const changed = runOnce(codeDir, dir, file);
    expect(changed.exports.answer).toBe(2);
    expect(changed.written).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(dir)).not.toContain(old);
  });

  it('a folder that cannot be made is no cache: the file runs and nothing is thrown', () => {
    const { codeDir, file } = codeWith('return "ran";');
    const aFile = join(scratchDir('store-cli-cache-'), 'file');
    writeFileSync(aFile, '');
    expect(runOnce(codeDir, join(aFile, 'compile'), file)).toMatchObject({ exports: { answer: 'ran' }, written: 0 });
  });

  it("removes the entries of files that are gone and what a killed writer left; keeps those of the files as they are, and another writer's", () => {
    const { codeDir, file } = codeWith('return 1;');
    const other = join(codeDir, 'chunks', 'b.js');
    writeFileSync(other, 'exports.twice = (n) => n * 2;');
    const dir = join(scratchDir('store-cli-cache-'), 'compile');
    runOnce(codeDir, dir, other);
    writeFileSync(join(dir, 'chunks+gone.js-10-10'), 'old');
    writeFileSync(join(dir, 'chunks+b.js-1-1.123.partial'), 'another process, writing');
    const killed = join(dir, 'chunks+b.js-1-1.99.partial');
    writeFileSync(killed, 'a process killed while writing');
    utimesSync(killed, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    runOnce(codeDir, dir, file);
    expect(readdirSync(dir).sort()).toEqual([
      expect.stringMatching(/^chunks\+a\.js-/),
      'chunks+b.js-1-1.123.partial',
      expect.stringMatching(/^chunks\+b\.js-\d+-\d+$/),
    ]);
  });
});

describe('enableCompileCache', () => {
  const fakeModules = (withNodeCache: boolean) => {
    const compile = vi.fn(() => 'node compiled it');
    const modules: ModuleInternals = { wrap, prototype: { _compile: compile } };
    if (withNodeCache) modules.enableCompileCache = vi.fn();
    return { modules, compile };
  };

  it("Node 22's own cache where node has one, in the cache folder; nothing of ours", () => {
    const { modules, compile } = fakeModules(true);
    enableCompileCache('/code', { STORE_CLI_CACHE_DIR: '/cache' }, modules);
    expect(modules.enableCompileCache).toHaveBeenCalledWith(join('/cache', 'compile', 'node'));
    expect(modules.prototype._compile).toBe(compile);
  });

  it('NODE_DISABLE_COMPILE_CACHE: no cache at all', () => {
    const { modules, compile } = fakeModules(true);
    enableCompileCache('/code', { NODE_DISABLE_COMPILE_CACHE: '1', STORE_CLI_CACHE_DIR: '/cache' }, modules);
    expect(modules.enableCompileCache).not.toHaveBeenCalled();
    expect(modules.prototype._compile).toBe(compile);
  });

  it('on Node 20, only the files under the code folder go through the cache; the rest node compiles', () => {
    const { codeDir, file } = codeWith('return "cached";');
    const { modules, compile } = fakeModules(false);
    const exits = process.listenerCount('exit');
    enableCompileCache(codeDir, { STORE_CLI_CACHE_DIR: scratchDir('store-cli-cache-') }, modules);
    try {
      const module = { exports: {} as Record<string, unknown> };
      modules.prototype._compile.call(module, readFileSync(file, 'utf8'), file);
      expect(module.exports.answer).toBe('cached');
      expect(modules.prototype._compile.call({ exports: {} }, 'exports.x = 1', `${codeDir}-elsewhere/x.js`)).toBe('node compiled it');
      expect(compile).toHaveBeenCalledTimes(1);
      expect(process.listenerCount('exit')).toBe(exits + 1);
    } finally {
      process.removeListener('exit', process.listeners('exit').at(-1)!);
    }
  });

  it('the cache folder: STORE_CLI_CACHE_DIR, else the platform cache folder of store-cli', () => {
    expect(cacheDir({ STORE_CLI_CACHE_DIR: '/somewhere' })).toBe('/somewhere');
    expect(cacheDir({})).toMatch(/store-cli$/);
  });
});
