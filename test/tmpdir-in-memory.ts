// vitest's globalSetup: the suite's scratch folders in memory (a folder of its own under
// /dev/shm) where the machine has one with room, unless TMPDIR is set. The tests make and
// remove thousands of folders, and journals sync every write: on a disk each of those waits
// on the file system's journal (measured: a fifth of the in-process files' time). What they
// check is the same in memory: a kill -9 loses no page a process wrote, so resume and
// durability tests see what they see on disk. Set before the workers start, so they and
// every process they spawn inherit it.
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';

/** Room the suite may need at its peak (the largest exports, journals and state files), with a margin. */
const NEEDED_BYTES = 2 * 1024 ** 3;
const SHARED_MEMORY = '/dev/shm';

export default function setup(): (() => void) | undefined {
  if (process.env.TMPDIR !== undefined || !hasRoom(SHARED_MEMORY)) return undefined;
  const dir = mkdtempSync(`${SHARED_MEMORY}/store-cli-tests-`);
  process.env.TMPDIR = dir;
  return () => {
    delete process.env.TMPDIR;
    rmSync(dir, { recursive: true, force: true });
  };
}

function hasRoom(path: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(path);
    return bavail * bsize >= NEEDED_BYTES;
  } catch {
    return false; // no such folder (macOS, Windows): the system's own temporary folder
  }
}
