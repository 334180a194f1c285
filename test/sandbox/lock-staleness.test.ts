// When a data file's lock is a former owner's (stale, to be taken over) and when it is a live
// one's: judged with injected facts about processes, and against this machine's /proc.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isStale, startTimeOf, type LockOwner, type ProcessFacts } from '../../src/sandbox/state/data-lock.js';

const LOCK = '/data/state.json.lock';

const HERE = { host: 'box', boot: 'b-1', pidns: 'pid:[4026531836]' };

function facts(overrides: Partial<ProcessFacts> = {}): ProcessFacts {
  return {
    self: { pid: 1, start: '5000', ...HERE },
    holds: () => false,
    isRunning: () => true,
    startTime: () => '5000',
    now: () => 1_000_000,
    ...overrides,
  };
}

const lock = (pid: number | null, start: string | null = null, mtimeMs = 1_000_000): LockOwner => ({ pid, start, ino: 7, mtimeMs });

describe('isStale', () => {
  it('pid 1 of another container on the same volume (another pid namespace, host or boot) is live while it refreshes its lock, stale once it stops', () => {
    for (const place of [
      { ...HERE, pidns: 'pid:[4026532001]' },
      { ...HERE, host: 'other-box' },
      { ...HERE, boot: 'b-2' },
    ]) {
      expect(isStale({ ...lock(1, '5000'), ...place }, LOCK, facts())).toBe(false);
      expect(isStale({ ...lock(1, '5000', 1_000_000 - 59_000), ...place }, LOCK, facts())).toBe(false);
      expect(isStale({ ...lock(1, '5000', 1_000_000 - 61_000), ...place }, LOCK, facts())).toBe(true);
    }
    // In this very place, pid 1 not held by this process is a former life of it.
    expect(isStale({ ...lock(1, '5000'), ...HERE }, LOCK, facts())).toBe(true);
  });

  it('a lock naming this very process, which does not hold it, is a former life of the pid (pid 1 in a container, restarted): stale', () => {
    expect(isStale(lock(1), LOCK, facts())).toBe(true);
    expect(isStale(lock(1, '5000'), LOCK, facts())).toBe(true);
  });

  it('a lock this process holds (a second sandbox of its own on the file) is not stale, unless it records another start time', () => {
    expect(isStale(lock(1, '5000'), LOCK, facts({ holds: (file) => file === LOCK }))).toBe(false);
    expect(isStale(lock(1, '4000'), LOCK, facts({ holds: (file) => file === LOCK }))).toBe(true);
  });

  it('a running owner that started when the lock says is live; one that started at another time reused the pid: stale', () => {
    expect(isStale(lock(42, '5000'), LOCK, facts())).toBe(false);
    expect(isStale(lock(42, '4999'), LOCK, facts())).toBe(true);
  });

  it('without a start time (an older lock, or no /proc) a running pid is live; a gone one is stale', () => {
    expect(isStale(lock(42), LOCK, facts())).toBe(false);
    expect(isStale(lock(42, '4999'), LOCK, facts({ startTime: () => undefined }))).toBe(false);
    expect(isStale(lock(42, '5000'), LOCK, facts({ isRunning: () => false }))).toBe(true);
  });

  it('a lock without a pid is being written for 2 s, then stale', () => {
    expect(isStale(lock(null, null, 1_000_000 - 1500), LOCK, facts())).toBe(false);
    expect(isStale(lock(null, null, 1_000_000 - 2500), LOCK, facts())).toBe(true);
  });
});

describe('startTimeOf', () => {
  it("is field 22 of /proc/PID/stat (clock ticks since boot), and differs between this process and its parent's start", () => {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    expect(startTimeOf(process.pid)).toBe(fields[19]);
    expect(startTimeOf(process.pid)).toMatch(/^[0-9]+$/);
    expect(Number(startTimeOf(process.ppid))).toBeLessThanOrEqual(Number(startTimeOf(process.pid)));
  });

  it('is undefined for a pid that does not run', () => {
    expect(startTimeOf(2 ** 22 + 1)).toBeUndefined();
  });
});
