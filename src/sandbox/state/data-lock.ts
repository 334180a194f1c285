// One process at a time may own a data file: two sandboxes that each load, change and save
// the same file would silently drop each other's writes. Node has no portable flock(), so
// the lock is a file `F.lock` holding the owner's pid and, where /proc tells it, the
// owner's start time ("4242 8812345"). It is created whole with link(2) (which fails when
// the name exists), never seen half-written. An owner that died without removing it
// (kill -9) is recognised by its pid no longer running, or running with another start time
// (the pid reused: in a container every restart is pid 1 again); a lock naming this very
// process, which does not hold it, is a former life's too.
import { readFileSync, unlinkSync } from 'node:fs';
import { link, open, realpath, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxDataError } from '../http/sandbox-errors.js';
import { tempName } from './persistence.js';

export interface LockWaiting {
  /** How long to wait for the owner to let go before failing. */
  timeoutMs: number;
  /** Called once when the wait has lasted a second, so a person knows why nothing happens. */
  onWait?: (ownerPid: number, lockFile: string) => void;
  /** Ends the wait early (Ctrl-C), with a SandboxDataError. */
  signal?: AbortSignal;
}

const NOTICE_AFTER_MS = 1000;
const MAX_POLL_MS = 100;

export function lockFileOf(file: string): string {
  return `${file}.lock`;
}

// Locks this process holds, removed by the exit hook when the process ends without close()
// (a second Ctrl-C exits at once); a single hook however many sandboxes a process runs.
const held = new Set<string>();
let exitHookInstalled = false;

function releaseAllOnExit(): void {
  for (const lockFile of held) {
    try {
      unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

// Break files (`F.lock.break`) this process holds while it breaks a stale lock.
const breaking = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A process killed with -9 whose parent has not reaped it yet (or never will: a container
 * without an init) still answers kill(pid, 0); Linux shows it as state Z.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * When process `pid` started, in clock ticks since boot (field 22 of /proc/PID/stat), as
 * text; undefined where there is no /proc or no such process. A pid reused by a later
 * process has a later start time.
 */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields from 3 on follow the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
  } catch {
    return undefined;
  }
}

/** What a lock file says of its owner: "pid start\n", or "pid\n" (written without /proc, or by an older version). */
function lockText(): string {
  const start = startTimeOf(process.pid);
  return start === undefined ? `${process.pid}\n` : `${process.pid} ${start}\n`;
}

/** A lock file as read: its owner's pid (null: none written, or not a pid) and which file it is. */
export interface LockOwner {
  pid: number | null;
  /** The owner's start time as recorded (see startTimeOf); null when the lock has none. */
  start: string | null;
  ino: number;
  /** When it was written: a pid-less lock may be one still being written (see createExclusive). */
  mtimeMs: number;
}

/** Undefined when the lock vanished meanwhile. */
export async function ownerOf(lockFile: string): Promise<LockOwner | undefined> {
  let handle;
  try {
    handle = await open(lockFile, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    const text = await handle.readFile('utf8');
    const parsed = /^([1-9][0-9]*)(?: ([0-9]+))?\n?$/.exec(text);
    return { pid: parsed ? Number(parsed[1]) : null, start: parsed?.[2] ?? null, ino: info.ino, mtimeMs: info.mtimeMs };
  } finally {
    await handle.close();
  }
}

/** A pid-less lock younger than this may be an exclusive create not yet written, so it is not stale. */
const UNWRITTEN_GRACE_MS = 2000;

/** What the staleness judgement asks of the system (injected by tests). */
export interface ProcessFacts {
  self: number;
  /** Whether this process holds the lock file (a sandbox of its own, or a break under way). */
  holds(lockFile: string): boolean;
  isRunning(pid: number): boolean;
  startTime(pid: number): string | undefined;
  now(): number;
}

const SYSTEM: ProcessFacts = {
  self: process.pid,
  holds: (lockFile) => held.has(lockFile) || breaking.has(lockFile),
  isRunning,
  startTime: startTimeOf,
  now: () => Date.now(),
};

/**
 * A lock is stale (its owner gone) when it names this process but this process does not hold
 * it (a former life of a reused pid: pid 1 in a container after a restart), a process no
 * longer running, or a running one that started at another time than the lock records.
 */
export function isStale(owner: LockOwner, lockFile: string, facts: ProcessFacts = SYSTEM): boolean {
  if (owner.pid === null) return facts.now() - owner.mtimeMs > UNWRITTEN_GRACE_MS;
  if (owner.pid === facts.self) return !facts.holds(lockFile);
  if (!facts.isRunning(owner.pid)) return true;
  if (owner.start === null) return false;
  const start = facts.startTime(owner.pid);
  return start !== undefined && start !== owner.start;
}

/**
 * True when this process now owns the lock, false when another does. The lock joins `owned`
 * in the same turn as it is created: a lock naming this process that is not there is stale.
 */
async function tryCreate(file: string, lockFile: string, owned: Set<string>): Promise<boolean> {
  const temp = tempName(file);
  await writeFile(temp, lockText(), { mode: 0o600 });
  try {
    await link(temp, lockFile);
    owned.add(lockFile);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // The temp file was swept away by an owner cleaning up after a crash: try again.
    if (code === 'ENOENT') return false;
    // A file system without hard links: exclusive create, written right after.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') return createExclusive(lockFile, owned);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

async function createExclusive(lockFile: string, owned: Set<string>): Promise<boolean> {
  try {
    const handle = await open(lockFile, 'wx', 0o600);
    owned.add(lockFile);
    try {
      await handle.writeFile(lockText());
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes a dead owner's lock, and only that lock. Breakers take turns through `<lock>.break`,
 * and the lock goes only while it is still the very file judged stale (same inode and pid):
 * creators only add a lock where there is none, so under the break lock it cannot change
 * between that check and the removal. (Moving it aside first, and putting it back when it
 * turned out fresh, left a moment in which a third process took the lock as well: two
 * sandboxes on one state file, each dropping the other's writes.)
 */
export async function breakStale(file: string, lockFile: string, stale: LockOwner): Promise<void> {
  const breakFile = `${lockFile}.break`;
  if (!(await tryCreate(file, breakFile, breaking))) {
    // Another process is breaking it. One that died doing so left its break file behind:
    // that goes, and the lock is judged again on the next turn.
    const breaker = await ownerOf(breakFile);
    if (breaker !== undefined && isStale(breaker, breakFile)) await rm(breakFile, { force: true });
    return;
  }
  try {
    const now = await ownerOf(lockFile);
    if (now !== undefined && now.ino === stale.ino && now.pid === stale.pid && now.start === stale.start) await rm(lockFile, { force: true });
  } finally {
    breaking.delete(breakFile);
    await rm(breakFile, { force: true });
  }
}

/** Exclusive ownership of a sandbox data file, for as long as a sandbox works on it. */
export class DataLock {
  private constructor(private readonly lockFile: string) {}

  /**
   * Without `waiting`, a file another live process owns fails at once; with it, the wait
   * lasts up to waiting.timeoutMs. Either failure is a SandboxDataError naming the owner's pid.
   */
  static async acquire(file: string, waiting?: LockWaiting): Promise<DataLock> {
    const lockFile = lockFileOf(file);
    const started = Date.now();
    let pause = 10;
    let noticed = false;
    for (;;) {
      if (await tryCreate(file, lockFile, held)) {
        if (!exitHookInstalled) {
          exitHookInstalled = true;
          process.on('exit', releaseAllOnExit);
        }
        return new DataLock(lockFile);
      }
      const lock = await ownerOf(lockFile);
      if (lock === undefined) continue;
      if (isStale(lock, lockFile)) {
        await breakStale(file, lockFile, lock);
        continue;
      }
      if (lock.pid === null) {
        // Being written (or garbage, stale once the grace has passed): look again shortly.
        await sleep(pause);
        continue;
      }
      const owner = lock.pid;
      const waited = Date.now() - started;
      if (waiting === undefined) {
        throw new SandboxDataError(file, `The sandbox data file ${file} is in use by pid ${owner} (its lock: ${lockFile}); stop that sandbox first, or use another data file.`);
      }
      if (waited >= waiting.timeoutMs) {
        throw new SandboxDataError(
          file,
          `The sandbox data file ${file} was still in use by pid ${owner} after waiting ${waiting.timeoutMs / 1000} s; try again when it ends (if that process is no sandbox, remove ${lockFile}).`,
        );
      }
      if (!noticed && waited >= NOTICE_AFTER_MS) {
        noticed = true;
        waiting.onWait?.(owner, lockFile);
      }
      if (waiting.signal?.aborted) throw new SandboxDataError(file, `Stopped waiting for the sandbox data file ${file} (pid ${owner} uses it).`);
      await sleep(pause, undefined, waiting.signal ? { signal: waiting.signal } : {}).catch(() => undefined);
      pause = Math.min(pause * 2, MAX_POLL_MS);
    }
  }

  async release(): Promise<void> {
    if (!held.delete(this.lockFile)) return;
    await rm(this.lockFile, { force: true });
  }
}

/** The files of a sandbox's state: its data file, and beside it the journal and the lock. */
const STATE_SUFFIXES = /\.(journal|lock)$/;

/**
 * The pid of the live sandbox whose data file, journal or lock `path` names (under any name:
 * a link, a relative path), or undefined. Writing one of those would destroy a running
 * sandbox's state (`sandbox export --force` onto it).
 */
export async function liveOwnerOf(path: string): Promise<number | undefined> {
  const absolute = resolve(path);
  const names = new Set([
    absolute,
    await realpath(absolute).catch(() => undefined),
    await realpath(dirname(absolute)).then(
      (dir) => join(dir, basename(absolute)),
      () => undefined,
    ),
  ]);
  for (const name of names) {
    if (name === undefined) continue;
    for (const dataFile of new Set([name, name.replace(STATE_SUFFIXES, '')])) {
      const lockFile = lockFileOf(dataFile);
      const owner = await ownerOf(lockFile).catch(() => undefined);
      if (owner?.pid != null && !isStale(owner, lockFile)) return owner.pid;
    }
  }
  return undefined;
}
