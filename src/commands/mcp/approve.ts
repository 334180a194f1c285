// `store-cli mcp approve PLAN-ID`: a person's approval of a plan an MCP write tool made, given
// in their own terminal, outside the model's reach: the plan's store, shop and exact requests
// are shown, and apply_plan may then send them, once (plan-store.ts).
import { UsageError } from '../../core/errors.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  name: 'approve',
  mutates: true,
  local: true,
  summary: 'Approve a plan an MCP write tool made, so apply_plan may send it once; shows its store, shop and exact requests',
  args: { planId: arg('the planId the write tool answered with (plan-...)') },
  examples: ['store-cli mcp approve plan-3f9c0a1b2c3d4e5f60718293'],
  notes: `
Run it yourself, in your own terminal, after reading the plan: nothing the model sends
approves one ('store-cli mcp plans --state pending' lists those waiting). A plan is applied
once; a used or unknown one is refused (exit 2).
`,
  async run(options, ctx) {
    const { PlanStore } = await import('./plan-store.js');
    if (!PlanStore.isId(options.planId)) throw new UsageError(`<planId> must be a planId such as plan-3f9c0a1b2c3d4e5f60718293 (got '${options.planId}').`);
    const plans = await PlanStore.at(await ctx.dataDir());
    const plan = await plans.approve(options.planId, ctx.now());
    const shop = plan.target ? `${String(plan.target.shopName)} (${String(plan.target.domain)})` : 'a shop not named when planned';
    const what = plan.undoes !== undefined ? `the undo of run ${plan.undoes}` : plan.steps.map((step) => step.tool).join(', ');
    ctx.say(
      `Approved ${plan.planId}: ${what}, ${plan.objects} ${plan.objects === 1 ? 'object' : 'objects'}, on ${plan.store}, shop ${shop}, ` +
        `made ${plan.createdAt}. Its ${plan.undoes !== undefined ? 'plan' : 'requests'}:`,
    );
    const shown = plan.steps.length === 1 ? plan.steps[0]!.requests : plan.steps.map((step) => ({ tool: step.tool, requests: step.requests }));
    // JSON escapes C0 controls; C1 ones (a model wrote the values) are escaped too, so nothing drives the terminal.
    ctx.io.out(`${JSON.stringify(shown, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`);
  },
});
