// One writing import of a file to a store at a time (product import). A product has no unique
// key: two imports of one file that each read the catalog before the other created a handle
// would each create it, and every new product would be made twice. So the second waits for
// the first, then reads the catalog (which now holds what the first made) and converges, as
// the other imports do by their keys. The lock (core/owner-lock.ts) is named after the store
// (its base URL, or the embedded sandbox), the file (its real path) and the shard, so that
// the shards of one file still run side by side; it lives under <dataDir>/locks.
import { createHash } from 'node:crypto';
import { mkdir, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CancelledError } from '../../core/errors.js';
import { OwnerLock, ownerText, type LockOwner } from '../../core/owner-lock.js';

export const LOCKS_DIR = 'locks';

export interface ImportLockScope {
  /** What imports ("product import"): part of the lock's name. */
  command: string;
  /** The store: its base URL, or `sandbox` for the embedded one. */
  store: string;
  /** The file as given; "-" (stdin) takes no lock: nothing names it. */
  file: string;
  /** "i/n" with --shard. */
  shard?: string;
}

/**
 * Takes the lock of `scope`, waiting while another live import holds it (`onWait` is told
 * once, with who); Ctrl-C (`signal`) ends the wait. Returns its release; a run from stdin
 * takes none.
 */
export async function lockImport(dataDir: string, scope: ImportLockScope, wait: { signal: AbortSignal; onWait: (owner: string) => void }): Promise<() => void> {
  if (scope.file === '-') return () => undefined;
  const file = await realpath(scope.file).catch(() => resolve(scope.file));
  const name = createHash('sha256')
    .update(`${scope.command}\n${scope.store}\n${file}\n${scope.shard ?? ''}`)
    .digest('hex')
    .slice(0, 24);
  const dir = join(dataDir, LOCKS_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${scope.command.replace(/\W+/g, '-')}-${name}.lock`);
  const lock = await OwnerLock.take(path, `a ${scope.command} of ${scope.file}`, {
    signal: wait.signal,
    onWait: (owner: LockOwner | undefined) => wait.onWait(ownerText(owner)),
    stopped: () => new CancelledError(),
  });
  return () => lock.release();
}
