// `sandbox fault list`: a running sandbox's targeted fault rules, in the order it tries them,
// each with the id `sandbox fault remove` takes.
import { SANDBOX_FAULT_FIELDS } from '../../../api/sandbox-control/fields.js';
import { SANDBOX_FAULT_COLUMNS } from './columns.js';
import { defineVerb } from '../../verb.js';
import { requireServedSandbox } from '../running.js';

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: "List a running sandbox's targeted fault rules, in the order it tries them",
  json: { fields: SANDBOX_FAULT_FIELDS, list: true, columns: SANDBOX_FAULT_COLUMNS },
  examples: ['store-cli sandbox fault list', 'store-cli sandbox fault list --json id,rule'],
  async run(options, ctx) {
    requireServedSandbox(ctx, 'Fault rules');
    const { faultListView } = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const rules = await api.sandboxFaults.list();
    const { targetName } = await import('../running.js');
    // A listing piped stays quiet on stderr (as every listing); a person is told whose rules they are.
    if (ctx.io.isStderrTTY) ctx.say(`Fault rules of ${await targetName(ctx)}: ${rules.length}.`);
    await out.list([rules], faultListView(SANDBOX_FAULT_COLUMNS), 'No fault rules: the sandbox answers every request normally (--fail-rate aside).');
  },
});
