import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { jsonProblem } from './json-position.js';
import { SandboxDataError } from './sandbox-errors.js';

/** The file's JSON content, or undefined when there is no file or it is blank (a fresh store). */
export async function readDataFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SandboxDataError(file, `Cannot read the sandbox data file ${file}: ${(error as Error).message}.`, { cause: error });
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SandboxDataError(file, `The sandbox data file ${file} is not valid JSON (${jsonProblem(text)}); repair it or remove it with "store-cli sandbox reset".`, { cause: error });
  }
}

export function tempName(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/**
 * Write to a temp file beside the target, fsync it, then rename over the target: a crash
 * leaves either the old state or the new one, never half a file. Mode 0600 because the
 * file holds full gift card codes.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = tempName(file);
  try {
    // Created new, never through a link that someone planted under the temporary name.
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
}

/** Makes the rename itself durable; not every platform lets a directory be opened, hence best effort. */
export async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is a bonus; the data itself was already synced.
  }
}

/** The journal beside a data file: the changes made since the data file was last written. */
export function journalFileOf(file: string): string {
  return `${file}.journal`;
}

/** Removes the state file, its journal and any temp files a crash left beside it; true when there was state. */
export async function removeDataFile(file: string): Promise<boolean> {
  const removed = await Promise.all(
    [file, journalFileOf(file)].map((path) =>
      rm(path).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      ),
    ),
  );
  await removeStaleTempFiles(file);
  return removed.some(Boolean);
}

/**
 * Temp files (`F.<pid>.<hex>.tmp`) that a process killed in the middle of a write left
 * beside the data file. Only the holder of the data file's lock writes there, so a caller
 * holding it knows that no other live process is still using one of them.
 */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const prefix = `${basename(file)}.`;
  let siblings: string[];
  try {
    siblings = await readdir(dirname(file));
  } catch {
    return;
  }
  await Promise.all(siblings.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp')).map((name) => rm(join(dirname(file), name), { force: true })));
}
