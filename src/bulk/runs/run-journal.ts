// A writing run's before-image journal, under <dataDir>/runs/<runId>/: meta.json (what ran,
// against which store, when, its counts) and before.jsonl, a line per write appended and
// synced BEFORE the write is sent, saying what each key held (or that it was absent). A
// crash can then leave a before-image of a write that never happened (undo finds the key
// as it was and leaves it), never a write without its before-image.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../../core/atomic-file.js';
import { RuntimeError } from '../../core/errors.js';
import type { CardFields } from '../gift-card-kind.js';

export const RUNS_DIR = 'runs';
export const META_FILE = 'meta.json';
export const BEFORE_FILE = 'before.jsonl';
/** Journals older than this are removed when a writing run starts. */
export const KEEP_DAYS = 30;

/** One before-image, as a line of before.jsonl. */
export type JournalEntry =
  /** A metafield value about to be written: what it held (null: absent) and what the run writes. */
  | { kind: 'metafield'; domain: string; bizId: string; namespace: string; code: string; before: string | null; after: string }
  /** Those values' create was refused as a whole (409): nothing of it was written. */
  | { kind: 'metafield-void'; domain: string; bizId: string; namespace: string; code: string }
  /** A gift card about to be created (its code is a secret: only its last four characters). */
  | { kind: 'giftcard-create'; last4: string; initialValue: string; customerId?: string }
  /** What that create gave: the card made (its id when the store said), or none (the code was taken). */
  | { kind: 'giftcard-created'; last4: string; made: boolean; id?: string }
  /** A gift card about to be updated (and disabled when `disables`). */
  | { kind: 'giftcard-update'; id: string; last4: string; before: CardFields; after: CardFields; disables: boolean };

export interface RunCounts {
  rows: number;
  created: number | null;
  updated: number | null;
  unchanged: number | null;
  failed: number;
}

export interface RunMeta {
  runId: string;
  command: string;
  /** The file imported, as given ("stdin" for -). */
  file: string;
  /** The store written to: its profile and base URL (never its token); `sandbox` for --sandbox. */
  store: { profile: string; baseUrl?: string; sandbox?: boolean };
  started: string;
  finished?: string;
  counts?: RunCounts;
  /** When an undo of the run finished. */
  undone?: string;
}

/** A run id that sorts by time: 20261127T210512Z-3f9a. */
export function newRunId(now: Date, random = randomBytes(2).toString('hex')): string {
  return `${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')}-${random}`;
}

export const RUN_ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-[0-9a-f]{4,}$/;

/** When the run of `runId` started; undefined for a name that is no run id. */
export function runTime(runId: string): Date | undefined {
  const m = RUN_ID_PATTERN.exec(runId);
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

export const runsDir = (dataDir: string) => join(dataDir, RUNS_DIR);
export const runDir = (dataDir: string, runId: string) => join(runsDir(dataDir), runId);

export class RunJournal {
  /** Lines waiting for the next write and sync, with the records waiting on them. */
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private flushing: Promise<void> | undefined;
  private recorded = 0;

  private constructor(
    readonly dir: string,
    private meta: RunMeta,
    private readonly file: FileHandle,
  ) {}

  /**
   * A new run's journal. Its directory is made with a fresh id (never reused: two
   * processes never share a journal); older journals are pruned first.
   */
  static async open(dataDir: string, meta: Omit<RunMeta, 'runId' | 'started'>, now = new Date()): Promise<RunJournal> {
    try {
      return await RunJournal.create(dataDir, meta, now);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new RuntimeError(`Cannot keep the run's journal under ${runsDir(dataDir)}${code ? ` (${code})` : ''}, which undo needs: nothing was sent.`);
    }
  }

  private static async create(dataDir: string, meta: Omit<RunMeta, 'runId' | 'started'>, now: Date): Promise<RunJournal> {
    await pruneRuns(dataDir, now);
    await mkdir(runsDir(dataDir), { recursive: true, mode: 0o700 });
    for (;;) {
      const runId = newRunId(now);
      const dir = runDir(dataDir, runId);
      try {
        await mkdir(dir, { mode: 0o700 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      const full: RunMeta = { runId, ...meta, started: now.toISOString() };
      await writeMeta(dir, full);
      const file = await open(join(dir, BEFORE_FILE), 'a', 0o600);
      return new RunJournal(dir, full, file);
    }
  }

  get runId(): string {
    return this.meta.runId;
  }

  /**
   * Appends the entries and syncs them; resolves once they are on disk (the writes they are
   * for go after). Records made while a sync is under way share the next one (group commit),
   * so concurrent writes cost one sync, not one each. Rejects when the journal cannot be
   * written: the write is then not sent.
   */
  record(entries: readonly JournalEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    this.recorded += entries.length;
    return new Promise((resolve, reject) => {
      this.pending.push(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
      this.waiters.push({ resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      while (this.pending.length > 0) {
        const text = this.pending.join('');
        const waiters = this.waiters;
        this.pending = [];
        this.waiters = [];
        try {
          await this.file.write(text);
          await this.file.datasync();
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          const failure = new RuntimeError(
            `Cannot write the run's journal ${join(this.dir, BEFORE_FILE)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): no write is sent without its before-image.`,
          );
          for (const waiter of waiters) waiter.reject(failure);
        }
      }
    })().finally(() => {
      this.flushing = undefined;
      if (this.pending.length > 0) this.flush();
    });
  }

  /** Waits for every record made so far to be written (or to fail). */
  private async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** A run that ended in an error: a journal of no write is removed, one of some writes kept (without counts). */
  async abandon(now = new Date()): Promise<void> {
    try {
      await this.settled();
    } finally {
      await this.file.close();
    }
    if (this.recorded === 0) await rm(this.dir, { recursive: true, force: true });
    else await writeMeta(this.dir, { ...this.meta, finished: now.toISOString() });
  }

  async finish(counts: RunCounts, now = new Date()): Promise<void> {
    try {
      await this.settled();
    } finally {
      await this.file.close();
    }
    this.meta = { ...this.meta, finished: now.toISOString(), counts };
    await writeMeta(this.dir, this.meta);
  }
}

export async function writeMeta(dir: string, meta: RunMeta): Promise<void> {
  await writeFileAtomically(join(dir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`, { overwrite: true, flag: 'run journal' });
}

export async function readMeta(dir: string): Promise<RunMeta | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as RunMeta;
  } catch {
    return undefined;
  }
}

/**
 * The entries of a journal. A last line cut short (a crash while it was written) is left
 * out: its write was never sent, as the sync comes before it.
 */
export async function readEntries(dir: string): Promise<JournalEntry[]> {
  const text = await readFile(join(dir, BEFORE_FILE), 'utf8');
  const entries: JournalEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // A cut line can only be the last one.
    }
  }
  return entries;
}

/** The ids of the runs kept, newest first. */
export async function runIds(dataDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(runsDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => RUN_ID_PATTERN.test(name)).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/** Removes the journals of runs that started more than KEEP_DAYS days before `now`; returns their ids. */
export async function pruneRuns(dataDir: string, now: Date, keepDays = KEEP_DAYS): Promise<string[]> {
  const limit = now.getTime() - keepDays * 24 * 3600 * 1000;
  const pruned: string[] = [];
  for (const runId of await runIds(dataDir)) {
    const time = runTime(runId);
    if (time === undefined || time.getTime() >= limit) continue;
    await rm(runDir(dataDir, runId), { recursive: true, force: true });
    pruned.push(runId);
  }
  return pruned;
}
