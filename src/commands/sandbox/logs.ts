// `sandbox logs`: a running sandbox's request log (requests answered, webhook deliveries made),
// filtered by status, method and path, each checked here so that a bad one exits 2 unsent.
// --follow keeps reading new entries, waits out a sandbox that restarts, and prints JSON a line.
import { SANDBOX_LOG_FIELDS } from '../../api/sandbox-control/fields.js';
import type { SandboxLogQuery } from '../../api/sandbox-control/log-schema.js';
import { UsageError } from '../../core/errors.js';
import { boolean, defineVerb, text, whole } from '../verb.js';
import type { LogColumn } from './view.js';
import { requireServedSandbox } from './running.js';

const LOG_COLUMNS = ['time', 'method', 'path', 'status', 'ms', 'tokenLast4'] as const satisfies readonly LogColumn[];
/** The most entries a sandbox keeps (sandbox serve --log-size). */
const MAX_ENTRIES = 1_000_000;

export default defineVerb({
  mutates: false,
  name: 'logs',
  summary: "Show a running sandbox's request log (requests answered, webhook deliveries made); --follow keeps printing new ones",
  flags: {
    follow: boolean('keep printing entries as they come, until Ctrl-C (exit 0); waits for a sandbox that restarts', { short: '-f' }),
    status: text('<list>', 'only these statuses, comma-separated: classes (2xx, 4xx, 5xx...), codes (429, 503) or 0 (no answer)'),
    method: text('<method>', 'only this HTTP method (or comma-separated methods); webhook deliveries are POST'),
    path: text('<prefix>', "only requests whose path starts with this (a webhook delivery's path is its URL)"),
    limit: whole('<n>', 'print the newest N matching entries (with --follow: first, then every new one), 1..1000000', {
      min: 1,
      max: MAX_ENTRIES,
      default: 100,
    }),
  },
  json: { fields: SANDBOX_LOG_FIELDS, list: true, columns: LOG_COLUMNS, what: 'the entries as one JSON array (with --follow, one object per line)' },
  examples: [
    'store-cli sandbox logs --follow --status 4xx,5xx',
    'store-cli sandbox logs --method POST --path /api/202412/gift_cards --json seq,path,status',
    'store-cli sandbox logs -f --json | jq -c "select(.status == 429)"',
  ],
  notes: `
Reads the log of the sandbox that --base-url or the profile points at (with its token), as
every sandbox verb chooses it, named on stderr; a target that is no store-cli sandbox exits 1. The log holds the newest 10000 entries (sandbox
serve --log-size). Tokens show their last 4 characters, gift card codes and secret-looking
query values are masked. With --follow a sandbox that goes away is waited for (said on
stderr) and followed again when it is back, restarted or not; Ctrl-C stops (exit 0).
`,
  async run(options, ctx) {
    requireServedSandbox(ctx, 'Request logs');
    const query = filters(options);
    const limit = options.limit;
    // Followed, JSON goes out one entry a line as it comes: an array would never end.
    const streamed = options.follow === true && (options.json !== undefined || options.jsonl !== undefined || options.jq !== undefined);
    const out = await ctx.output(
      streamed ? { jsonl: options.jsonl ?? options.json ?? true, ...(options.jq === undefined ? {} : { jq: options.jq }) } : options,
    );
    const [{ logView }, { followLog }, { targetName }] = await Promise.all([import('./view.js'), import('./log-follow.js'), import('./running.js')]);
    const view = logView(LOG_COLUMNS, out.isTable);
    const where = await targetName(ctx);
    if (!options.follow) {
      const api = await ctx.api();
      const page = await ctx.spin('Reading the request log…', () => api.sandboxLog.read({ ...query, limit }));
      // A listing piped stays quiet on stderr (as every listing); a person is told whose log it is.
      if (ctx.io.isStderrTTY) ctx.say(`Request log of ${where}: ${page.entries.length} ${page.entries.length === 1 ? 'entry' : 'entries'}.`);
      await out.list([page.entries], view, 'No requests match.');
      return;
    }
    // No retries inside a request: a sandbox that went away is waited for here, saying so.
    const api = await ctx.api({ retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxTotalWaitMs: 0 } });
    await out.list(followLog(api.sandboxLog, query, limit, ctx, where), view, 'No requests matched.');
  },
});

/** The filters, checked here so that a bad one exits 2 naming its flag and nothing is sent. */
function filters(options: { status?: string | undefined; method?: string | undefined; path?: string | undefined }): SandboxLogQuery {
  const query: SandboxLogQuery = {};
  if (options.status !== undefined) {
    const parts = options.status.split(',').map((part) => part.trim().toLowerCase());
    const bad = parts.find((part) => !/^(?:[1-5]xx|[1-5]\d\d|0)$/.test(part));
    if (bad !== undefined) throw new UsageError(`--status takes statuses such as 4xx, 429 or 0 (no answer), comma-separated (got '${bad}').`);
    query.status = parts.join(',');
  }
  if (options.method !== undefined) {
    const methods = options.method.split(',').map((method) => method.trim().toUpperCase());
    const bad = methods.find((method) => !/^[A-Z]+$/.test(method));
    if (bad !== undefined) throw new UsageError(`--method takes HTTP methods such as GET or POST, comma-separated (got '${bad}').`);
    query.method = methods.join(',');
  }
  if (options.path !== undefined) {
    if (options.path === '') throw new UsageError('--path must not be empty: give the start of the paths to show, such as /api/202412/gift_cards.');
    query.path = options.path;
  }
  return query;
}
