// What an import says when it ends: a few lines on stderr for people and logs, and the
// counts as JSON (--json) for scripts.
import { pluralWord, stripPeriod } from '../../core/words.js';
import { formatDuration } from './import-progress.js';
import type { RequestCounts } from '../../core/rate-governor.js';
import type { ImportResult } from './run-import.js';
import type { Shard } from './shard.js';

/** Rejected rows the summary shows; the rejects file (and a report) list more. */
const FIRST_REJECTS = 5;

export interface SummaryJson {
  rows: number;
  /** null in a dry run that could not read the store: only validated. */
  created: number | null;
  updated: number | null;
  unchanged: number | null;
  /** Rows of which part landed and part was refused (a product's variant written, one of its metafield values refused). */
  partial: number;
  failed: number;
  /** Rows read but neither applied nor failed: the run stopped (Ctrl-C, a failure) with them in hand. */
  unfinished: number;
  /** Requests sent, every attempt counted (0 when nothing could be sent). */
  requests: number;
  /** Of those, refused with 429 (by the store's rate limit, or unexplained: see RequestCounts). */
  refused: number;
  elapsedMs: number;
  /** The run's id, for `store-cli undo`: null in a dry run (nothing written, no journal). */
  runId: string | null;
}

/** Rows read that have an outcome (a dry run that could not read the store counts its valid rows). */
function settledRows(r: ImportResult): number {
  return r.created + r.updated + r.unchanged + r.partial + r.failed + r.valid;
}

export function summaryJson(result: ImportResult, requests?: RequestCounts): SummaryJson {
  const known = result.offline === undefined;
  return {
    rows: result.rows,
    created: known ? result.created : null,
    updated: known ? result.updated : null,
    unchanged: known ? result.unchanged : null,
    partial: result.partial,
    failed: result.failed,
    unfinished: result.rows - settledRows(result),
    requests: requests?.sent ?? 0,
    refused: requests?.rateLimited ?? 0,
    elapsedMs: result.elapsedMs,
    runId: null,
  };
}

export interface SummaryContext {
  source: string;
  dryRun: boolean;
  /** A rehearsal's run on a copy of the store: what the real run would do; 'check': all or nothing's check before its real run. */
  rehearsal?: boolean | 'check';
  /** What the rows apply to, counted: "object" (the default), "card". */
  unit?: string;
  shard?: Shard;
  rejectsPath?: string;
  requests?: RequestCounts;
  /** A dry run that could not read the store: what it could not check (RowKind.offlineUnchecked). */
  unchecked?: string;
}

export const n = (value: number) => new Intl.NumberFormat('en-US').format(value);
/** `1,234 rows`: core's plural with the count grouped in thousands, as a summary reads it. */
export const counted = (count: number, one: string, many = `${one}s`) => `${n(count)} ${pluralWord(count, one, many)}`;

export function summaryLines(r: ImportResult, c: SummaryContext): string[] {
  const lines: string[] = [];
  const took = formatDuration(r.elapsedMs);
  const unit = c.unit ?? 'object';
  const objects = counted(r.objects, unit);
  const refused = r.failed + r.partial;
  if (c.rehearsal === 'check') {
    // A check that finds nothing says so in one line: the real run's summary follows it.
    if (refused === 0 && r.stop === undefined) return [`Checked first on a copy of the store: none of the ${counted(r.rows, 'row')} would be rejected.`];
    lines.push(
      `All or nothing: checked on a copy of the store first (nothing written to the store): ${counted(r.rows, 'row')} of ${objects}: ` +
        `${n(r.created)} to create, ${n(r.updated)} to update, ${n(r.unchanged)} unchanged, ${n(refused)} the store would reject.`,
    );
  } else if (c.rehearsal) {
    const inPart = r.partial > 0 ? `, ${n(r.partial)} the store would take in part` : '';
    lines.push(
      `Rehearsal of ${c.source} on a copy of the store (nothing written to the store): ` +
        `${counted(r.rows, 'row')} of ${objects}: ${n(r.created)} to create, ${n(r.updated)} to update, ` +
        `${n(r.unchanged)} unchanged${inPart}, ${n(r.failed)} the store would reject.`,
    );
  } else if (c.dryRun && r.offline !== undefined) {
    // Only the file was checked: its rows are well-formed or not, never "valid" as the store would judge them.
    const malformed = r.failed > 0 ? `, ${n(r.failed)} malformed` : '';
    lines.push(
      `Dry run of ${c.source}, the file alone (the store could not be read: ${stripPeriod(r.offline)}): ` +
        `${counted(r.rows, 'row')}, ${n(r.valid)} well-formed${malformed}; ${c.unchecked ?? 'nothing checked against the store'}.`,
    );
  } else if (c.dryRun) {
    lines.push(
      `Dry run of ${c.source} (values read, nothing written): ${counted(r.rows, 'row')} of ${objects}: ` +
        `${n(r.created)} to create, ${n(r.updated)} to update, ${n(r.unchanged)} unchanged, ${n(r.failed)} failed.`,
    );
  } else if (r.stop === undefined && refused === 0 && r.created + r.updated === 0 && r.rows > 0) {
    lines.push(`Nothing to change: all ${counted(r.rows, 'row')} of ${c.source} already hold their values (${objects} checked in ${took}).`);
  } else {
    const lead = r.stop ? `The import of ${c.source} stopped after ${took}` : `Imported ${c.source} in ${took}`;
    const inPart = r.partial > 0 ? `, ${n(r.partial)} partial` : '';
    lines.push(
      `${lead}: ${counted(r.rows, 'row')} of ${objects}: ${n(r.created)} created, ` +
        `${n(r.updated)} updated, ${n(r.unchanged)} unchanged${inPart}, ${n(r.failed)} failed.`,
    );
  }
  if (c.shard) lines.push(`Shard ${c.shard.index}/${c.shard.count}: ${counted(r.otherShards, 'row')} of the file belong to other shards.`);
  if (c.requests && c.requests.sent > 0) lines.push(requestsLine(c.requests, r.objects, unit));
  if (refused > 0) {
    const what = r.partial === 0 ? 'failed' : r.failed === 0 ? 'applied in part' : 'failed or applied in part';
    lines.push(`${counted(refused, 'row')} ${what}${c.rejectsPath ? `; each is in ${c.rejectsPath} with its line and reason` : ''}:`);
    const first = r.rejects.slice(0, FIRST_REJECTS);
    for (const reject of first) lines.push(`  line ${reject.line}: ${reject.partial ? '(applied in part) ' : ''}${reject.reason}`);
    const more = refused - first.length;
    if (more > 0) lines.push(`  ... and ${n(more)} more${c.rejectsPath ? '' : ' (--rejects FILE lists every one)'}.`);
  }
  const unfinished = r.rows - settledRows(r);
  const notFinished = unfinished > 0 ? `${counted(unfinished, 'row')} read ${pluralWord(unfinished, 'was', 'were')} not finished, and ` : '';
  const rest = `${notFinished}the rest of the file was not read`;
  switch (r.stop?.kind) {
    case 'interrupted':
      lines.push(`Interrupted: ${rest}. A re-run finishes the job; it skips what is already applied.`);
      break;
    case 'failed':
      lines.push(`Stopped early: ${rest}. Once the problem below is solved, a re-run finishes the job.`);
      break;
    case 'unreadable':
      lines.push(`Stopped at line ${r.stop.line}, which is not valid CSV (${r.stop.message}): ${rest}.`);
      break;
    case 'all-or-nothing':
      if (c.rehearsal === 'check')
        lines.push(
          `All or nothing: ${counted(refused, 'row')} would be rejected, so nothing was written. Fix ${refused === 1 ? 'it' : 'them'}, then run again.`,
        );
      else if (c.rehearsal) lines.push(`All or nothing: ${counted(refused, 'row')} would be rejected, so the real run would write nothing.`);
      else
        lines.push(`All or nothing: ${counted(refused, 'row')} ${refused === 1 ? 'was' : 'were'} refused when written, so no more writes were sent: ${rest}.`);
      break;
    case 'too-many-rejects': {
      const limit = r.stop.limit.endsWith('%') ? `${r.stop.limit} of the rows` : counted(Number(r.stop.limit), 'row');
      lines.push(
        `Stopped sending writes once more than ${limit} ${r.stop.limit === '1' ? 'was' : 'were'} rejected: ${rest}. ` +
          `Fix the rejected rows, then a re-run finishes the job.`,
      );
      break;
    }
    case undefined:
      break;
  }
  return lines;
}

/**
 * What a bulk run cost: its requests, per object (or per `unit`: "card"), how many were
 * refused (429) and how many retried. A refusal is the rate limit's only when the store's
 * bucket header said the bucket was empty; without the header a 429 is only a refusal (a
 * sandbox without a limit injects them with --fail-rate).
 */
export function requestsLine(requests: RequestCounts, objects: number, unit = 'object'): string {
  const perObject = objects > 0 ? ` (${(requests.sent / objects).toFixed(2)} per ${unit})` : '';
  const unexplained = requests.rateLimited - requests.bucketEmpty;
  const extras = [
    // Said even when none were: that is what a paced run is for.
    requests.rateLimited === 0 ? 'none refused (429)' : '',
    requests.bucketEmpty > 0 ? `${n(requests.bucketEmpty)} refused by the store's rate limit (429, its bucket empty) and sent again` : '',
    unexplained > 0 ? `${n(unexplained)} refused (429) and sent again` : '',
    requests.retried > 0 ? `${n(requests.retried)} retried after a failure` : '',
  ].filter(Boolean);
  return `${counted(requests.sent, 'request')}${perObject}${extras.length ? `; ${extras.join(', ')}` : ''}.`;
}
