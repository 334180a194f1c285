// The write-ahead journal beside a sandbox data file: one JSON line per change, fsynced
// before the request that made it is answered, so that an acknowledged write survives the
// sandbox being killed. Each line holds the change's effect (the record as it now is, or
// the key it removed), so replaying a line twice, or over a data file that already has
// it, comes to the same state.
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { SandboxDataError } from '../http/sandbox-errors.js';
import { syncDirectory } from './persistence.js';

const recordSchema = z.object({
  /** Increases by one a change; the data file says up to which seq it holds the changes. */
  seq: z.number().int().positive(),
  /** The resource (its section of the data file) whose change this is. */
  key: z.string(),
  /** The id sequence after the change, so that no id is handed out twice across a crash. */
  lastId: z.string().regex(/^[0-9]{1,20}$/),
  change: z.unknown(),
});

export type JournalRecord = z.infer<typeof recordSchema>;

/**
 * The records of a journal file, in order. A last line without its newline is a write that
 * a crash cut short (never acknowledged, as the fsync comes after it) and is left out; any
 * other line that is not a record makes the journal unusable.
 */
export async function readJournal(file: string, chunkBytes = READ_CHUNK_BYTES): Promise<{ records: JournalRecord[]; bytes: number }> {
  const records: JournalRecord[] = [];
  let bytes = 0;
  try {
    const handle = await open(file, constants.O_RDONLY | NO_FOLLOW);
    try {
      // Line by line, never the whole file as one string: a journal may grow as large as the
      // data file (see compactAtBytes), and that beyond the longest string V8 can hold.
      let tail: Buffer[] = [];
      for await (const chunk of handle.createReadStream({ autoClose: false, highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        let start = 0;
        for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
          tail.push(chunk.subarray(start, end));
          records.push(parseLine(file, Buffer.concat(tail).toString('utf8'), records.length + 1));
          tail = [];
          start = end + 1;
        }
        // The torn tail of a write cut short, unless a later chunk brings its newline.
        if (start < chunk.length) tail.push(Buffer.from(chunk.subarray(start)));
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof SandboxDataError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { records: [], bytes: 0 };
    if (code === 'ELOOP') throw linkRefused(file, error);
    throw new SandboxDataError(file, `Cannot read the sandbox journal ${file}: ${(error as Error).message}.`, { cause: error });
  }
  return { records, bytes };
}

const NEWLINE = 0x0a;
const READ_CHUNK_BYTES = 1024 * 1024;

function parseLine(file: string, line: string, number: number): JournalRecord {
  try {
    return recordSchema.parse(JSON.parse(line));
  } catch (error) {
    throw new SandboxDataError(
      file,
      `The sandbox journal ${file} is corrupt at line ${number}; remove it to lose the changes it holds, or clear all state with "store-cli sandbox reset".`,
      {
        cause: error,
      },
    );
  }
}

// O_NOFOLLOW: a journal that is a symbolic link (planted beside a data file in a shared
// folder) is refused, never followed: appending through it would write the state's changes
// into whatever file it names.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

function linkRefused(file: string, cause: unknown): SandboxDataError {
  return new SandboxDataError(
    file,
    `The sandbox journal ${file} is a symbolic link, which the sandbox never follows: remove it (the journal is a file of the sandbox's own).`,
    { cause },
  );
}

// O_APPEND: every write goes to the end, also after a compaction truncated the file.
// O_DSYNC (where the platform has it): a write returns once its data is on disk, one call
// instead of write + fdatasync, which is what bounds a sandbox's answers a second.
const SYNC_EACH_WRITE = constants.O_DSYNC ?? 0;
const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | SYNC_EACH_WRITE | NO_FOLLOW;

interface Batch {
  lines: string[];
  /** The seq of its last line. */
  upTo: number;
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A batch nobody waits for (its requests' connections died) must not be an unhandled rejection.
  done.catch(() => undefined);
  return { lines: [], upTo: 0, done, resolve, reject };
}

export interface JournalOptions {
  /** The seq of the last change the data file holds. */
  seq: number;
  /**
   * Writes the whole state to the data file (atomically). It must capture the state before
   * its first await: the journal counts every change appended before the call as covered.
   */
  writeSnapshot(): Promise<void>;
  /** The journal is folded into the data file once it is this large (asked after each write). */
  compactAtBytes(): number;
}

/**
 * Appends and syncs with group commit: changes made while one write+fsync is under way
 * wait together for the next one, so eight requests in flight cost one fsync, not eight.
 * Once a write fails the journal is broken: that batch and every later change is refused
 * (the caller answers 500), as what is on disk is no longer known.
 */
export class Journal {
  /** Lines appended since the last write began: the next write's. */
  private pending = newBatch();
  private inFlight: Batch | undefined;
  private draining = false;
  private running: Promise<void> = Promise.resolve();
  private broken: Error | undefined;
  private seq: number;
  private syncedSeq: number;
  private snapshotSeq: number;
  private bytes = 0;
  private handle: FileHandle | undefined;

  /**
   * Starts with no journal file: the caller has folded any old one into the data file and
   * removed it. The file is created at the first change, so a run that changes nothing
   * (a --sandbox read) costs no file and no fsync.
   */
  constructor(
    private readonly file: string,
    private readonly options: JournalOptions,
  ) {
    this.seq = options.seq;
    this.syncedSeq = options.seq;
    this.snapshotSeq = options.seq;
  }

  /** The seq of the last change appended. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Why changes are refused, once a write failed. */
  get failure(): Error | undefined {
    return this.broken;
  }

  append(key: string, lastId: string, change: unknown): void {
    this.seq += 1;
    this.pending.lines.push(`${JSON.stringify({ seq: this.seq, key, lastId, change })}\n`);
    this.pending.upTo = this.seq;
  }

  /** Resolves once every change appended so far is on disk; rejects when it cannot be. */
  durable(): Promise<void> {
    if (this.broken !== undefined) return Promise.reject(this.broken);
    if (this.seq <= this.syncedSeq) return Promise.resolve();
    if (this.inFlight !== undefined && this.seq <= this.inFlight.upTo) return this.inFlight.done;
    const batch = this.pending;
    this.drain();
    return batch.done;
  }

  /** Syncs what is pending, folds the journal into the data file and removes it. */
  async close(): Promise<void> {
    try {
      await this.durable().catch(() => undefined);
      while (this.draining) await this.running;
      if (this.broken === undefined && this.seq > this.snapshotSeq) await this.compact();
      if (this.broken !== undefined) throw this.broken;
    } finally {
      await this.handle?.close();
    }
    await rm(this.file, { force: true });
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    this.running = this.run();
  }

  private async run(): Promise<void> {
    // The loop's test and the reset of `draining` happen in one turn, so a change appended
    // after the last batch either is in a batch this loop writes or starts a new loop.
    try {
      while (this.pending.lines.length > 0 && this.broken === undefined) {
        const batch = this.pending;
        this.pending = newBatch();
        this.inFlight = batch;
        try {
          const text = batch.lines.join('');
          const handle = await this.opened();
          await handle.write(text);
          if (SYNC_EACH_WRITE === 0) await handle.datasync();
          this.bytes += Buffer.byteLength(text);
          this.syncedSeq = batch.upTo;
          batch.resolve();
        } catch (error) {
          this.fail(error, batch);
        }
        this.inFlight = undefined;
        if (this.broken === undefined && this.bytes >= this.options.compactAtBytes()) await this.compact();
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * The data file then holds every change so far, the pending ones included (they are in
   * memory already): those are answered once the data file is safe, without a journal line.
   */
  private async compact(): Promise<void> {
    const carried = this.pending;
    this.pending = newBatch();
    const covered = this.seq;
    carried.upTo = covered;
    this.inFlight = carried;
    try {
      await this.options.writeSnapshot();
      // A crash between the rename and this truncation leaves lines the data file holds;
      // their seq (at most `covered`) makes the next start skip them.
      await this.handle?.truncate(0);
      await this.handle?.datasync();
      this.bytes = 0;
      this.snapshotSeq = covered;
      this.syncedSeq = covered;
      carried.resolve();
    } catch (error) {
      this.fail(error, carried);
    } finally {
      this.inFlight = undefined;
    }
  }

  private async opened(): Promise<FileHandle> {
    if (this.handle === undefined) {
      try {
        this.handle = await open(this.file, JOURNAL_FLAGS, 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw linkRefused(this.file, error);
        throw error;
      }
      // The new name must be on disk too, or a power cut could lose the file with its lines.
      await syncDirectory(dirname(this.file));
    }
    return this.handle;
  }

  private fail(error: unknown, batch: Batch): void {
    const detail = error instanceof Error ? error.message : String(error);
    this.broken = new Error(`cannot write the sandbox journal ${this.file} (${detail})`, { cause: error });
    batch.reject(this.broken);
    this.pending.reject(this.broken);
  }
}
