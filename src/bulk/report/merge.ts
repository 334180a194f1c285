// `report merge`: the reports of the shards of one run added into one, for a fan-in job.
// Reports that cannot belong together (another command, file or kind; a shard twice) are
// refused with the files named: a sum of unrelated runs would be a wrong number, not a total.
import * as z from 'zod/mini';
import { UsageError } from '../../core/errors.js';
import { OUTCOMES, REPORT_FORMAT, REPORT_VERSION, sectionName, type RunReport, type ShardCounts } from './run-report.js';

const count = z.int().check(z.gte(0));
const known = z.nullable(count);
const shardName = z.nullable(z.string().check(z.regex(/^\d+\/\d+$/, 'must be a shard such as 2/3')));
const storeSchema = z.object({ env: z.string(), shop: z.string(), runId: z.nullable(z.string()), exitCode: z.nullable(z.int()) });
const shardCountsSchema = z.object({
  shard: shardName,
  // A run across stores' report: a section a store.
  store: z.optional(storeSchema),
  rows: count,
  created: known,
  updated: known,
  unchanged: known,
  rejected: count,
  unfinished: count,
  requests: count,
  refused: count,
  elapsedMs: z.number().check(z.gte(0)),
  outcome: z.enum(OUTCOMES),
  // Reports written before refused runs were reported have none.
  reason: z.optional(z.nullable(z.string())),
  rejectedNotListed: count,
  rejectsFile: z.nullable(z.string()),
});
const reportSchema = z.object({
  format: z.literal(REPORT_FORMAT),
  version: z.literal(REPORT_VERSION),
  command: z.string(),
  kind: z.enum(['import', 'export']),
  source: z.string(),
  dryRun: z.boolean(),
  shards: z.array(shardCountsSchema),
  rejects: z.array(z.object({ shard: shardName, store: z.optional(z.string()), line: count, reason: z.string() })),
});

/** A report file's text as a report; else one sentence naming the file and the JSON path. */
export function parseReport(text: string, file: string): RunReport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON: give the files --report json=FILE wrote.`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== REPORT_FORMAT)
    throw new UsageError(`${file} is not a store-cli run report (its "format" is not "${REPORT_FORMAT}"): give the files --report json=FILE wrote.`);
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    throw new UsageError(`${file} is not a run report this version reads: at ${at.replace(/^\./, '')}, ${issue.message.toLowerCase()}.`);
  }
  const shards = parsed.data.shards.map(({ store, ...shard }) => ({ ...(store === undefined ? {} : { store }), ...shard, reason: shard.reason ?? null }));
  const rejects = parsed.data.rejects.map(({ store, ...reject }) => ({ ...(store === undefined ? {} : { store }), ...reject }));
  return { ...parsed.data, shards, rejects };
}

/**
 * The reports added: their shards side by side (in shard order), their rejects in the same
 * order. A run across stores' report has a section a store: each is a report of its own, so
 * the shards of CI jobs that each ran across stores merge store by store.
 */
export function mergeReports(named: ReadonlyArray<{ file: string; report: RunReport }>): RunReport {
  const [first, ...rest] = named;
  if (first === undefined) throw new UsageError('Give at least one report file.');
  for (const { file, report } of rest) {
    const differs = (['command', 'kind', 'source', 'dryRun'] as const).find((key) => report[key] !== first.report[key]);
    if (differs !== undefined) {
      throw new UsageError(
        `${file} is a report of another run than ${first.file} (its ${differs} is ${JSON.stringify(report[differs])}, ` +
          `not ${JSON.stringify(first.report[differs])}): merge the shards of one run.`,
      );
    }
  }
  const seen = new Map<string, string>();
  for (const { file, report } of named) {
    for (const shard of report.shards) {
      const name = sectionLabel(shard);
      const earlier = seen.get(name);
      if (earlier !== undefined) throw new UsageError(`Shard ${name} is in both ${earlier} and ${file}: each shard's report is added once.`);
      seen.set(name, file);
    }
  }
  // Stores in the order they first appear, each store's shards in shard order.
  const stores = [...new Set(named.flatMap(({ report }) => report.shards.map((s) => s.store?.env ?? '')))];
  const storeOrder = (store: string | undefined) => stores.indexOf(store ?? '');
  const order = (shard: string | null) => (shard === null ? 0 : Number(shard.split('/')[0]));
  const shards = named
    .flatMap(({ report }) => report.shards)
    .sort((a, b) => storeOrder(a.store?.env) - storeOrder(b.store?.env) || order(a.shard) - order(b.shard));
  const rejects = named
    .flatMap(({ report }) => report.rejects)
    .sort((a, b) => storeOrder(a.store) - storeOrder(b.store) || order(a.shard) - order(b.shard) || a.line - b.line);
  return { ...first.report, shards, rejects };
}

/** The shards of a merged report that did not run to their end: refused before writing, or stopped early ("2/3", or "the whole file"). */
export function unfinishedShards(report: RunReport): Array<{ shard: string; outcome: 'refused' | 'stopped' }> {
  return report.shards.flatMap((s) => (s.outcome === 'refused' || s.outcome === 'stopped' ? [{ shard: sectionLabel(s), outcome: s.outcome }] : []));
}

/** A section as the messages name it: "2/3", "the whole file", "sb-a 2/3", "sb-a". */
function sectionLabel(section: ShardCounts): string {
  return sectionName(section) ?? 'the whole file';
}

/** The shards of `n` missing from a merged report ("2/3"; "sb-a 2/3" for a store's), when its shards say how many there are. */
export function missingShards(report: RunReport): string[] {
  const missing: string[] = [];
  for (const store of new Set(report.shards.map((s) => s.store?.env))) {
    const named = report.shards
      .filter((s) => s.store?.env === store)
      .map((s) => s.shard)
      .filter((s): s is string => s !== null);
    const of = Number(named[0]?.split('/')[1] ?? 0);
    for (let index = 1; index <= of; index += 1) if (!named.includes(`${index}/${of}`)) missing.push(sectionName({ shard: `${index}/${of}`, store })!);
  }
  return missing;
}
