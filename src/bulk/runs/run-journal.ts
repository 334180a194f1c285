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
import { parseJson, toJson } from '../../core/json.js';
import { OwnerLock } from '../../core/owner-lock.js';

export const RUNS_DIR = 'runs';
export const META_FILE = 'meta.json';
export const BEFORE_FILE = 'before.jsonl';
/** Held by the import while it writes the journal (its owner: core/owner-lock.ts). */
export const WRITING_LOCK = 'writing.lock';
/** Journals older than this are removed when a writing run starts. */
export const KEEP_DAYS = 30;

/**
 * One before-image, as a line of before.jsonl: its `kind` says which kind of import wrote it
 * and what it holds (kinds/<kind>/undo.ts declares its entries, kinds/<kind>/watch.ts writes them).
 */
export type JournalEntry = { readonly kind: string; readonly [field: string]: unknown };

/** Whether a line of the journal holds the fields undo needs of its kind of entry. */
export type EntryCheck = (entry: JournalEntry) => boolean;

export interface RunCounts {
  rows: number;
  created: number | null;
  updated: number | null;
  unchanged: number | null;
  /** Rows of which part landed (absent in journals written before partial rows were counted). */
  partial?: number;
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
  /** When an undo of the run finished with every key as before it. */
  undone?: string;
  /** How the last undo of the run ended (complete: every key as before the run). */
  undo?: UndoRecord;
  /** Why the run cannot be undone through the API (a discount code import of before issue 29: the API deletes no code); undefined when it can. */
  notUndoable?: string;
  /** Why the run's writes wait for `store-cli undo`: an all-or-nothing run whose own rollback could not finish. */
  needsUndo?: string;
  /** The group id of a run across stores (`--env 'prod-*'`) this run was one store's of: `store-cli undo GROUP-ID` undoes them all. */
  group?: string;
  /** Read only, never written: the fields meta.json lacks (a damaged file), left empty here. */
  damaged?: string[];
}

export interface UndoRecord {
  /** When it ended. */
  at: string;
  complete: boolean;
  /** Keys it left alone (changed since, or not undoable) and keys the store refused. */
  leftAlone: number;
  failed: number;
}

/** A run id that sorts by time: 20261127T210512Z-3f9a. */
export function newRunId(now: Date, random = randomBytes(2).toString('hex')): string {
  return `${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')}-${random}`;
}

export const RUN_ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-[0-9a-f]{4,}$/;

/** A run across stores' group id, its runs' (one a store) in common: g-20261127T210512Z-3f9a. */
export function newGroupId(now: Date): string {
  return `g-${newRunId(now)}`;
}

export const GROUP_ID_PATTERN = /^g-\d{8}T\d{6}Z-[0-9a-f]{4,}$/;

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
    private readonly lock: OwnerLock,
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
      // A folder of its own, just made: no one else holds its lock.
      const lock = OwnerLock.tryTake(join(dir, WRITING_LOCK), 'the import writing it', { heartbeat: true });
      if (!(lock instanceof OwnerLock)) continue;
      try {
        const full: RunMeta = { runId, ...meta, started: now.toISOString() };
        await writeMeta(dir, full);
        const file = await open(join(dir, BEFORE_FILE), 'a', 0o600);
        return new RunJournal(dir, full, file, lock);
      } catch (error) {
        lock.release();
        throw error;
      }
    }
  }

  get runId(): string {
    return this.meta.runId;
  }

  /** What meta.json says of the run (its counts once finished). */
  get runMeta(): RunMeta {
    return this.meta;
  }

  /** The undo command as printed: the run's store named as undo checks it (--sandbox, --base-url, --profile). */
  get undoCommand(): string {
    return undoCommandOf(this.meta);
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
      // Lossless: a product's ids and counts may be JSON numbers past 2^53.
      this.pending.push(entries.map((entry) => `${toJson(entry)}\n`).join(''));
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
            `Cannot write the run's journal ${join(this.dir, BEFORE_FILE)} ` +
              `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): no write is sent without its before-image.`,
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
    try {
      // A run marked not undoable sent a write without a before-image: it is kept, so that it is listed.
      if (this.recorded === 0 && this.meta.notUndoable === undefined) await rm(this.dir, { recursive: true, force: true });
      else await writeMeta(this.dir, { ...this.meta, finished: now.toISOString() });
    } finally {
      this.lock.release();
    }
  }

  async finish(counts: RunCounts, now = new Date()): Promise<void> {
    try {
      await this.settled();
    } finally {
      await this.file.close();
    }
    this.meta = { ...this.meta, finished: now.toISOString(), counts };
    try {
      await writeMeta(this.dir, this.meta);
    } finally {
      this.lock.release();
    }
  }

  /** A finished run that left nothing to undo (it wrote nothing, or its writes were all taken back): its journal goes. */
  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * A run about to send a write it keeps no before-image of: said in meta.json (synced) before
   * that write goes, so `store-cli undo` refuses the run with the reason rather than put back
   * only part of it. The first reason stays.
   */
  async markNotUndoable(why: string): Promise<void> {
    if (this.meta.notUndoable !== undefined) return;
    this.meta = { ...this.meta, notUndoable: why };
    await writeMeta(this.dir, this.meta);
  }

  /** A finished run whose writes wait for `store-cli undo` (`store-cli runs` says so), and why. */
  async markNeedsUndo(why: string): Promise<void> {
    this.meta = { ...this.meta, needsUndo: why };
    await writeMeta(this.dir, this.meta);
  }
}

/** `store-cli undo RUN-ID` with what names the run's store, so that it runs as printed. */
export function undoCommandOf(meta: Pick<RunMeta, 'runId' | 'store'>): string {
  const { store } = meta;
  const words = ['store-cli', 'undo', meta.runId];
  if (store.sandbox) words.push('--sandbox');
  else if (store.baseUrl !== undefined) words.push('--base-url', shellWord(store.baseUrl));
  if (store.profile !== DEFAULT_PROFILE_NAME) words.push('--profile', shellWord(store.profile));
  return words.join(' ');
}

/** The profile a run without --profile (or STORE_CLI_PROFILE, or a default in the config) writes to. */
const DEFAULT_PROFILE_NAME = 'default';

function shellWord(text: string): string {
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export async function writeMeta(dir: string, meta: RunMeta): Promise<void> {
  const { damaged: _damaged, ...kept } = meta;
  await writeFileAtomically(join(dir, META_FILE), `${JSON.stringify(kept, null, 2)}\n`, { overwrite: true, flag: 'run journal' });
}

/**
 * The run's meta.json; undefined when there is none, or it names no run. Fields it lacks (a
 * file cut or written by hand) are listed in `damaged` and left empty, never a crash of the
 * commands that read it.
 */
export async function readMeta(dir: string): Promise<RunMeta | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, META_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(raw) || typeof raw.runId !== 'string') return undefined;
  const damaged: string[] = [];
  const text = (name: 'command' | 'file' | 'started') => {
    const value = raw[name];
    if (typeof value === 'string') return value;
    damaged.push(name);
    return '';
  };
  const meta: RunMeta = { runId: raw.runId, command: text('command'), file: text('file'), store: { profile: '' }, started: text('started') };
  const store = raw.store;
  if (isObject(store) && typeof store.profile === 'string') {
    meta.store = {
      profile: store.profile,
      ...(typeof store.baseUrl === 'string' ? { baseUrl: store.baseUrl } : {}),
      ...(store.sandbox === true ? { sandbox: true } : {}),
    };
  } else damaged.push('store');
  if (typeof raw.finished === 'string') meta.finished = raw.finished;
  if (isObject(raw.counts)) meta.counts = countsOf(raw.counts);
  if (typeof raw.undone === 'string') meta.undone = raw.undone;
  const undo = raw.undo;
  if (isObject(undo) && typeof undo.at === 'string' && typeof undo.complete === 'boolean') {
    meta.undo = { at: undo.at, complete: undo.complete, leftAlone: wholeOr(undo.leftAlone, 0), failed: wholeOr(undo.failed, 0) };
  }
  if (typeof raw.notUndoable === 'string') meta.notUndoable = raw.notUndoable;
  if (typeof raw.needsUndo === 'string') meta.needsUndo = raw.needsUndo;
  if (typeof raw.group === 'string') meta.group = raw.group;
  if (damaged.length > 0) meta.damaged = damaged;
  return meta;
}

function countsOf(raw: Record<string, unknown>): RunCounts {
  const orNull = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
  const partial = orNull(raw.partial);
  return {
    rows: wholeOr(raw.rows, 0),
    created: orNull(raw.created),
    updated: orNull(raw.updated),
    unchanged: orNull(raw.unchanged),
    ...(partial !== null ? { partial } : {}),
    failed: wholeOr(raw.failed, 0),
  };
}

function wholeOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The journal's entries, and the lines of it that hold none (damaged: their keys cannot be undone). */
export interface JournalRead {
  entries: JournalEntry[];
  /** Line numbers (from 1) of whole lines that are no entry; a last line cut short is not one. */
  unreadable: number[];
}

/**
 * The entries of a journal. A last line cut short (a crash while it was written) is left
 * out: its write was never sent, as the sync comes before it. A journal not there (a run
 * killed before its first write) has none. `checks`: the entries undo knows, by kind, each
 * with the fields it needs; a line of another kind, or without those fields, is unreadable.
 * Without them, every line that is an object with a kind is an entry.
 */
export async function readJournal(dir: string, checks?: Readonly<Record<string, EntryCheck>>): Promise<JournalRead> {
  let text: string;
  try {
    text = await readFile(join(dir, BEFORE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], unreadable: [] };
    throw error;
  }
  const lines = text.split('\n');
  const entries: JournalEntry[] = [];
  const unreadable: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = parseJson(line);
    } catch {
      entry = undefined;
    }
    if (isEntry(entry, checks)) entries.push(entry);
    // The last line, with no newline after it, was being written when the run stopped.
    else if (index < lines.length - 1) unreadable.push(index + 1);
  }
  return { entries, unreadable };
}

export async function readEntries(dir: string, checks?: Readonly<Record<string, EntryCheck>>): Promise<JournalEntry[]> {
  return (await readJournal(dir, checks)).entries;
}

function isEntry(value: unknown, checks: Readonly<Record<string, EntryCheck>> | undefined): value is JournalEntry {
  if (!isObject(value) || typeof value.kind !== 'string') return false;
  if (checks === undefined) return true;
  const check = Object.hasOwn(checks, value.kind) ? checks[value.kind] : undefined;
  return check !== undefined && check(value as JournalEntry);
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

/** The runs kept of a run across stores' group, oldest first. */
export async function runsOfGroup(dataDir: string, group: string): Promise<RunMeta[]> {
  const metas = await Promise.all((await runIds(dataDir)).map((runId) => readMeta(runDir(dataDir, runId))));
  return metas.filter((meta): meta is RunMeta => meta?.group === group).reverse();
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
