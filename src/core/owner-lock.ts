// The client's one lock: exclusive ownership of a name between processes, for the config
// file (config-lock.ts), a run's journal while its import writes, an undo of a run, and an
// import of one file to one store (src/bulk/runs). Node has no portable flock(), so a lock is
// a file naming its owner: pid, start time (/proc: a reused pid has another), and where that
// pid means something (host, boot id, pid namespace: two containers on one volume are each
// pid 1, and neither can see the other's processes).
//
// - Taken with link(2) of a file written whole beforehand: it fails when the name exists, and
//   a lock is never seen half-written.
// - An owner in this place is judged by its process: gone, a zombie, or a pid now running
//   with another start time is a dead owner; this very pid with another start time is a
//   former life of it (pid 1 in a restarted container). An owner elsewhere cannot be asked:
//   it refreshes its lock's time while it holds it (HEARTBEAT_MS), and one not refreshed
//   for FOREIGN_STALE_MS is dead.
// - A dead owner's lock is taken over atomically: the breakers of that very lock file take
//   turns through a break lock named after it (taken the same way), and the one that holds it
//   renames its own record over the dead one's, if the lock is still that file. No lock is
//   removed and created again (two racers would both get it); a dead breaker's break lock is
//   taken over by the same rule, one level up.
// The sandbox keeps its data file's lock apart (src/sandbox/state/data-lock.ts, the same
// design written again): it shares no code with the client.
import { closeSync, constants, fstatSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, processPlace, startTimeOf, type ProcessPlace } from './processes.js';

/** How often a held lock's time is refreshed, for owners elsewhere that judge it by that time. */
export const HEARTBEAT_MS = 10_000;
/** A lock of an owner elsewhere not refreshed for this long is dead. */
export const FOREIGN_STALE_MS = 60_000;
/** A lock file that names no owner (being written without hard links, or garbage) is dead after this long. */
const UNWRITTEN_GRACE_MS = 2_000;

/** Who holds a lock, as its file says. */
export interface LockOwner extends Partial<ProcessPlace> {
  pid: number;
  /** Start time in clock ticks since boot (/proc), where known. */
  start?: string;
  /** What holds it, in a person's words ("an undo", "an import"). */
  what?: string;
}

/** A lock file as read: its owner (undefined: none named), and which file it is. */
export interface LockInstance {
  owner: LockOwner | undefined;
  ino: number;
  text: string;
  mtimeMs: number;
}

/** How a lock's owner is judged: this very process, another live one, or dead. */
export type Verdict = 'self' | 'live' | 'dead';

/** What judging an owner asks of the system (tests inject their own). */
export interface ProcessFacts {
  self: LockOwner;
  /** Whether this process holds the lock file (taken and not released, or a break under way). */
  holds(path: string): boolean;
  isRunning(pid: number): boolean;
  startTime(pid: number): string | undefined;
  now(): number;
}

const held = new Map<string, { ino: number; heartbeat?: NodeJS.Timeout }>();
const breaking = new Set<string>();
let exitHook = false;

function self(what?: string): LockOwner {
  const start = startTimeOf(process.pid);
  return { pid: process.pid, ...(start !== undefined ? { start } : {}), ...processPlace(), ...(what !== undefined ? { what } : {}) };
}

export const SYSTEM_FACTS: ProcessFacts = {
  get self() {
    return self();
  },
  holds: (path) => held.has(path) || breaking.has(path),
  isRunning,
  startTime: startTimeOf,
  now: () => Date.now(),
};

/** Reads a lock file; undefined when there is none. */
export function readLock(path: string): LockInstance | undefined {
  let fd: number;
  try {
    // Never blocks: a FIFO planted under the lock's name is opened and found to be no lock.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const info = fstatSync(fd);
    // Anything but a regular file is no lock this code wrote: it names no owner, and is replaced.
    if (!info.isFile()) return { owner: undefined, ino: info.ino, text: '', mtimeMs: 0 };
    const text = readFileSync(fd, 'utf8');
    return { owner: parseOwner(text), ino: info.ino, text, mtimeMs: info.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** A JSON record, or the older "pid [start]" line (which names no place: taken as this one). */
export function parseOwner(text: string): LockOwner | undefined {
  const legacy = /^([1-9][0-9]*)(?: ([0-9]+))?\n?$/.exec(text);
  if (legacy) return { pid: Number(legacy[1]), ...(legacy[2] !== undefined ? { start: legacy[2] } : {}) };
  try {
    const record = JSON.parse(text) as Record<string, unknown>;
    if (!Number.isSafeInteger(record.pid) || (record.pid as number) <= 0) return undefined;
    const owner: LockOwner = { pid: record.pid as number };
    for (const key of ['start', 'host', 'boot', 'pidns', 'what'] as const) if (typeof record[key] === 'string') owner[key] = record[key];
    return owner;
  } catch {
    return undefined;
  }
}

/** Whether a pid of `owner` names a process this one can see: same host, boot and pid namespace (a part either side does not know is not compared). */
export function samePlace(owner: LockOwner, here: LockOwner): boolean {
  const same = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || a === b;
  return same(owner.host, here.host) && same(owner.boot, here.boot) && same(owner.pidns, here.pidns);
}

export function judge(lock: LockInstance, path: string, facts: ProcessFacts = SYSTEM_FACTS): Verdict {
  const { owner } = lock;
  if (owner === undefined) return facts.now() - lock.mtimeMs > UNWRITTEN_GRACE_MS ? 'dead' : 'live';
  const here = facts.self;
  if (!samePlace(owner, here)) return facts.now() - lock.mtimeMs > FOREIGN_STALE_MS ? 'dead' : 'live';
  if (owner.pid === here.pid) {
    // This pid: this very process while it holds the lock; otherwise a former life of the pid.
    const sameStart = owner.start === undefined || here.start === undefined || owner.start === here.start;
    return sameStart && facts.holds(path) ? 'self' : 'dead';
  }
  if (!facts.isRunning(owner.pid)) return 'dead';
  if (owner.start === undefined) return 'live';
  const start = facts.startTime(owner.pid);
  return start !== undefined && start !== owner.start ? 'dead' : 'live';
}

/** The lock's owner and how it is judged; undefined when no one holds it. */
export function lockHolder(path: string, facts: ProcessFacts = SYSTEM_FACTS): { owner: LockOwner | undefined; verdict: Verdict } | undefined {
  const lock = readLock(path);
  return lock === undefined ? undefined : { owner: lock.owner, verdict: judge(lock, path, facts) };
}

/** The owner in a sentence: "process 4242", with its host when that is not this one. */
export function ownerText(owner: LockOwner | undefined): string {
  if (owner === undefined) return 'another process';
  const where = owner.host !== undefined && owner.host !== processPlace().host ? ` on ${owner.host}` : '';
  return `process ${owner.pid}${where}`;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** A few milliseconds, synchronously: the config's callers cannot wait otherwise. */
function pauseBriefly(): void {
  Atomics.wait(sleeper, 0, 0, 5);
}

let temps = 0;

/** A name beside `path` for a file written whole before it is linked or renamed (no crypto: a config change must not load it). */
function tempOf(path: string): string {
  return `${path}.${process.pid}.${(temps += 1)}${Math.random().toString(36).slice(2, 8)}.tmp`;
}

/** Creates `path` holding `text` if no file has that name; false when one has. */
function createWhole(path: string, text: string): boolean {
  const temp = tempOf(path);
  writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: an exclusive create, written right after (a lock
    // without an owner yet is given UNWRITTEN_GRACE_MS).
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

/** Puts `text` in place of whatever `path` is, in one rename. */
function replaceWhole(path: string, text: string): void {
  const temp = tempOf(path);
  writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Replaces the dead owner's lock `dead` (as read at `path`) with `text`, if it is still that
 * very file; false when another process is at it, or the lock is not that file any more.
 */
export function takeOver(path: string, dead: LockInstance, text: string, facts: ProcessFacts = SYSTEM_FACTS, depth = 0): boolean {
  // Named after the dead lock itself: only its breakers meet there.
  const breakPath = `${path}.break-${dead.ino}-${dead.owner?.pid ?? 0}`;
  const breaker = JSON.stringify(self('a lock takeover'));
  if (!createWhole(breakPath, breaker)) {
    const other = readLock(breakPath);
    // A breaker works for milliseconds: one that died at it is taken over in turn.
    if (other === undefined || depth >= 4 || judge(other, breakPath, facts) !== 'dead') return false;
    if (!takeOver(breakPath, other, breaker, facts, depth + 1)) return false;
  }
  breaking.add(breakPath);
  try {
    const now = readLock(path);
    if (now === undefined || now.ino !== dead.ino || now.text !== dead.text) return false;
    replaceWhole(path, text);
    return true;
  } finally {
    breaking.delete(breakPath);
    rmSync(breakPath, { force: true });
  }
}

/** A lock this process holds. */
export class OwnerLock {
  private constructor(readonly path: string) {}

  /**
   * Takes the lock if no live process holds it (a dead owner's is taken over); otherwise
   * tells who does. `heartbeat`: the lock is held long, so its time is refreshed for owners
   * elsewhere to judge (a config change holds it for milliseconds and needs none).
   */
  static tryTake(
    path: string,
    what: string,
    options: { heartbeat?: boolean; facts?: ProcessFacts } = {},
  ): OwnerLock | { owner: LockOwner | undefined; verdict: 'self' | 'live' } {
    const facts = options.facts ?? SYSTEM_FACTS;
    const text = `${JSON.stringify(self(what))}\n`;
    let last: LockInstance | undefined;
    for (let round = 0; round < 50; round++) {
      if (createWhole(path, text)) return OwnerLock.hold(path, options.heartbeat === true);
      const lock = readLock(path);
      if (lock === undefined) continue;
      last = lock;
      const verdict = judge(lock, path, facts);
      if (verdict !== 'dead') return { owner: lock.owner, verdict };
      if (takeOver(path, lock, text, facts)) return OwnerLock.hold(path, options.heartbeat === true);
      // Another process is taking it over (milliseconds): look again in a moment.
      pauseBriefly();
    }
    // Others kept taking and breaking it: as held by whoever named it last.
    return { owner: last?.owner, verdict: 'live' };
  }

  /**
   * Takes the lock, with a heartbeat. While a live process holds it, `whenHeld.refuse` fails
   * at once ('self': this very process holds it); or the take waits: `whenHeld.onWait` is told
   * once who holds it, and `whenHeld.signal` (Ctrl-C) ends the wait with `whenHeld.stopped()`
   * (a holder in this very process, another task of it, is waited for too).
   */
  static async take(
    path: string,
    what: string,
    whenHeld:
      | { refuse: (owner: LockOwner | undefined, verdict: 'self' | 'live') => Error }
      | { onWait?: (owner: LockOwner | undefined) => void; signal?: AbortSignal; stopped: () => Error },
  ): Promise<OwnerLock> {
    let told = false;
    let pause = 20;
    for (;;) {
      const taken = OwnerLock.tryTake(path, what, { heartbeat: true });
      if (taken instanceof OwnerLock) return taken;
      if ('refuse' in whenHeld) throw whenHeld.refuse(taken.owner, taken.verdict);
      if (!told) {
        told = true;
        whenHeld.onWait?.(taken.owner);
      }
      if (whenHeld.signal?.aborted) throw whenHeld.stopped();
      await sleep(pause, undefined, whenHeld.signal ? { signal: whenHeld.signal } : {}).catch(() => undefined);
      pause = Math.min(pause * 2, 500);
    }
  }

  private static hold(path: string, heartbeat: boolean): OwnerLock {
    const entry: { ino: number; heartbeat?: NodeJS.Timeout } = { ino: statSync(path).ino };
    if (heartbeat) {
      entry.heartbeat = setInterval(() => {
        try {
          const now = new Date();
          if (statSync(path).ino === entry.ino) utimesSync(path, now, now);
        } catch {
          // Gone: nothing to refresh.
        }
      }, HEARTBEAT_MS);
      entry.heartbeat.unref();
    }
    held.set(path, entry);
    if (!exitHook) {
      exitHook = true;
      // A process that exits without releasing (a second Ctrl-C) leaves no lock behind.
      process.on('exit', () => {
        for (const lockPath of [...held.keys()]) release(lockPath);
      });
    }
    return new OwnerLock(path);
  }

  get held(): boolean {
    return held.has(this.path);
  }

  /** Lets go: the lock file goes, if it is still this process's. */
  release(): void {
    release(this.path);
  }
}

function release(path: string): void {
  const entry = held.get(path);
  if (entry === undefined) return;
  held.delete(path);
  if (entry.heartbeat) clearInterval(entry.heartbeat);
  try {
    if (statSync(path).ino === entry.ino) rmSync(path, { force: true });
  } catch {
    // Gone already.
  }
}
