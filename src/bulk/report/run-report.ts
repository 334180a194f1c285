// What a bulk run leaves for CI: its counts and its rejected rows as one JSON document
// (`--report json=FILE`), from which the other formats are drawn and which `report merge`
// adds up across the shards of one file. Plain data, no I/O.
import type { Shard } from '../engine/shard.js';

export const REPORT_FORMAT = 'store-cli-run-report';
export const REPORT_VERSION = 1;

/** Rejected rows a report lists; the rest are counted (`rejectedNotListed`) and are in the rejects file. */
export const LISTED_REJECTS = 1_000;

export const OUTCOMES = ['complete', 'rejects', 'stopped', 'refused'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The store a section of a run across stores' report is of (`--env a,b --report json=FILE`); a one-store run's report names none. */
export interface ReportedStore {
  /** store.toml's environment. */
  env: string;
  /** Its shop's domain, when the files say it ('' when they do not). */
  shop: string;
  /** The run a writing import kept (`store-cli undo RUN-ID`); null when it kept none. */
  runId: string | null;
  /** What the store's run exited with; null when it did not run (--fail-fast). */
  exitCode: number | null;
}

/** One run's counts: an import's (created, updated, unchanged), or an export's (those null). */
export interface ShardCounts {
  /** "2/3"; null for a run of the whole file. */
  shard: string | null;
  /** In a run across stores' report: the store this section is of. */
  store?: ReportedStore;
  rows: number;
  created: number | null;
  updated: number | null;
  unchanged: number | null;
  /** Rows an import rejected, objects an export could not read. */
  rejected: number;
  /** Read but not finished: the run stopped with them in hand. */
  unfinished: number;
  requests: number;
  refused: number;
  elapsedMs: number;
  /** How the run ended: every row applied, some rejected, stopped early, or refused before it wrote anything (exit 2). */
  outcome: Outcome;
  /** Why the run was refused (outcome refused): the error it exited with; null otherwise. */
  reason: string | null;
  /** Rejected rows beyond the ones listed. */
  rejectedNotListed: number;
  rejectsFile: string | null;
}

export interface ReportedReject {
  shard: string | null;
  /** In a run across stores' report: the store's env. */
  store?: string;
  /** The line of the file (1 is the header of a CSV). */
  line: number;
  reason: string;
}

export interface RunReport {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  /** "metafield import". */
  command: string;
  kind: 'import' | 'export';
  /** The file imported (or the export's output). */
  source: string;
  dryRun: boolean;
  shards: ShardCounts[];
  rejects: ReportedReject[];
}

/** The counts summed over the shards; the duration is the longest shard's (shards run side by side). */
export function totals(report: RunReport): Omit<ShardCounts, 'shard' | 'store' | 'rejectsFile' | 'reason'> {
  const sum = (pick: (s: ShardCounts) => number) => report.shards.reduce((total, s) => total + pick(s), 0);
  const sumKnown = (pick: (s: ShardCounts) => number | null) => (report.shards.some((s) => pick(s) === null) ? null : sum((s) => pick(s) ?? 0));
  const outcomes = report.shards.map((s) => s.outcome);
  return {
    rows: sum((s) => s.rows),
    created: sumKnown((s) => s.created),
    updated: sumKnown((s) => s.updated),
    unchanged: sumKnown((s) => s.unchanged),
    rejected: sum((s) => s.rejected),
    unfinished: sum((s) => s.unfinished),
    requests: sum((s) => s.requests),
    refused: sum((s) => s.refused),
    elapsedMs: Math.max(0, ...report.shards.map((s) => s.elapsedMs)),
    outcome: OUTCOMES.findLast((outcome) => outcomes.includes(outcome)) ?? 'complete',
    rejectedNotListed: sum((s) => s.rejectedNotListed),
  };
}

export function shardName(shard: Shard | undefined): string | null {
  return shard ? `${shard.index}/${shard.count}` : null;
}

/** What a section of a report is called: its shard ("2/3"), after its store's env in a run across stores ("sb-a 2/3"); null for one store's whole file. */
export function sectionName(section: { shard: string | null; store?: { env: string } | string | undefined }): string | null {
  const store = typeof section.store === 'string' ? section.store : section.store?.env;
  if (store === undefined) return section.shard;
  return section.shard === null ? store : `${store} ${section.shard}`;
}

/** What a run tells its report besides its counts. */
export interface RunFacts {
  command: string;
  kind: 'import' | 'export';
  source: string;
  dryRun: boolean;
  shard?: Shard | undefined;
  rejectsPath?: string | undefined;
}

/** One run's report: its counts, whether it stopped early, and the rejects it kept (at most LISTED_REJECTS). */
export function runReport(
  facts: RunFacts,
  counts: Omit<ShardCounts, 'shard' | 'outcome' | 'reason' | 'rejectedNotListed' | 'rejectsFile'>,
  stopped: boolean,
  rejects: ReadonlyArray<{ line: number; reason: string }>,
): RunReport {
  const shard = shardName(facts.shard);
  const listed = rejects.slice(0, LISTED_REJECTS).map((reject) => ({ shard, line: reject.line, reason: reject.reason }));
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    command: facts.command,
    kind: facts.kind,
    source: facts.source,
    dryRun: facts.dryRun,
    shards: [
      {
        shard,
        ...counts,
        outcome: stopped ? 'stopped' : counts.rejected > 0 ? 'rejects' : 'complete',
        reason: null,
        rejectedNotListed: counts.rejected - listed.length,
        rejectsFile: facts.rejectsPath ?? null,
      },
    ],
    rejects: listed,
  };
}

/**
 * The report of a run refused before it wrote anything (exit 2: a bad file, a bad flag, two
 * outputs that are one file): no rows, the reads its checks made (`requests`), and the reason.
 */
export function refusedReport(facts: RunFacts, reason: string, requests: number, elapsedMs: number): RunReport {
  const empty = facts.kind === 'import' ? 0 : null;
  const report = runReport(
    facts,
    { rows: 0, created: empty, updated: empty, unchanged: empty, rejected: 0, unfinished: 0, requests, refused: 0, elapsedMs },
    false,
    [],
  );
  return { ...report, shards: report.shards.map((shard) => ({ ...shard, outcome: 'refused', reason })) };
}
