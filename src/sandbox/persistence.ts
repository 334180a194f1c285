import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SandboxDataError } from './errors.js';

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
    throw new SandboxDataError(
      file,
      `The sandbox data file ${file} is not valid JSON (${(error as Error).message}); repair it or remove it with "store-cli sandbox reset".`,
      { cause: error },
    );
  }
}

function tempName(file: string): string {
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
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
}

/** Makes the rename itself durable; not every platform lets a directory be opened, hence best effort. */
async function syncDirectory(directory: string): Promise<void> {
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

/** Removes the state file and any temp files a crash left beside it; true when the state file existed. */
export async function removeDataFile(file: string): Promise<boolean> {
  let existed = true;
  try {
    await rm(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    existed = false;
  }
  const prefix = `${basename(file)}.`;
  let siblings: string[] = [];
  try {
    siblings = await readdir(dirname(file));
  } catch {
    return existed;
  }
  await Promise.all(
    siblings.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp')).map((name) => rm(join(dirname(file), name), { force: true })),
  );
  return existed;
}

/**
 * Coalesces bursts of mutations into at most one write per `delayMs`, and never runs two
 * writes at once (a later write must not be overtaken by an earlier, slower one).
 * A failed write is kept and reported by the next flush.
 *
 * The pause also grows with the time the last write took (PACE x), because a write
 * serializes the whole state on the event loop: a store of 100k metafield values under a
 * bulk import would otherwise spend nearly all its time writing instead of answering.
 */
export class CoalescingWriter {
  private static readonly PACE = 3;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private lastWriteMs = 0;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly delayMs = 50,
  ) {}

  schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.run(), Math.max(this.delayMs, this.lastWriteMs * CoalescingWriter.PACE));
  }

  async flush(): Promise<void> {
    if (this.timer !== undefined) this.run();
    await this.chain;
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  private run(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.chain = this.chain.then(async () => {
      const started = performance.now();
      try {
        await this.write();
        this.failure = undefined;
      } catch (error) {
        this.failure = error;
      }
      this.lastWriteMs = performance.now() - started;
    });
  }
}
