// One process at a time may own a data file: two sandboxes that each load, change and save
// the same file would silently drop each other's writes. Node has no portable flock(), so
// the lock is a file `F.lock` holding the owner's pid. It is created whole with link(2)
// (which fails when the name exists), never seen half-written; an owner that died without
// removing it (kill -9) is recognised by its pid no longer running.
import { readFileSync, unlinkSync } from 'node:fs';
import { link, open, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxDataError } from './sandbox-errors.js';
import { tempName } from './persistence.js';

export interface LockWaiting {
  /** How long to wait for the owner to let go before failing. */
  timeoutMs: number;
  /** Called once when the wait has lasted a second, so a person knows why nothing happens. */
  onWait?: (ownerPid: number) => void;
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

/** A lock file as read: its owner's pid (null: none written, or not a pid) and which file it is. */
export interface LockOwner {
  pid: number | null;
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
    return { pid: /^[1-9][0-9]*\n?$/.test(text) ? Number(text) : null, ino: info.ino, mtimeMs: info.mtimeMs };
  } finally {
    await handle.close();
  }
}

/** A pid-less lock younger than this may be an exclusive create not yet written, so it is not stale. */
const UNWRITTEN_GRACE_MS = 2000;

function isStale(owner: LockOwner): boolean {
  if (owner.pid === null) return Date.now() - owner.mtimeMs > UNWRITTEN_GRACE_MS;
  return owner.pid !== process.pid && !isRunning(owner.pid);
}

/** True when this process now owns the lock, false when another does. */
async function tryCreate(file: string, lockFile: string): Promise<boolean> {
  const temp = tempName(file);
  await writeFile(temp, `${process.pid}\n`, { mode: 0o600 });
  try {
    await link(temp, lockFile);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // The temp file was swept away by an owner cleaning up after a crash: try again.
    if (code === 'ENOENT') return false;
    // A file system without hard links: exclusive create, written right after.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') return createExclusive(lockFile);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

async function createExclusive(lockFile: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, 'wx', 0o600);
    try {
      await handle.writeFile(`${process.pid}\n`);
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
  if (!(await tryCreate(file, breakFile))) {
    // Another process is breaking it. One that died doing so left its break file behind:
    // that goes, and the lock is judged again on the next turn.
    const breaker = await ownerOf(breakFile);
    if (breaker !== undefined && isStale(breaker)) await rm(breakFile, { force: true });
    return;
  }
  try {
    const now = await ownerOf(lockFile);
    if (now !== undefined && now.ino === stale.ino && now.pid === stale.pid) await rm(lockFile, { force: true });
  } finally {
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
      if (await tryCreate(file, lockFile)) {
        held.add(lockFile);
        if (!exitHookInstalled) {
          exitHookInstalled = true;
          process.on('exit', releaseAllOnExit);
        }
        return new DataLock(lockFile);
      }
      const lock = await ownerOf(lockFile);
      if (lock === undefined) continue;
      if (isStale(lock)) {
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
        throw new SandboxDataError(file, `The sandbox data file ${file} is in use by another sandbox (pid ${owner}); stop that one first, or use another data file.`);
      }
      if (waited >= waiting.timeoutMs) {
        throw new SandboxDataError(
          file,
          `The sandbox data file ${file} was still in use by another process (pid ${owner}) after waiting ${waiting.timeoutMs / 1000} s; try again when it ends (if no such process runs, remove ${lockFile}).`,
        );
      }
      if (!noticed && waited >= NOTICE_AFTER_MS) {
        noticed = true;
        waiting.onWait?.(owner);
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
