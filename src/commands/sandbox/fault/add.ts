// `sandbox fault add`: one targeted fault rule for a running sandbox (POST /_sandbox/faults),
// checked with the sandbox's own grammar first, so a bad rule exits 2 and nothing is sent. It is
// tried after the rules the sandbox has; --sandbox's embedded one is refused, as it keeps none.
import { SANDBOX_FAULT_FIELDS } from '../../../api/sandbox-control/fields.js';
import { arg, defineVerb } from '../../verb.js';
import { FAULT_RULE_HELP } from './rule-check.js';
import { requireServedSandbox } from '../running.js';

export default defineVerb({
  mutates: true,
  local: true,
  name: 'add',
  summary: 'Add a targeted fault rule to a running sandbox, tried after the rules it has; prints the rule with its id',
  args: { rule: arg(`the rule, ${FAULT_RULE_HELP}`) },
  json: { fields: SANDBOX_FAULT_FIELDS },
  examples: [
    'store-cli sandbox fault add "POST /api/202412/metafields/** 503@0.3" --base-url http://127.0.0.1:12412',
    'store-cli sandbox fault add "GET /api/202412/products/** 200+800ms"',
    'store-cli sandbox fault add "* ** reset@0.1" --json id',
  ],
  notes:
    '\nThe target is the running sandbox (--base-url, --profile or STORE_CLI_BASE_URL, with its token). ' +
    'The first rule that matches a request and fires decides; see docs/sandbox.md "Targeted faults".\n',
  async run(options, ctx) {
    requireServedSandbox(ctx, 'Fault rules');
    const [{ checkFaultRule }, { faultView }] = await Promise.all([import('./rule-check.js'), import('./view.js')]);
    const rule = await checkFaultRule(options.rule, '<rule>');
    const out = await ctx.output();
    const api = await ctx.api();
    const added = await api.sandboxFaults.add(rule);
    const { targetName } = await import('../running.js');
    ctx.say(`Fault rule ${added.id} added to ${await targetName(ctx)}.`);
    await out.item(added, faultView);
  },
});
