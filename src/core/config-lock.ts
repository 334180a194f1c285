// One writer of the config file at a time. conf writes the file atomically, but each
// process writes back its whole view: ten parallel `auth login --profile pN` each read the
// file, added their profile and wrote, and the last writers dropped the others' profiles.
// So every change (conf's own first write included) re-reads and writes under
// `config.json.lock`, created exclusively and naming its owner as the sandbox's data lock
// does (pid and start time): a lock whose owner is gone, or is this very process (which
// never holds it between calls), is stale and removed. The methods of ConfigStore are
// synchronous, so the wait is too: short sleeps (Atomics.wait), a few milliseconds each.
import { closeSync, fstatSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { RuntimeError } from './errors.js';
import { isRunning, startTimeOf } from './processes.js';

/** How long a change waits for another process's change before failing. */
export const CONFIG_LOCK_WAIT_MS = 10_000;
/** A lock with no pid yet (being written) younger than this is not stale. */
const UNWRITTEN_GRACE_MS = 2000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/** Undefined when the lock is gone; else whether its owner is gone. */
function staleness(lockFile: string): { stale: boolean; ino: number; pid: number | null } | undefined {
  let fd: number;
  try {
    fd = openSync(lockFile, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    const parsed = /^([1-9][0-9]*)(?: ([0-9]+))?\n?$/.exec(readFileSync(fd, 'utf8'));
    if (!parsed) return { stale: Date.now() - info.mtimeMs > UNWRITTEN_GRACE_MS, ino: info.ino, pid: null };
    const pid = Number(parsed[1]);
    const start = parsed[2];
    const stale = pid === process.pid || !isRunning(pid) || (start !== undefined && startTimeOf(pid) !== undefined && startTimeOf(pid) !== start);
    return { stale, ino: info.ino, pid };
  } finally {
    closeSync(fd);
  }
}

/** Runs `change` holding the lock beside the config file; fails (exit 1) after CONFIG_LOCK_WAIT_MS. */
export function withConfigLock<T>(configFile: string, change: () => T): T {
  const lockFile = `${configFile}.lock`;
  const deadline = Date.now() + CONFIG_LOCK_WAIT_MS;
  let pause = 2;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lockFile, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new RuntimeError(`Cannot lock the config file ${configFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
    }
    if (fd !== undefined) {
      try {
        const start = startTimeOf(process.pid);
        writeSync(fd, start === undefined ? `${process.pid}\n` : `${process.pid} ${start}\n`);
      } finally {
        closeSync(fd);
      }
      try {
        return change();
      } finally {
        try {
          unlinkSync(lockFile);
        } catch {
          // Removed already (judged stale by someone after a very long change): nothing to do.
        }
      }
    }
    const judged = staleness(lockFile);
    if (judged?.stale) {
      // Only the very file judged stale goes (a new owner's lock is another inode).
      try {
        if (statSync(lockFile).ino === judged.ino) unlinkSync(lockFile);
      } catch {
        // Gone meanwhile.
      }
      continue;
    }
    if (Date.now() > deadline) {
      throw new RuntimeError(
        `The config file ${configFile} stayed locked by ${judged?.pid ? `pid ${judged.pid}` : 'another process'} for ${CONFIG_LOCK_WAIT_MS / 1000} s; nothing was changed (if that process is no store-cli, remove ${lockFile}).`,
      );
    }
    sleep(pause);
    pause = Math.min(pause * 2, 50);
  }
}
