// Writing a whole file the safe way: into a temp file beside it (mode 0600, fsynced), then
// moved into place in one step, so a reader or a crash sees the old file or the new one,
// never half of either. Without `overwrite`, an existing file is never replaced, even one
// created while the text was being written (a hard link to the temp file fails then).
// A target that is no regular file (a device, a FIFO, /dev/stdout) is written in place
// instead: see output-target.ts.
import { randomBytes } from 'node:crypto';
import { link, lstat, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RuntimeError, UsageError } from './errors.js';
import { writeInPlace, type OutputTarget } from './output-target.js';

/** `text` to a target other than stdout: a regular file atomically (writeFileAtomically), anything else in place. */
export async function writeOutputFile(
  target: Exclude<OutputTarget, { kind: 'stdout' }>,
  text: string,
  options: { overwrite: boolean; flag: string },
): Promise<void> {
  if (target.kind === 'file') return writeFileAtomically(target.path, text, options);
  try {
    await writeInPlace(target, text);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new RuntimeError(`Cannot write ${target.kind === 'descriptor' ? `descriptor ${target.fd}` : target.path} (${reason}).`);
  }
}

/**
 * `flag` names the option that allows replacing the file, in the refusal. A file system
 * failure (no such folder, no permission, no space) is a RuntimeError naming the file.
 */
export async function writeFileAtomically(path: string, text: string, options: { overwrite: boolean; flag: string }): Promise<void> {
  try {
    await write(path, text, options);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new RuntimeError(`Cannot write ${path} (${reason === 'ENOENT' ? 'its folder does not exist' : reason}); nothing was written.`);
  }
}

async function write(path: string, text: string, options: { overwrite: boolean; flag: string }): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.overwrite) await rename(temp, path);
    else {
      try {
        await linkNew(temp, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw fileExists(path, options.flag);
        throw error;
      }
    }
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * `temp` given the name `path` only if no file has it, even one made a moment ago (a hard
 * link fails then, with EEXIST). `temp` keeps its own name too: the caller removes it.
 */
export async function linkNew(temp: string, path: string): Promise<void> {
  try {
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    // A file system without hard links: checked, then moved (a file appearing in between is replaced).
    if (await exists(path)) throw Object.assign(new Error(`${path} exists`), { code: 'EEXIST' });
    await rename(temp, path);
  }
}

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The refusal to replace a file that is there already (exit 2). */
export function fileExists(path: string, flag: string): UsageError {
  return new UsageError(`${path} exists already; give ${flag} to replace it. Nothing was written.`, false);
}
