// What every verb's --dry-run shares: the flag, an API whose writes are recorded instead of
// sent (core/dry-run.ts), and how the withheld request is shown. Light at import (the help
// path declares the flag); the rest loads inside run().
import type { Api } from '../api/index.js';
import type { RateGovernor } from '../core/rate-governor.js';
import type { Context } from '../root/context.js';
import type { PlannedRequest } from '../core/dry-run.js';
import type { OutputFlags } from '../core/output-options.js';
import { boolean } from './verb.js';

/** The fields of each request a --dry-run prints (the request that would be sent). */
export const REQUEST_FIELDS = ['method', 'path', 'body'] as const;

export const dryRunFlag = () => boolean('print the request that would be sent (method, path, body; secrets masked) and send nothing');

/** The help's line on --dry-run's output. */
export const DRY_RUN_NOTE =
  `\nWith --dry-run, the reads needed to build the request are made (and said on stderr), and\n` +
  `the write is printed, not sent (piped: METHOD<TAB>PATH<TAB>BODY; --json: [{${REQUEST_FIELDS.map((f) => `"${f}"`).join(', ')}}]).\n`;

/**
 * Runs `work` on an API that reads as usual and records its writes instead of sending them,
 * then prints what it would have sent: a table of fields in a terminal, a
 * `METHOD<TAB>PATH<TAB>BODY` row piped (the body as one line of JSON), a JSON array of
 * {method, path, body} with --json. `nothing`: what to say when no write was due. `every`:
 * the work's every write is recorded (a plan of several), not only its first.
 */
export async function runDry(
  ctx: Context,
  options: OutputFlags,
  work: (api: Api) => Promise<unknown>,
  nothing = 'nothing would be sent',
  every = false,
  governor?: RateGovernor,
): Promise<void> {
  const [{ DryRun }, { toJson }] = await Promise.all([import('../core/dry-run.js'), import('../core/json.js')]);
  const out = await ctx.output(options, REQUEST_FIELDS);
  const dryRun = new DryRun(every);
  const api = await ctx.api({ wrap: dryRun.wrap, ...(governor ? { governor } : {}) });
  const requests = await dryRun.capture(() => work(api));
  const body = (request: PlannedRequest) => (request.body === null ? '' : toJson(request.body));
  const columns = [
    { header: 'METHOD', value: (request: PlannedRequest) => request.method },
    { header: 'PATH', value: (request: PlannedRequest) => request.path },
    { header: 'BODY', value: body },
  ];
  if (out.isTable) for (const request of requests) await out.item(request, { columns });
  else await out.list([requests], { columns }, '');
  const reads = dryRun.reads.length > 0 ? ` (read to build it: ${dryRun.reads.join(', ')})` : '';
  ctx.say(requests.length === 0 ? `Dry run: ${nothing}${reads}.` : `Dry run: nothing was sent${reads}.`);
}
