import { METAFIELD_DOMAINS, isMetafieldDomain } from '../../api/metafield-types.js';
import { SUMMARY_FIELDS } from '../../bulk/summary-fields.js';
import type { Context } from '../../core/context.js';
import { IMPORT_CONCURRENCY } from '../../core/defaults.js';
import { UsageError } from '../../core/errors.js';
import { wholeNumberFlag } from '../flag-checks.js';
import { arg, boolean, defineVerb, text, type OptionsOf } from '../verb.js';

/** Requests in flight (built-in 8): enough to hide a store's latency, few enough for its rate limit to pace. */
const { builtIn: DEFAULT_CONCURRENCY, max: MAX_CONCURRENCY } = IMPORT_CONCURRENCY;

const verb = defineVerb({
  name: 'import',
  summary: 'Bulk-load metafield values from CSV: creates what is missing, updates what differs, skips what is equal; safe to re-run',
  args: { file: arg('CSV file with the header domain,bizId,namespace,code,value (and optionally type), JSON lines (a .jsonl file), or - for stdin') },
  flags: {
    domain: text('<domain>', `the domain of every row, for a file without a domain column (${METAFIELD_DOMAINS.join(', ')})`),
    dryRun: boolean('validate and print the plan (creates, updates, unchanged): reads current values, writes nothing'),
    rejects: text('<file>', 'write every failed row to this CSV file, with its line number and the reason'),
    shard: text('<i/n>', 'take only share i of n of the business objects, for n parallel jobs over one file'),
    concurrency: text(
      '<n>',
      `requests in flight, 1..${MAX_CONCURRENCY} (default: the profile's import-concurrency, else ${DEFAULT_CONCURRENCY}); the store's rate-limit header, or its 429s, pace the run by themselves`,
    ),
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
JSON lines (a .jsonl file, or stdin starting with {): one object a line with those names
  as keys, as metafield export --jsonl writes them.
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
  const bulk = await import('../../bulk/index.js');
  const shard = options.shard === undefined ? undefined : bulk.parseShard(options.shard);
  // The summary goes to stdout only as JSON (--json, --jsonl or an output default of json/jsonl).
  const out = await ctx.output(options, verb.json.fields);
  // Live in a terminal; plain lines for logs (and beside --verbose's request log).
  const live = ctx.io.isStderrTTY && !ctx.globals.verbose;
  const report = await bulk.importMetafields(
    {
      file: options.file,
      ...(options.domain !== undefined ? { domain: options.domain } : {}),
      ...(shard ? { shard } : {}),
      dryRun: options.dryRun === true,
      concurrency,
      ...(options.rejects !== undefined ? { rejectsPath: options.rejects } : {}),
    },
    {
      stdin: ctx.io.stdin,
      signal: ctx.signal,
      api: (tuning) => ctx.api(tuning),
      progress: live ? { write: ctx.io.errTerminal, mode: 'live' } : { write: ctx.io.err, mode: 'lines' },
    },
  );
  for (const line of report.lines) ctx.say(line);
  if (out.isJson) await out.item(report.summary, { columns: [] });
  if (report.failure !== undefined) throw report.failure;
}
