// One writer of the config file at a time. conf writes the file atomically, but each
// process writes back its whole view: ten parallel `auth login --profile pN` each read the
// file, added their profile and wrote, and the last writers dropped the others' profiles.
// So every change (conf's own first write included) re-reads and writes under
// `config.json.lock`, the client's one lock (owner-lock.ts: its owner's pid, start time and
// place; a dead owner's lock taken over atomically). The methods of ConfigStore are
// synchronous, so the wait is too: short sleeps (Atomics.wait), a few milliseconds each.
import { RuntimeError } from './errors.js';
import { OwnerLock, ownerText } from './owner-lock.js';

/** How long a change waits for another process's change before failing. */
export const CONFIG_LOCK_WAIT_MS = 10_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/** Runs `change` holding the lock beside the config file; fails (exit 1) after CONFIG_LOCK_WAIT_MS. */
export function withConfigLock<T>(configFile: string, change: () => T): T {
  const lockFile = `${configFile}.lock`;
  const deadline = Date.now() + CONFIG_LOCK_WAIT_MS;
  let pause = 2;
  for (;;) {
    let taken: ReturnType<typeof OwnerLock.tryTake>;
    try {
      taken = OwnerLock.tryTake(lockFile, 'a config change');
    } catch (error) {
      throw new RuntimeError(`Cannot lock the config file ${configFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
    }
    if (taken instanceof OwnerLock) {
      try {
        return change();
      } finally {
        taken.release();
      }
    }
    if (Date.now() > deadline) {
      throw new RuntimeError(
        `The config file ${configFile} stayed locked by ${ownerText(taken.owner)} for ${CONFIG_LOCK_WAIT_MS / 1000} s; ` +
          `nothing was changed (if that process is no store-cli, remove ${lockFile}).`,
      );
    }
    sleep(pause);
    pause = Math.min(pause * 2, 50);
  }
}
