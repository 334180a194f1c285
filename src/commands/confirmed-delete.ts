// A delete as every deleting verb does it: --dry-run shows the request and sends nothing;
// otherwise --json's fields are checked first (a delete itself prints nothing), a person in a
// terminal is shown what goes (one read) and asked, a script needs --yes, and a terminal
// hears what went.
import type { Api } from '../api/index.js';
import type { OutputFlags } from '../core/output-options.js';
import type { Context } from '../root/context.js';
import { REQUEST_FIELDS, runDry } from './dry-run.js';

export interface DeleteOptions extends OutputFlags {
  yes?: boolean | undefined;
  dryRun?: boolean | undefined;
}

export interface Deletion<R> {
  /** How the question, the refusal and the closing line name it: `product 5000000000000000011`. */
  what: string;
  /** What the question adds after the name: `This cannot be undone.` */
  consequence: string;
  /** Read only to ask a person: the record, and how it reads in brackets after the name (`Blue shirt`). */
  read: { spinner: string; get(api: Api): Promise<R>; label(record: R): string };
  spinner: string;
  remove(api: Api): Promise<unknown>;
}

export async function confirmedDelete<R>(ctx: Context, options: DeleteOptions, deletion: Deletion<R>): Promise<void> {
  if (options.dryRun) return runDry(ctx, options, (api) => deletion.remove(api));
  if (options.json !== undefined || options.jsonl) await ctx.output(options, REQUEST_FIELDS);
  const [api, { confirmOrRequireYes }] = await Promise.all([ctx.api(), import('../core/prompts.js')]);
  let label = '';
  if (!options.yes && ctx.io.canPrompt) {
    const record = await ctx.spin(deletion.read.spinner, () => deletion.read.get(api));
    const text = deletion.read.label(record);
    label = text ? ` (${text})` : '';
  }
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `delete ${deletion.what}`,
    question: `Delete ${deletion.what}${label}? ${deletion.consequence}`,
  });
  await ctx.spin(deletion.spinner, () => deletion.remove(api));
  if (ctx.io.isStderrTTY) ctx.say(`Deleted ${deletion.what}${label}.`);
}
