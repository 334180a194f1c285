// One process at a time may own a data file: two sandboxes that each load, change and save
// the same file would silently drop each other's writes. Node has no portable flock(), so
// the lock is a file `F.lock` naming its owner: pid, start time where /proc tells it, and
// where that pid means something (host name, boot id, pid namespace: two containers sharing a
// volume are each pid 1, and neither sees the other's processes). It is created whole with
// link(2) (which fails when the name exists), never seen half-written.
//
// An owner in this place is judged by its process: gone, a zombie, or a pid now running with
// another start time is dead; a lock naming this very process which it does not hold is a
// former life of the pid (pid 1 of a container restarted after kill -9). An owner elsewhere
// cannot be asked: it refreshes its lock's time while it holds it, and one not refreshed
// for FOREIGN_STALE_MS is dead. A dead owner's lock is taken over atomically: its breakers
// take turns through a break file named after that very lock, and the one holding it renames
// its own record over the dead one's if the lock is still that file (a dead breaker's break
// file is taken over the same way). No lock is removed and created again: two racers would
// both get it, and two sandboxes would each drop the other's writes.
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { realpath } from 'node:fs/promises';
import { hostname } from 'node:os';
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
/** How often an owner refreshes its lock's time, for owners elsewhere that judge it by it. */
export const REFRESH_MS = 10_000;
/** A lock of an owner elsewhere not refreshed for this long is a dead owner's. */
export const FOREIGN_STALE_MS = 60_000;
/** A lock without an owner younger than this may be an exclusive create not yet written, so it is not stale. */
const UNWRITTEN_GRACE_MS = 2000;

export function lockFileOf(file: string): string {
  return `${file}.lock`;
}

// Locks this process holds (with their inode and refresh timer), released by the exit hook
// when the process ends without close() (a second Ctrl-C exits at once); one hook however
// many sandboxes a process runs.
const held = new Map<string, { ino: number; refresh: NodeJS.Timeout }>();
let exitHookInstalled = false;

function releaseAllOnExit(): void {
  for (const lockFile of [...held.keys()]) releaseLock(lockFile);
}

// Break files this process holds while it takes over a dead owner's lock.
const breaking = new Set<string>();

/** Fields 3 on of /proc/PID/stat (the command name, field 2, is in parentheses and may hold spaces). */
function statOf(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * Whether the process runs. A process killed with -9 whose parent has not reaped it yet (or
 * never will: a container without an init) still answers kill(pid, 0); Linux shows it as
 * state Z.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return statOf(pid)?.[0] !== 'Z';
}

/**
 * When process `pid` started, in clock ticks since boot (field 22 of /proc/PID/stat), as
 * text; undefined where there is no /proc or no such process. A pid reused by a later
 * process has a later start time.
 */
export function startTimeOf(pid: number): string | undefined {
  return statOf(pid)?.[22 - 3];
}

/** Where this process's pid means something. */
export interface Place {
  host: string;
  boot?: string;
  pidns?: string;
}

let here: Place | undefined;

function placeHere(): Place {
  if (here) return here;
  const read = (fn: () => string) => {
    try {
      return fn() || undefined;
    } catch {
      return undefined;
    }
  };
  const boot = read(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  const pidns = read(() => readlinkSync('/proc/self/ns/pid'));
  here = { host: hostname(), ...(boot ? { boot } : {}), ...(pidns ? { pidns } : {}) };
  return here;
}

/** This process as a lock names it. */
export interface Me extends Place {
  pid: number;
  start?: string;
}

function me(): Me {
  const start = startTimeOf(process.pid);
  return { pid: process.pid, ...(start !== undefined ? { start } : {}), ...placeHere() };
}

function lockText(): string {
  return `${JSON.stringify(me())}\n`;
}

/** A lock file as read: its owner (pid null: none named), where the owner runs, and which file it is. */
export interface LockOwner {
  pid: number | null;
  /** The owner's start time as recorded (see startTimeOf); null when the lock has none. */
  start: string | null;
  /** Where the owner runs; undefined in a lock that does not say (an older one: taken as here). */
  host?: string;
  boot?: string;
  pidns?: string;
  ino: number;
  /** When it was written or last refreshed. */
  mtimeMs: number;
  /** The file's text: a lock is only ever replaced whole, so the same text and inode are the same lock. */
  text?: string;
}

/** The owner a lock's text names: its JSON record, or an older "pid [start]" line. */
function ownerIn(text: string): Pick<LockOwner, 'pid' | 'start' | 'host' | 'boot' | 'pidns'> {
  const line = /^([1-9][0-9]*)(?: ([0-9]+))?\n?$/.exec(text);
  if (line) return { pid: Number(line[1]), start: line[2] ?? null };
  try {
    const record = JSON.parse(text) as Record<string, unknown>;
    if (!Number.isSafeInteger(record.pid) || (record.pid as number) <= 0) return { pid: null, start: null };
    const field = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : undefined);
    const host = field('host');
    const boot = field('boot');
    const pidns = field('pidns');
    return { pid: record.pid as number, start: field('start') ?? null, ...(host ? { host } : {}), ...(boot ? { boot } : {}), ...(pidns ? { pidns } : {}) };
  } catch {
    return { pid: null, start: null };
  }
}

function readOwner(lockFile: string): LockOwner | undefined {
  let fd: number;
  try {
    // Never blocks: a FIFO planted under the lock's name is opened and found to be no lock.
    fd = openSync(lockFile, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const info = fstatSync(fd);
    // Anything but a regular file is no lock a sandbox wrote: it names no owner, and is replaced.
    if (!info.isFile()) return { pid: null, start: null, ino: info.ino, mtimeMs: 0, text: '' };
    const text = readFileSync(fd, 'utf8');
    return { ...ownerIn(text), ino: info.ino, mtimeMs: info.mtimeMs, text };
  } finally {
    closeSync(fd);
  }
}

/** Undefined when the lock vanished meanwhile. */
export async function ownerOf(lockFile: string): Promise<LockOwner | undefined> {
  return readOwner(lockFile);
}

/** What the staleness judgement asks of the system (injected by tests). */
export interface ProcessFacts {
  self: Me;
  /** Whether this process holds the lock file (a sandbox of its own, or a break under way). */
  holds(lockFile: string): boolean;
  isRunning(pid: number): boolean;
  startTime(pid: number): string | undefined;
  now(): number;
}

const SYSTEM: ProcessFacts = {
  get self() {
    return me();
  },
  holds: (lockFile) => held.has(lockFile) || breaking.has(lockFile),
  isRunning,
  startTime: startTimeOf,
  now: () => Date.now(),
};

/** Whether the owner's pid names a process this one can see: same host, boot and pid namespace (a part either side does not know is not compared). */
function samePlace(owner: LockOwner, self: Me): boolean {
  const same = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || a === b;
  return same(owner.host, self.host) && same(owner.boot, self.boot) && same(owner.pidns, self.pidns);
}

/**
 * A lock is stale (its owner gone) when its owner elsewhere stopped refreshing it; or here,
 * when it names this process but this process does not hold it (a former life of a reused
 * pid), a process no longer running, or a running one that started at another time than
 * the lock records.
 */
export function isStale(owner: LockOwner, lockFile: string, facts: ProcessFacts = SYSTEM): boolean {
  if (owner.pid === null) return facts.now() - owner.mtimeMs > UNWRITTEN_GRACE_MS;
  const self = facts.self;
  if (!samePlace(owner, self)) return facts.now() - owner.mtimeMs > FOREIGN_STALE_MS;
  if (owner.pid === self.pid) return !(facts.holds(lockFile) && (owner.start === null || self.start === undefined || owner.start === self.start));
  if (!facts.isRunning(owner.pid)) return true;
  if (owner.start === null) return false;
  const start = facts.startTime(owner.pid);
  return start !== undefined && start !== owner.start;
}

/** Creates `path` holding `text` if no file has that name: true when it did. */
function createWhole(path: string, text: string): boolean {
  const temp = tempName(path);
  writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: exclusive create, written right after.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') return createExclusive(path, text);
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Replaces the dead owner's lock `stale` (as read at `lockFile`) with this process's, if it
 * is still that very file: true when it did. False when another process is at it (a live
 * breaker), or the lock is another file by now (a live owner's, which stays).
 */
export function takeOverStale(lockFile: string, stale: LockOwner, depth = 0): boolean {
  const breakFile = `${lockFile}.break-${stale.ino}-${stale.pid ?? 0}`;
  const breaker = lockText();
  if (!createWhole(breakFile, breaker)) {
    const other = readOwner(breakFile);
    // A breaker works for milliseconds: one that died at it is taken over in turn.
    if (other === undefined || depth >= 4 || !isStale(other, breakFile)) return false;
    if (!takeOverStale(breakFile, other, depth + 1)) return false;
  }
  breaking.add(breakFile);
  try {
    const now = readOwner(lockFile);
    if (
      now === undefined ||
      now.ino !== stale.ino ||
      (stale.text !== undefined && now.text !== stale.text) ||
      now.pid !== stale.pid ||
      now.start !== stale.start
    )
      return false;
    const temp = tempName(lockFile);
    writeFileSync(temp, lockText(), { mode: 0o600, flag: 'wx' });
    try {
      renameSync(temp, lockFile);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
    return true;
  } finally {
    breaking.delete(breakFile);
    rmSync(breakFile, { force: true });
  }
}

function holdLock(lockFile: string): void {
  const ino = statSync(lockFile).ino;
  const refresh = setInterval(() => {
    try {
      const now = new Date();
      if (statSync(lockFile).ino === ino) utimesSync(lockFile, now, now);
    } catch {
      // Gone: nothing to refresh.
    }
  }, REFRESH_MS);
  refresh.unref();
  held.set(lockFile, { ino, refresh });
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', releaseAllOnExit);
  }
}

function releaseLock(lockFile: string): void {
  const entry = held.get(lockFile);
  if (entry === undefined) return;
  held.delete(lockFile);
  clearInterval(entry.refresh);
  try {
    if (statSync(lockFile).ino === entry.ino) unlinkSync(lockFile);
  } catch {
    // Already gone: nothing to release.
  }
}

/** "pid 4242", with its host when that is not this one. */
function ownerName(owner: LockOwner): string {
  return owner.host !== undefined && owner.host !== placeHere().host ? `pid ${owner.pid} on ${owner.host}` : `pid ${owner.pid}`;
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
      if (createWhole(lockFile, lockText())) {
        holdLock(lockFile);
        return new DataLock(lockFile);
      }
      const lock = readOwner(lockFile);
      if (lock === undefined) continue;
      if (isStale(lock, lockFile)) {
        if (takeOverStale(lockFile, lock)) {
          holdLock(lockFile);
          return new DataLock(lockFile);
        }
        // Another process is taking it over: look again shortly.
        await sleep(pause);
        continue;
      }
      if (lock.pid === null) {
        // Being written (or garbage, stale once the grace has passed): look again shortly.
        await sleep(pause);
        continue;
      }
      const owner = ownerName(lock);
      const waited = Date.now() - started;
      if (waiting === undefined) {
        throw new SandboxDataError(
          file,
          `The sandbox data file ${file} is in use by ${owner} (its lock: ${lockFile}); stop that sandbox first, or use another data file.`,
        );
      }
      if (waited >= waiting.timeoutMs) {
        throw new SandboxDataError(
          file,
          `The sandbox data file ${file} was still in use by ${owner} after waiting ${waiting.timeoutMs / 1000} s; ` +
            `try again when it ends (if that process is no sandbox, remove ${lockFile}).`,
        );
      }
      if (!noticed && waited >= NOTICE_AFTER_MS) {
        noticed = true;
        waiting.onWait?.(lock.pid, lockFile);
      }
      if (waiting.signal?.aborted) throw new SandboxDataError(file, `Stopped waiting for the sandbox data file ${file} (${owner} uses it).`);
      await sleep(pause, undefined, waiting.signal ? { signal: waiting.signal } : {}).catch(() => undefined);
      pause = Math.min(pause * 2, MAX_POLL_MS);
    }
  }

  async release(): Promise<void> {
    releaseLock(this.lockFile);
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
      const owner = readOwnerQuietly(lockFile);
      if (owner?.pid != null && !isStale(owner, lockFile)) return owner.pid;
    }
  }
  return undefined;
}

function readOwnerQuietly(lockFile: string): LockOwner | undefined {
  try {
    return readOwner(lockFile);
  } catch {
    return undefined;
  }
}
