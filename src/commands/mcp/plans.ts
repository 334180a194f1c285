// `store-cli mcp plans`: the plans MCP write tools made, newest first, read from the data
// directory: pending (waiting for `mcp approve`), approved, applied (with what let them go and
// the run they were) or failed. A person reads them here before approving one.
import { dateOf, listView } from '../../core/view.js';
import { defineVerb, oneOf } from '../verb.js';
import type { PlanEntry } from './plan-store.js';

/** One plan as `mcp plans` shows it. */
interface PlanRow {
  planId: string;
  /** pending, approved, applied, failed; applying while its apply runs (or after a crash in it). */
  state: 'pending' | 'approved' | 'applying' | 'applied' | 'failed';
  /** Its steps' tools, or `undo_run RUN-ID`. */
  tools: string;
  store: string;
  /** The shop's domain when planned (null where `shop info` failed). */
  shop: string | null;
  objects: number;
  created: string;
  /** When a person approved it; null otherwise. */
  approved: string | null;
  /** What let it go (approval, policy, sandbox) once applied; null before. */
  by: string | null;
  applied: string | null;
  /** The run it was (`store-cli undo RUN-ID`); null before, for undo_run's plan, or when it sent nothing. */
  runId: string | null;
  error: string | null;
}

const PLAN_FIELDS = [
  'planId',
  'state',
  'tools',
  'store',
  'shop',
  'objects',
  'created',
  'approved',
  'by',
  'applied',
  'runId',
  'error',
] as const satisfies readonly (keyof PlanRow)[];

const VIEW = listView<(typeof PLAN_FIELDS)[number], PlanRow>(
  {
    planId: { header: 'PLAN ID', value: (r) => r.planId },
    state: { header: 'STATE', value: (r) => r.state },
    tools: { header: 'TOOLS', value: (r) => r.tools, shrinkable: true },
    store: { header: 'STORE', value: (r) => r.store, shrinkable: true },
    shop: { header: 'SHOP', value: (r) => r.shop ?? '' },
    objects: { header: 'OBJECTS', value: (r) => String(r.objects) },
    created: { header: 'CREATED', value: (r) => r.created, narrow: dateOf },
    approved: { header: 'APPROVED', value: (r) => r.approved ?? '', narrow: dateOf },
    by: { header: 'BY', value: (r) => r.by ?? '' },
    applied: { header: 'APPLIED', value: (r) => r.applied ?? '', narrow: dateOf },
    runId: { header: 'RUN ID', value: (r) => r.runId ?? '' },
    error: { header: 'ERROR', value: (r) => r.error ?? '', shrinkable: true },
  },
  PLAN_FIELDS,
  // At 80 columns: the plan, its state, its tools, its objects and its run.
  ['error', 'store', 'approved', 'applied', 'created', 'shop', 'by'],
);

const STATES = ['pending', 'approved', 'applied', 'failed'] as const;

export default defineVerb({
  name: 'plans',
  mutates: false,
  summary: 'List the plans MCP write tools made, newest first: pending, approved, applied (and the run each was) or failed',
  flags: {
    state: oneOf('<state>', 'only plans in this state', STATES),
  },
  json: {
    fields: PLAN_FIELDS,
    list: true,
    what: `an array of {${PLAN_FIELDS.map((f) => `"${f}"`).join(', ')}}, newest first`,
    columns: PLAN_FIELDS,
  },
  examples: ['store-cli mcp plans', 'store-cli mcp plans --state pending', 'store-cli mcp plans --json | jq -r \'.[] | select(.state == "applied") | .runId\''],
  notes: `
The plans are kept in the data directory (mcp-plans/), as the server that made them keeps
  them: use the same profile or STORE_CLI_DATA_DIR. STATE: pending until 'store-cli mcp
  approve PLAN-ID', approved, applied once apply_plan sent it (BY: approval, policy or
  sandbox), failed when its run stopped (ERROR says why); applying while it runs. RUN ID:
  the run an applied plan was: 'store-cli undo RUN-ID' puts the store back.
`,
  async run(options, ctx) {
    const out = await ctx.output();
    const { PlanStore } = await import('./plan-store.js');
    const entries = await (await PlanStore.at(await ctx.dataDir())).list();
    const rows = entries.map(rowOf).filter((row) => options.state === undefined || row.state === options.state);
    await out.list([rows], VIEW, options.state === undefined ? 'No plans are kept: an MCP write tool makes one.' : `No plan is ${options.state}.`);
  },
});

function rowOf({ plan, state, approvedAt, applied }: PlanEntry): PlanRow {
  const shop = plan.target && typeof plan.target.domain === 'string' ? plan.target.domain : null;
  return {
    planId: plan.planId,
    state: state === 'used' ? (applied === undefined ? 'applying' : applied.exitCode === 0 ? 'applied' : 'failed') : state,
    tools: plan.undoes !== undefined ? `undo_run ${plan.undoes}` : plan.steps.map((step) => step.tool).join(', '),
    store: plan.store,
    shop,
    objects: plan.objects,
    created: plan.createdAt,
    approved: approvedAt ?? null,
    by: applied?.by ?? null,
    applied: applied?.appliedAt ?? null,
    runId: applied?.runId ?? null,
    error: applied?.error ?? null,
  };
}
