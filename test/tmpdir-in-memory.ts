// vitest's globalSetup: the suite's scratch folders in memory (a folder of its own under
// /dev/shm) where the machine has one with room, unless TMPDIR is set. The tests make and
// remove thousands of folders, and journals sync every write: on a disk each of those waits
// on the file system's journal (measured: a fifth of the in-process files' time). What they
// check is the same in memory: a kill -9 loses no page a process wrote, so resume and
// durability tests see what they see on disk. Set before the workers start, so they and
// every process they spawn inherit it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';

/** Room the suite may need at its peak (the largest exports, journals and state files), with a margin. */
const NEEDED_BYTES = 2 * 1024 ** 3;
const SHARED_MEMORY = '/dev/shm';
/** A run's folder: its name one length every run (a test's paths wrap the same on a screen), its run's pid in OWNER. */
const RUN_FOLDER = /^store-cli-tests-/;
const OWNER = '.owner-pid';

export default function setup(): (() => void) | undefined {
  if (process.env.TMPDIR !== undefined || !hasRoom(SHARED_MEMORY)) return undefined;
  removeFoldersOfDeadRuns();
  const dir = mkdtempSync(`${SHARED_MEMORY}/store-cli-tests-`);
  writeFileSync(`${dir}/${OWNER}`, String(process.pid));
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

/** A run killed before its teardown leaves its folder in memory: the folders of runs no longer alive go, a live run's stay. */
function removeFoldersOfDeadRuns(): void {
  for (const name of readdirSync(SHARED_MEMORY).filter((entry) => RUN_FOLDER.test(entry))) {
    const pid = ownerOf(`${SHARED_MEMORY}/${name}`);
    if (pid !== undefined && !isAlive(pid)) rmSync(`${SHARED_MEMORY}/${name}`, { recursive: true, force: true });
  }
}

/** The pid a run wrote in its folder; undefined while it has not yet (a run starting this moment). */
function ownerOf(dir: string): number | undefined {
  try {
    return Number(readFileSync(`${dir}/${OWNER}`, 'utf8'));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
