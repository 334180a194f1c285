import { setMaxListeners } from 'node:events';
import { METAFIELD_DOMAINS, isMetafieldDomain } from '../../api/metafield-types.js';
import { SUMMARY_FIELDS } from '../../bulk/summary-fields.js';
import type { Context } from '../../core/context.js';
import { IMPORT_CONCURRENCY } from '../../core/defaults.js';
import { AuthError, CancelledError, NetworkError, PartialFailureError, UsageError } from '../../core/errors.js';
import { wholeNumberFlag } from '../flag-checks.js';
import { arg, boolean, defineVerb, text, type OptionsOf } from '../verb.js';

/** Requests in flight (built-in 8): enough to hide a store's latency, few enough for its rate limit to pace. */
const { builtIn: DEFAULT_CONCURRENCY, max: MAX_CONCURRENCY } = IMPORT_CONCURRENCY;
/** How long requests in flight may finish after Ctrl-C (a second Ctrl-C ends the process at once). */
const IN_FLIGHT_GRACE_MS = 5_000;

const verb = defineVerb({
  name: 'import',
  summary: 'Bulk-load metafield values from CSV: creates what is missing, updates what differs, skips what is equal; safe to re-run',
  args: { file: arg('CSV file with the header domain,bizId,namespace,code,value (and optionally type), or - for stdin') },
  flags: {
    domain: text('<domain>', `the domain of every row, for a file without a domain column (${METAFIELD_DOMAINS.join(', ')})`),
    dryRun: boolean('validate and print the plan (creates, updates, unchanged): reads current values, writes nothing'),
    rejects: text('<file>', 'write every failed row to this CSV file, with its line number and the reason'),
    shard: text('<i/n>', 'take only share i of n of the business objects, for n parallel jobs over one file'),
    concurrency: text('<n>', `requests in flight, 1..${MAX_CONCURRENCY} (default: the profile's import-concurrency, else ${DEFAULT_CONCURRENCY}); the store's rate-limit header, or its 429s, pace the run by themselves`),
  },
  json: {
    fields: SUMMARY_FIELDS,
    what: 'the summary {rows, created, updated, unchanged, failed, unfinished, requests, refused, elapsedMs} as JSON on stdout (unfinished: rows read but not applied when the run stopped; requests: every attempt sent; refused: those the rate limit refused with 429)',
  },
  examples: [
    'store-cli metafield import values.csv --rejects rejects.csv',
    'store-cli metafield import values.csv --dry-run',
    'generate-values | store-cli metafield import - --domain products --shard 2/3 --json',
  ],
  notes: `
CSV: a header line, then one value per row. Columns (any order, any case):
  domain, bizId, namespace, code, value, and optionally type (a field type such as
  Integer or Weight: the value is then checked and converted locally, "1.5 kg" included).
Exit codes: 0 every row applied; 3 some rows failed (the rest applied; see --rejects);
  2 the file is unusable (nothing was sent); 130 interrupted (after a summary).
`,
});

export type ImportOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ImportOptions, ctx: Context): Promise<void> {
  if (options.domain !== undefined && !isMetafieldDomain(options.domain)) {
    throw new UsageError(`--domain must be one of ${METAFIELD_DOMAINS.join(', ')} (got '${options.domain}').`);
  }
  const concurrency = options.concurrency === undefined ? (await ctx.setting('import-concurrency')).value : wholeNumberFlag(options.concurrency, '--concurrency', 1, MAX_CONCURRENCY);
  const [{ parseShard }, { Import }, { openSource }, { openRejectsFile }, { Pacer }, { PacedTransport, SINGLE_ATTEMPT }, progress, summary] = await Promise.all([
    import('../../bulk/shard.js'),
    import('../../bulk/run-import.js'),
    import('../../bulk/source.js'),
    import('../../bulk/rejects.js'),
    import('../../bulk/pacer.js'),
    import('../../bulk/paced-transport.js'),
    import('../../bulk/import-progress.js'),
    import('../../bulk/summary.js'),
  ]);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  // The summary goes to stdout only as JSON (--json, --jsonl or an output default of json/jsonl).
  const out = await ctx.output(options, verb.json.fields);
  const source = await openSource(options.file, ctx.io.stdin);

  // Ctrl-C stops new requests at once (the pacer admits none), but lets those in flight
  // finish for a moment, so the summary counts what the store really did.
  const inFlight = new AbortController();
  ctx.signal.addEventListener('abort', () => setTimeout(() => inFlight.abort(), IN_FLIGHT_GRACE_MS).unref(), { once: true });
  // Every request in flight listens on the signal: not a leak.
  setMaxListeners(concurrency + 16, ctx.signal);
  setMaxListeners(concurrency + 16, inFlight.signal);
  const pacer = new Pacer({ concurrency, signal: ctx.signal });
  let transport: InstanceType<typeof PacedTransport> | undefined;
  const api = await ctx.api({
    connections: concurrency,
    retry: SINGLE_ATTEMPT,
    signal: inFlight.signal,
    wrap: (inner) => (transport = new PacedTransport(inner, { pacer, signal: ctx.signal })),
  });
  const rejectsPath = options.rejects;
  const job = new Import({
    source,
    ...(options.domain !== undefined ? { domain: options.domain } : {}),
    ...(shard ? { shard } : {}),
    dryRun: options.dryRun === true,
    concurrency,
    signal: ctx.signal,
    store: api.metafields,
    ...(rejectsPath !== undefined ? { openRejects: () => openRejectsFile(rejectsPath, source) } : {}),
    // A dry run without a store to read (no credentials, no network) still validates.
    isOffline: (error) => error instanceof AuthError || error instanceof NetworkError,
  });

  // Live in a terminal; plain lines for logs (and beside --verbose's request log).
  const live = ctx.io.isStderrTTY && !ctx.globals.verbose;
  const reporter = progress.startProgress(live ? ctx.io.errTerminal : ctx.io.err, live ? 'live' : 'lines', () => job.snapshot());
  let result;
  try {
    result = await job.run();
  } finally {
    reporter.stop();
    await job.close();
  }

  for (const line of summary.summaryLines(result, {
    source: source.name,
    dryRun: options.dryRun === true,
    ...(shard ? { shard } : {}),
    ...(rejectsPath !== undefined ? { rejectsPath } : {}),
    ...(transport ? { requests: transport.counts } : {}),
  })) ctx.say(line);
  if (out.isJson) await out.item(summary.summaryJson(result, transport?.counts), { columns: [] });

  if (result.stop?.kind === 'interrupted') throw new CancelledError();
  if (result.stop?.kind === 'failed') throw result.stop.error;
  if (result.stop?.kind === 'unreadable') {
    throw new PartialFailureError(`Line ${result.stop.line} of ${source.name} is not valid CSV: the rows before it were imported${result.failed > 0 ? ` (${result.failed} failed)` : ''}, the rest of the file was not read.`);
  }
  if (result.failed > 0) throw new PartialFailureError(`${result.failed} of ${result.rows} rows failed${rejectsPath ? ` (see ${rejectsPath})` : ''}.`);
}
