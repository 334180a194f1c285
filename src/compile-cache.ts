// A code cache for the command line's own files (dist/cli, CommonJS): what a command compiled,
// V8's bytecode of it, kept on disk, so that the next command reads it instead of compiling the
// same JavaScript again (`giftcard count` compiles about 160 kB: 13 ms, against 5 ms to read
// the cache). Node 22 does this itself (module.enableCompileCache), and is left to; Node 20 has
// no such call. v8-compile-cache, the library that did it for older nodes, measured no faster
// than none here: it keeps a file's code before the file runs (the top level only; V8 compiles
// a function when it is first called) and loads node:crypto to name its files.
//
// Built on its own as dist/compile-cache.cjs (scripts/build.mjs) and installed by the launcher
// before it requires dist/cli/main.js.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import { fnv1a } from './core/fnv1a.js';
import { cacheDir, type Env } from './core/paths.js';

/** What node:module has at run time beyond its declared types: Node 20's loader, Node 22's cache. */
export interface ModuleInternals {
  enableCompileCache?: (dir: string) => unknown;
  wrap(code: string): string;
  prototype: {
    _compile(this: LoadingModule, content: string, filename: string): unknown;
  };
}
export interface LoadingModule {
  exports: unknown;
}

/**
 * Compiles every file under `codeDir` from the cache under `cacheDir(env)`, and, when the process
 * exits, keeps what it had to compile afresh. NODE_DISABLE_COMPILE_CACHE (node's own switch) set:
 * nothing is cached. A cache that cannot be read or written is no cache; the command runs as
 * without one.
 */
export function enableCompileCache(codeDir: string, env: Env, modules: ModuleInternals = Module as unknown as ModuleInternals): void {
  if (env.NODE_DISABLE_COMPILE_CACHE) return;
  const root = join(cacheDir(env), 'compile');
  if (modules.enableCompileCache) {
    modules.enableCompileCache(join(root, 'node'));
    return;
  }
  // One folder a node and an install: V8 refuses the code of another V8, and two installs
  // (a clone and a global one) would otherwise remove each other's files.
  const cache = codeCache(codeDir, join(root, `${process.version}-${process.arch}-${fnv1a(codeDir).toString(36)}`), modules.wrap);
  const compile = modules.prototype._compile;
  modules.prototype._compile = function (content, filename) {
    return filename.startsWith(codeDir + sep) ? cache.run(this, content, filename) : compile.call(this, content, filename);
  };
  // At exit, not at load: by then V8 has compiled the functions the command called, and the
  // cache holds them too (taken at load it would hold the files' top levels alone).
  process.once('exit', () => cache.keep());
}

export interface CodeCache {
  /** Compiles `content`, the file `filename` of `module`, from its entry if it has a good one, and runs it as node runs a CommonJS file. */
  run(module: LoadingModule, content: string, filename: string): unknown;
  /** Writes the entries of the files compiled afresh, removes those of files gone or changed since, and says how many it wrote. */
  keep(): number;
}

/** The code cache of the files of `codeDir`, in `dir`; `wrap` gives a file its CommonJS wrapper (node:module's). */
export function codeCache(codeDir: string, dir: string, wrap: (code: string) => string): CodeCache {
  const fresh: { script: Script; file: string }[] = [];
  let flagsAtStart: FlagsStamp | undefined;
  return {
    run(module, content, filename) {
      const file = join(dir, entryName(codeDir, filename));
      const cachedData = readOrNothing(file);
      const source = wrap(content);
      const script = new Script(source, { filename, cachedData });
      const taken = cachedData !== undefined && !script.cachedDataRejected;
      if (!taken) fresh.push({ script, file });
      flagsAtStart ??= taken ? { source, cachedData } : stampOfFlags();
      const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
      return wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
    },
    keep() {
      // V8's code carries the flags it was made under, and a command that changes them (a bulk
      // run sets --liftoff-only for undici's WebAssembly) would write code that every command after
      // it refuses for the files it loaded before the change. Such a command keeps nothing.
      if (fresh.length === 0 || flagsChangedSince(flagsAtStart!)) return 0;
      return keep(dir, codeDir, fresh.splice(0));
    },
  };
}

/** Code V8 made under the flags of a moment: a file's entry it took, or a one-character script's. */
interface FlagsStamp {
  source: string;
  cachedData: Buffer;
}

const stampOfFlags = (): FlagsStamp => ({ source: '0', cachedData: new Script('0', { filename: 'store-cli: V8 flags at start' }).createCachedData() });

/** Whether V8 refuses now what `stamp` holds: only its flags differ (compiled under another name, it is not found in V8's memory). */
const flagsChangedSince = (stamp: FlagsStamp): boolean =>
  new Script(stamp.source, { filename: 'store-cli: V8 flags at exit', cachedData: stamp.cachedData }).cachedDataRejected === true;

/**
 * A file's cache entry: its path under `codeDir` (folders joined by '+'), size and modification
 * time, so that a file rebuilt, or edited by hand, never gets the code of the one before it (V8
 * itself compares only the length of the source).
 */
function entryName(codeDir: string, filename: string): string {
  const { size, mtimeMs } = statSync(filename);
  return `${relative(codeDir, filename).split(sep).join('+')}-${size}-${Math.trunc(mtimeMs)}`;
}

function readOrNothing(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes each entry whole (a file of its own, then renamed: a command running beside this one
 * reads the old entry or the new, never half of one), then removes the entries of files that
 * are gone or have changed since (each build leaves new names), and what a killed writer left.
 */
function keep(dir: string, codeDir: string, fresh: { script: Script; file: string }[]): number {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const { script, file } of fresh) {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, file);
    }
    const current = new Set(fresh.map(({ file }) => file));
    for (const name of readdirSync(dir)) {
      if (current.has(join(dir, name)) || (name.endsWith('.partial') ? beingWritten(join(dir, name)) : isCurrent(codeDir, name))) continue;
      unlinkSync(join(dir, name));
    }
    return fresh.length;
  } catch {
    // A cache folder that cannot be written (a read-only home, a full disk): the next command compiles.
    return 0;
  }
}

/** Whether a partial entry may still be being written by a command beside this one: a minute on, its writer was killed. */
function beingWritten(partial: string): boolean {
  try {
    return Date.now() - statSync(partial).mtimeMs < 60_000;
  } catch {
    return true; // renamed or removed since
  }
}

/** Whether `name` is the entry of a file of `codeDir` as it is now. */
function isCurrent(codeDir: string, name: string): boolean {
  const match = /^(.*)-\d+-\d+$/.exec(name);
  if (!match) return false;
  const filename = join(codeDir, ...match[1]!.split('+'));
  try {
    return entryName(codeDir, filename) === name;
  } catch {
    return false;
  }
}
