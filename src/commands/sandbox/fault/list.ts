import { SANDBOX_FAULT_FIELDS } from '../../../api/sandbox-control/fields.js';
import type { Context } from '../../../core/context.js';
import { SANDBOX_FAULT_COLUMNS } from './columns.js';
import { defineVerb, type OptionsOf } from '../../verb.js';
import { requireServedSandbox } from '../running.js';

const verb = defineVerb({
  name: 'list',
  summary: "List a running sandbox's targeted fault rules, in the order it tries them",
  json: { fields: SANDBOX_FAULT_FIELDS, list: true, columns: SANDBOX_FAULT_COLUMNS },
  examples: ['store-cli sandbox fault list', 'store-cli sandbox fault list --json id,rule'],
});

export type ListOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ListOptions, ctx: Context): Promise<void> {
  requireServedSandbox(ctx, 'Fault rules');
  const { faultListView } = await import('./view.js');
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const rules = await api.sandboxFaults.list();
  const { targetName } = await import('../running.js');
  // A listing piped stays quiet on stderr (as every listing); a person is told whose rules they are.
  if (ctx.io.isStderrTTY) ctx.say(`Fault rules of ${await targetName(ctx)}: ${rules.length}.`);
  await out.list([rules], faultListView(verb.json.columns), 'No fault rules: the sandbox answers every request normally (--fail-rate aside).');
}
