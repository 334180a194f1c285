// The client's one lock (config, a run's journal and undo, an import of one file): who owns
// it, judged with injected facts about processes and against this machine's /proc; a dead
// owner's lock taken over only while it is still that very file; a held lock's time kept
// fresh for owners elsewhere.
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FOREIGN_STALE_MS,
  HEARTBEAT_MS,
  judge,
  OwnerLock,
  parseOwner,
  takeOver,
  type LockInstance,
  type LockOwner,
  type ProcessFacts,
} from '../../src/core/owner-lock.js';
import { processPlace, startTimeOf } from '../../src/core/processes.js';
import { scratchDir } from '../helpers/scratch.js';

const NOW = 10_000_000;
const HERE = { host: 'box', boot: 'b-1', pidns: 'pid:[4026531836]' };

function facts(overrides: Partial<ProcessFacts> = {}): ProcessFacts {
  return { self: { pid: 1, start: '5000', ...HERE }, holds: () => false, isRunning: () => true, startTime: () => '5000', now: () => NOW, ...overrides };
}

const lock = (owner: LockOwner | undefined, mtimeMs = NOW): LockInstance => ({ owner, ino: 7, text: JSON.stringify(owner), mtimeMs });

describe('judge', () => {
  it('pid 1 of another container (another pid namespace, or host) is not this process: live while its lock is refreshed, dead when it is not', () => {
    for (const place of [
      { ...HERE, pidns: 'pid:[4026532001]' },
      { ...HERE, host: 'other-box' },
      { ...HERE, boot: 'b-2' },
    ]) {
      expect(judge(lock({ pid: 1, start: '5000', ...place }), '/l', facts())).toBe('live');
      expect(judge(lock({ pid: 1, start: '5000', ...place }, NOW - FOREIGN_STALE_MS + 1000), '/l', facts())).toBe('live');
      expect(judge(lock({ pid: 1, start: '5000', ...place }, NOW - FOREIGN_STALE_MS - 1), '/l', facts())).toBe('dead');
    }
  });

  it('this very pid here: this process while it holds the lock; with another start time, or not held, a former life of the pid', () => {
    expect(judge(lock({ pid: 1, start: '5000', ...HERE }), '/l', facts({ holds: (path) => path === '/l' }))).toBe('self');
    expect(judge(lock({ pid: 1, start: '4000', ...HERE }), '/l', facts({ holds: (path) => path === '/l' }))).toBe('dead');
    expect(judge(lock({ pid: 1, start: '5000', ...HERE }), '/l', facts())).toBe('dead');
  });

  it('another pid here: live while it runs with the start time recorded; gone, or started at another time (reused), dead', () => {
    expect(judge(lock({ pid: 42, start: '5000', ...HERE }), '/l', facts())).toBe('live');
    expect(judge(lock({ pid: 42, start: '4999', ...HERE }), '/l', facts())).toBe('dead');
    expect(judge(lock({ pid: 42, start: '5000', ...HERE }), '/l', facts({ isRunning: () => false }))).toBe('dead');
    // Without /proc there is no start time to compare: a running pid is live.
    expect(judge(lock({ pid: 42, start: '4999', ...HERE }), '/l', facts({ startTime: () => undefined }))).toBe('live');
  });

  it('an older lock line ("pid start") names no place: judged as this one; a lock naming no owner is dead after 2 s', () => {
    expect(parseOwner('42 4999\n')).toEqual({ pid: 42, start: '4999' });
    expect(judge(lock(parseOwner('42 4999\n')), '/l', facts())).toBe('dead');
    expect(judge(lock(parseOwner('42\n')), '/l', facts())).toBe('live');
    expect(judge(lock(undefined, NOW - 1500), '/l', facts())).toBe('live');
    expect(judge(lock(undefined, NOW - 2500), '/l', facts())).toBe('dead');
  });
});

describe('OwnerLock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records its owner (pid, start time, place, what); held by this process it is refused as its own; released, the file goes', () => {
    const path = join(scratchDir(), 'x.lock');
    const taken = OwnerLock.tryTake(path, 'a test');
    expect(taken).toBeInstanceOf(OwnerLock);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ pid: process.pid, start: startTimeOf(process.pid), ...processPlace(), what: 'a test' });
    expect(OwnerLock.tryTake(path, 'a test')).toMatchObject({ verdict: 'self', owner: { pid: process.pid } });
    (taken as OwnerLock).release();
    expect(existsSync(path)).toBe(false);
  });

  it('a live owner (the parent process, as recorded) keeps it; a dead one, or a reused pid, loses it to the next taker', () => {
    const path = join(scratchDir(), 'x.lock');
    const parent = { pid: process.ppid, start: startTimeOf(process.ppid), ...processPlace() };
    writeFileSync(path, JSON.stringify(parent));
    expect(OwnerLock.tryTake(path, 'a test')).toEqual({ verdict: 'live', owner: parent });
    writeFileSync(path, JSON.stringify({ ...parent, start: String(Number(parent.start) + 7) }));
    const taken = OwnerLock.tryTake(path, 'a test') as OwnerLock;
    expect(taken).toBeInstanceOf(OwnerLock);
    expect(parseOwner(readFileSync(path, 'utf8'))?.pid).toBe(process.pid);
    taken.release();
  });

  it('takes over only the very lock judged dead: one a live process took meanwhile stays, and so does a break under way', () => {
    const dir = scratchDir();
    const path = join(dir, 'x.lock');
    writeFileSync(path, '99999999\n');
    const dead = { owner: parseOwner('99999999\n'), ino: statSync(path).ino, text: '99999999\n', mtimeMs: statSync(path).mtimeMs };
    // Between the judgement and the takeover, the lock became a live process's.
    writeFileSync(path, `${JSON.stringify({ pid: process.ppid, start: startTimeOf(process.ppid), host: hostname() })}\n`);
    const live = readFileSync(path, 'utf8');
    expect(takeOver(path, dead, 'mine\n')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(live);
    // Another breaker (alive) is at the dead lock: this one leaves it to them.
    writeFileSync(path, '99999999\n');
    const again = { ...dead, ino: statSync(path).ino };
    const breakFile = join(dir, `x.lock.break-${again.ino}-99999999`);
    writeFileSync(breakFile, JSON.stringify({ pid: process.ppid, start: startTimeOf(process.ppid), host: hostname() }));
    expect(takeOver(path, again, 'mine\n')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('99999999\n');
    // That breaker died at it: its break is taken over in turn, and the dead lock replaced.
    writeFileSync(breakFile, '99999998\n');
    expect(takeOver(path, again, 'mine\n')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('mine\n');
    expect(existsSync(breakFile)).toBe(false);
  });

  it('a lock held long has its time refreshed every HEARTBEAT_MS, for owners elsewhere to see it live', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const path = join(scratchDir(), 'x.lock');
    const taken = OwnerLock.tryTake(path, 'a test', { heartbeat: true }) as OwnerLock;
    const old = new Date(Date.now() - FOREIGN_STALE_MS);
    utimesSync(path, old, old);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(Date.now() - statSync(path).mtimeMs).toBeLessThan(FOREIGN_STALE_MS / 2);
    taken.release();
  });
});
