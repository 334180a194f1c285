// The sandbox's state: every resource's records in memory and the files behind them, the data
// file and its write-ahead journal. A change is answered only once it is on disk, a crash is
// recovered at the next start, and a reset or an imported state replaces everything at once.
import * as z from 'zod';
import type { Dialect } from '../http/dialect.js';
import { SandboxDataError } from '../http/sandbox-errors.js';
import { IdGenerator } from './ids.js';
import type { IdsAs } from '../http/body-json.js';
import { DefinitionCatalog, type MetafieldDefinition } from '../resources/metafield-definitions/definitions.js';
import { DEFINITIONS_KEY, type DefinitionResource } from '../resources/metafield-definitions/routes.js';
import { Lookups } from '../resources/lookups.js';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DataLock, type LockWaiting } from './data-lock.js';
import { ErrorAnswer, invalid } from '../http/sandbox-errors.js';
import { Journal, readJournal, type JournalRecord } from './journal.js';
import { journalFileOf, readDataFile, removeStaleTempFiles, writeFileAtomic } from './persistence.js';
import { READ_ONCE, type Resource, type ResourceEvent, type Route, type RouteReply } from '../resources/resource.js';
import { RESOURCES, SEED_SECTIONS } from '../resources/index.js';
import { checkSeed, describeSeedProblems, type SeedSection, type StoreSeed } from './seed.js';

const STATE_FORMAT = 'store-cli-sandbox';
const STATE_VERSION = 1;

const stateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  lastId: z.string().regex(/^[0-9]{1,20}$/),
  /** The seq of the last journal line this file holds; absent in files written before the journal. */
  journalSeq: z.number().int().nonnegative().optional(),
  /** The all-scopes token a sandbox generated for itself, kept so that it survives restarts. */
  token: z
    .string()
    .regex(/^sbx_[A-Za-z0-9_-]{16,}$/)
    .optional(),
  data: z.record(z.string(), z.unknown()),
});

/** The journal key of a change that replaced the whole state (a reset, an imported snapshot). */
const REPLACE_KEY = '*';

/** How much a state holds, for the answers to a reset or an import. */
export type StateCounts = Record<SeedSection, number>;

export interface StoreOptions {
  dataFile?: string;
  /**
   * What an empty store starts with (no data file, or a blank one), and a section the data file
   * lacks; absent: nothing. Asked for only then: a data file that has every section never makes it.
   */
  seed: (() => StoreSeed) | undefined;
  currency: string;
  /** The shop `GET /shops/info` answers; default: the sandbox's own name and domain. */
  shop?: { name: string; domain: string };
  /** Default 'masked'. */
  codesInReads?: 'masked' | 'shown';
  idsAs: IdsAs;
  dialect: Dialect;
  /** Receives the events webhooks announce; absent: nobody listens. */
  emit?: (event: ResourceEvent) => void;
  /** The sandbox's clock (a seed's relative dates are read against it); absent: the system's. */
  now?: () => Date;
  /** When another process owns the data file: wait this way; absent: fail at once. */
  waitForDataFile?: LockWaiting;
  /**
   * A token the sandbox generated (none was given): kept in a data file that holds none yet,
   * so the next start answers the same one (see SandboxStore.token).
   */
  generatedToken?: string;
}

/** The journal is folded into the data file when it reaches this size or the data file's, whichever is larger. */
const COMPACT_AT_BYTES = 8 * 1024 * 1024;

function describeProblem(error: unknown): string {
  if (error instanceof z.ZodError) {
    const [issue] = error.issues;
    if (issue === undefined) return 'it does not match the expected shape';
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A file system failure (no permission, no space...) as one sentence naming the data file. */
async function cannotUse<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SandboxDataError) throw error;
    throw new SandboxDataError(file, `Cannot use the sandbox data file ${file}: ${error instanceof Error ? error.message : String(error)}.`, { cause: error });
  }
}

/** A resource's section of a checked seed (each resource's key is a section's: resources/index.ts). */
function sectionOf(seed: StoreSeed, key: string): unknown {
  return (seed as Record<string, unknown>)[key];
}

/** A change the journal could not take is not acknowledged; the client learns so. */
function unsaved(error: unknown): ErrorAnswer {
  const detail = error instanceof Error ? error.message : String(error);
  return new ErrorAnswer(500, 'internal_error', `The sandbox ${detail}: the change is not saved, and no change is accepted until the sandbox is restarted.`);
}

/**
 * All resources' in-memory state, their shared id sequence, and the files behind them: the
 * data file (the whole state, rewritten atomically now and then) and its journal (each change
 * since, synced before the change is answered). See journal.ts.
 */
export class SandboxStore {
  private readonly ids = new IdGenerator();
  private journal: Journal | undefined;
  private lock: DataLock | undefined;
  private file: string | undefined;
  private keptToken: string | undefined;
  readonly resources: readonly Resource[];

  /** The generated token the data file keeps (the first start's), if any. */
  get token(): string | undefined {
    return this.keptToken;
  }

  private constructor(private readonly options: StoreOptions) {
    const env = {
      ids: this.ids,
      currency: options.currency,
      shop: options.shop ?? { name: 'Sandbox Shop', domain: 'sandbox.localhost' },
      codesInReads: options.codesInReads ?? 'masked',
      idsAs: options.idsAs,
      dialect: options.dialect,
      // Filled from the seed (definitions are a section of it) or the data file, like the rest.
      metafieldDefinitions: new DefinitionCatalog(),
      lookups: new Lookups(),
      changed: (key: string, change: unknown) => this.journal?.append(key, this.ids.lastId, change),
      emit: options.emit ?? (() => {}),
      now: options.now ?? (() => new Date()),
    };
    this.resources = RESOURCES.flatMap((resource) => resource.create(env));
  }

  /** Owns the data file (see data-lock.ts) until close(), so no other process writes it meanwhile. */
  static async open(options: StoreOptions): Promise<SandboxStore> {
    const store = new SandboxStore(options);
    const file = options.dataFile;
    if (file === undefined) {
      if (options.seed !== undefined) store.applySeed(options.seed());
      return store;
    }
    const lock = await cannotUse(file, async () => {
      await mkdir(dirname(file), { recursive: true });
      return DataLock.acquire(file, options.waitForDataFile);
    });
    store.lock = lock;
    store.file = file;
    try {
      await cannotUse(file, () => store.recover(file, options.seed));
    } catch (error) {
      await lock.release();
      throw error;
    }
    return store;
  }

  /**
   * Every route that changes state answers only once its change is on disk (the server awaits
   * the reply); when it cannot be, the answer is 500 and later changes are refused.
   */
  get routes(): Route[] {
    return this.resources.flatMap((resource) => resource.routes).map((route) => (route.method === 'GET' ? route : this.durably(route)));
  }

  /**
   * Folds the journal into the data file and lets go of it; rejects (SandboxDataError) if the
   * state could not be saved, the journal then staying for the next start to replay.
   */
  async close(): Promise<void> {
    try {
      if (this.journal !== undefined && this.file !== undefined) await cannotUse(this.file, () => (this.journal as Journal).close());
    } finally {
      await this.lock?.release();
    }
  }

  /**
   * Creates or replaces each definition as the definitions API would (a type change is refused
   * while values of the field are stored: SandboxUsageError naming `source`), durably. A
   * `--definitions` file is applied so at every start, over what the data file holds.
   */
  async putDefinitions(definitions: readonly MetafieldDefinition[], source: string): Promise<number> {
    const resource = this.resources.find((candidate) => candidate.key === DEFINITIONS_KEY) as DefinitionResource;
    if (this.journal?.failure !== undefined) throw unsaved(this.journal.failure);
    const changed = resource.putAll(definitions, source);
    if (changed > 0) await this.journal?.durable();
    return changed;
  }

  private durably(route: Route): Route {
    return {
      ...route,
      handle: (request) => {
        const journal = this.journal;
        if (journal === undefined) return route.handle(request);
        if (journal.failure !== undefined) throw unsaved(journal.failure);
        const before = journal.lastSeq;
        const reply = route.handle(request);
        if (journal.lastSeq === before) return reply;
        return journal.durable().then(
          (): Promise<RouteReply> | RouteReply => reply,
          (error: unknown) => {
            throw unsaved(error);
          },
        );
      },
    };
  }

  /**
   * After a crash: stale temp files go, the data file is loaded and the journal's changes are
   * redone on top; the result becomes the new data file and the journal starts empty.
   */
  private async recover(file: string, seed: (() => StoreSeed) | undefined): Promise<void> {
    await removeStaleTempFiles(file);
    const raw = await readDataFile(file);
    const journalFile = journalFileOf(file);
    const { records, bytes } = await readJournal(journalFile);
    let seq = 0;
    let rewrite = bytes > 0;
    if (raw !== undefined) {
      const loaded = this.load(file, raw, seed);
      seq = loaded.journalSeq;
      rewrite ||= loaded.seeded;
    } else if (seed !== undefined) {
      this.applySeed(seed());
      rewrite = true;
    }
    // Written at once, not at the next compaction: a kill -9 before any change keeps it too.
    if (this.keptToken === undefined && this.options.generatedToken !== undefined) {
      this.keptToken = this.options.generatedToken;
      rewrite = true;
    }
    for (const [index, record] of records.entries()) {
      // Lines the data file holds already: a crash came between its rename and the journal's truncation.
      if (record.seq <= seq) continue;
      this.replay(journalFile, index + 1, record);
      seq = record.seq;
    }
    let snapshotBytes = 0;
    const writeSnapshot = async (journalSeq: number) => {
      snapshotBytes = await writeFileAtomic(file, this.serialize(journalSeq));
    };
    if (rewrite) await writeSnapshot(seq);
    // Its lines are in the data file now (and would be skipped by seq if the removal were lost).
    if (bytes > 0) await rm(journalFile, { force: true });
    this.journal = new Journal(journalFile, {
      seq,
      // Compacting when the journal is as large as the data file keeps the cost of rewriting
      // the state in proportion to the changes, and a restart's replay below a full load.
      compactAtBytes: () => Math.max(COMPACT_AT_BYTES, snapshotBytes),
      writeSnapshot: () => writeSnapshot((this.journal as Journal).lastSeq),
    });
  }

  private replay(journalFile: string, line: number, record: JournalRecord): void {
    try {
      if (record.key === REPLACE_KEY) {
        const checked = checkSeed(record.change, new Date(0));
        if (!checked.ok) throw new Error(describeSeedProblems('the state it holds', checked.problems));
        this.ids.restart();
        this.applySeed(checked.seed);
        this.ids.observe(record.lastId);
        return;
      }
      const resource = this.resources.find((candidate) => candidate.key === record.key);
      if (resource?.apply === undefined) throw new Error(`no resource "${record.key}" takes changes`);
      resource.apply(record.change);
      this.ids.observe(record.lastId);
    } catch (error) {
      throw new SandboxDataError(
        journalFile,
        `The sandbox journal ${journalFile} does not fit its data file at line ${line} (${describeProblem(error)}); ` +
          `remove it to lose the changes it holds, or clear all state with "store-cli sandbox reset".`,
        { cause: error },
      );
    }
  }

  private applySeed(seed: StoreSeed): void {
    for (const resource of this.resources) resource.seed(sectionOf(seed, resource.key));
  }

  /** The whole state in the seed format: `--seed` and PUT /_sandbox/state take it back as it is. */
  snapshot(): Record<SeedSection, unknown[]> {
    const section = (key: SeedSection) => (this.resources.find((resource) => resource.key === key)?.snapshot() ?? []) as unknown[];
    return Object.fromEntries(SEED_SECTIONS.map(({ key }) => [key, section(key)])) as Record<SeedSection, unknown[]>;
  }

  /** How many of each the state holds, as each resource counts (metafields: values, not objects). */
  counts(): StateCounts {
    const count = (key: SeedSection) => {
      const resource = this.resources.find((candidate) => candidate.key === key);
      return resource?.count?.() ?? (resource?.snapshot() as unknown[] | undefined)?.length ?? 0;
    };
    return Object.fromEntries(SEED_SECTIONS.map(({ key }) => [key, count(key)])) as StateCounts;
  }

  /**
   * Replaces the whole state with a checked seed, definitions included, all or nothing, and
   * answers once that is on disk: one journal line holding the new state, so the changes made
   * before and after it replay in their order after a crash. Ids start again as in a new store.
   */
  async replace(seed: StoreSeed): Promise<void> {
    const journal = this.journal;
    if (journal?.failure !== undefined) throw unsaved(journal.failure);
    // A refusal halfway would leave half a state: the seed is tried on a scratch store first.
    try {
      new SandboxStore({ ...this.options, dataFile: undefined, emit: undefined }).applySeed(seed);
    } catch (error) {
      throw invalid([{ field: '(top level)', message: `does not fit together: ${describeProblem(error)}` }]);
    }
    this.ids.restart();
    this.applySeed(seed);
    if (journal === undefined) return;
    journal.append(REPLACE_KEY, this.ids.lastId, this.snapshot());
    await journal.durable().catch((error: unknown) => {
      throw unsaved(error);
    });
  }

  /**
   * A section the file lacks was written before its resource existed: with a seed it gets the
   * seed's (so the embedded sandbox always has the demo category tree), else it is empty.
   */
  private load(file: string, raw: unknown, seed: (() => StoreSeed) | undefined): { journalSeq: number; seeded: boolean } {
    const fail = (error: unknown): never => {
      throw new SandboxDataError(
        file,
        `The sandbox data file ${file} does not hold sandbox state (${describeProblem(error)}); repair it or remove it with "store-cli sandbox reset".`,
        {
          cause: error,
        },
      );
    };
    const parsed = stateSchema.safeParse(raw, READ_ONCE);
    if (!parsed.success) return fail(parsed.error);
    let seeded = false;
    for (const resource of this.resources) {
      try {
        const section = parsed.data.data[resource.key];
        if (section === undefined && seed !== undefined) {
          resource.seed(sectionOf(seed(), resource.key));
          seeded = true;
        } else resource.load(section);
      } catch (error) {
        if (error instanceof z.ZodError) {
          error.issues.forEach((issue) => issue.path.unshift('data', resource.key));
        }
        fail(error);
      }
    }
    this.ids.observe(parsed.data.lastId);
    this.keptToken = parsed.data.token;
    return { journalSeq: parsed.data.journalSeq ?? 0, seeded };
  }

  /**
   * The data file's text in pieces of one record each, as JSON.stringify(state, null, 2) would
   * write it whole (the same bytes as files written before): joined, it could be longer than
   * the longest string V8 holds (about 512 MiB), which once made every restart fail. Built at
   * once, before the caller's first await, so the file is the state of one moment (records
   * change in place, and the journal counts every change before the call as covered).
   */
  private serialize(journalSeq: number): string[] {
    const header = {
      format: STATE_FORMAT,
      version: STATE_VERSION,
      lastId: this.ids.lastId,
      journalSeq,
      ...(this.keptToken === undefined ? {} : { token: this.keptToken }),
    };
    // As JSON.stringify does it whole: an undefined element is null, an undefined section left out.
    const indented = (value: unknown, indent: string) => JSON.stringify(value ?? null, null, 2).replaceAll('\n', `\n${indent}`);
    const pieces = [`${JSON.stringify(header, null, 2).slice(0, -2)},\n  "data": {`];
    let sections = 0;
    for (const resource of this.resources) {
      const section = resource.dump();
      if (section === undefined) continue;
      pieces.push(`${sections === 0 ? '' : ','}\n    ${JSON.stringify(resource.key)}: `);
      sections += 1;
      if (!Array.isArray(section) || section.length === 0) pieces.push(indented(section, '    '));
      else {
        for (const [at, record] of section.entries()) pieces.push(`${at === 0 ? '[' : ','}\n      ${indented(record, '      ')}`);
        pieces.push('\n    ]');
      }
    }
    pieces.push(sections === 0 ? '}\n}\n' : '\n  }\n}\n');
    return pieces;
  }
}
