// apply_plan: a plan sent, once, when it may go: a person approved it (`mcp approve`), the
// server's policy allows it, or its store is a sandbox (one the server started, or the embedded
// one under --writes sandbox). Its only argument is its id: nothing the model sends stands for
// approval. A plan goes only to the store it was made for (the same global flags).
//
// An applied plan is a run, as a writing import is: journaled under the data directory's runs/
// (bulk/runs/journaled-api.ts keeps each write's before-image first), listed by `store-cli
// runs`, undone by `store-cli undo RUN-ID` or by undo_run under this same gate. Its steps run in
// order, each its command with --yes (the approval answered its question); the first that fails
// stops the rest, and the run keeps what the steps before it wrote.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parse, stringify } from 'lossless-json';
import type { Context } from '../../root/context.js';
import type { AppliedRecord, Plan, PlanStore } from './plan-store.js';
import { outsidePolicy, type PlanWeight, type Policy } from './policy.js';
import type { ServedStore } from './served-store.js';
import { refused, text } from './tool-result.js';
import { RESULT_BYTE_CAP } from './tools.js';

export interface ApplyOptions {
  /** The store the server serves now. */
  store: ServedStore;
  writes: 'approved' | 'plan-only' | 'sandbox';
  policy?: Policy;
  /** What the plan weighs for the policy, on this server's store. */
  weigh(plan: Plan): PlanWeight;
  /** The command a step's tool runs (`giftcard create`), as the run's journal names it. */
  commandOf(tool: string): string;
}

export async function applyPlan(ctx: Context, plans: PlanStore, input: Record<string, unknown>, options: ApplyOptions): Promise<CallToolResult> {
  const other = Object.keys(input).find((key) => key !== 'planId');
  if (other !== undefined)
    return refused(`apply_plan takes no argument '${other}': only a person approves a plan, in their own terminal (store-cli mcp approve PLAN-ID).`);
  const id = input.planId;
  if (typeof id !== 'string') return refused('apply_plan needs the planId a write tool answered with.');
  const state = await plans.state(id);
  if (state === 'unknown' || state === 'used') {
    const taken = await plans.take(id);
    return refused('refused' in taken ? taken.refused : `${id} cannot be applied.`);
  }
  const plan = await plans.read(id);
  if (JSON.stringify(plan.globals) !== JSON.stringify(options.store.globals))
    return refused(
      `${id} was made for ${plan.store}, and this server serves ${options.store.describe}: ` +
        'a plan goes only to its own store; ask the write tool for a new one.',
    );
  const outside = options.policy ? outsidePolicy(options.policy, options.weigh(plan)) : undefined;
  const free = freeBy(options, outside);
  const taken = await plans.take(id, { approved: free !== undefined });
  if ('refused' in taken) return refused(outside !== undefined ? `${taken.refused} ${outside}` : taken.refused);
  const by: AppliedRecord['by'] = state === 'approved' ? 'approval' : free!;
  const ended = plan.undoes !== undefined ? await applyUndo(ctx, plan, options.store) : await applyRun(ctx, plan, options);
  await plans.recordApplied(id, { appliedAt: ctx.now().toISOString(), by, ...ended.record });
  return ended.result;
}

/** What lets a plan go without a person's approval, if anything does. */
function freeBy(options: ApplyOptions, outside: string | undefined): 'sandbox' | 'policy' | undefined {
  const { store } = options;
  if (store.sandbox === 'own' || (store.sandbox === 'embedded' && options.writes === 'sandbox')) return 'sandbox';
  if (options.policy !== undefined && outside === undefined) return 'policy';
  return undefined;
}

type Ended = { result: CallToolResult; record: Omit<AppliedRecord, 'appliedAt' | 'by'> };

/** The plan's steps run as one journaled run. */
async function applyRun(ctx: Context, plan: Plan, options: ApplyOptions): Promise<Ended> {
  const [{ RunJournal }, { journaledApi }] = await Promise.all([import('../../bulk/runs/run-journal.js'), import('../../bulk/runs/journaled-api.js')]);
  const commands = plan.steps.map((step) => options.commandOf(step.tool));
  const journal = await RunJournal.open(await ctx.dataDir(), { command: commandsText(commands), file: plan.planId, store: options.store.runStore }, ctx.now());
  const journaled = journaledApi(journal);
  const results: unknown[] = [];
  let failure: string | undefined;
  let created = 0;
  let updated = 0;
  try {
    for (const [index, step] of plan.steps.entries()) {
      journaled.step(`step ${index + 1} (${step.tool})`);
      const run = await ctx.runCommand([...plan.globals, ...step.argv, '--yes'], {
        ...(options.store.env ? { env: options.store.env } : {}),
        apiLayer: journaled.layer,
      });
      if (run.code !== 0) {
        failure = `Step ${index + 1} of ${plan.steps.length} (${step.tool}) failed: ${run.stderr.trim() || `exit code ${run.code}`}`;
        break;
      }
      results.push(run.stdout.trim() === '' ? null : parse(run.stdout));
      if (commands[index]!.endsWith(' create')) created++;
      else updated++;
    }
  } finally {
    await journal.finish({ rows: plan.steps.length, created, updated, unchanged: 0, failed: failure === undefined ? 0 : 1 }, ctx.now());
  }
  // A run that sent nothing leaves nothing to undo, and no run.
  const runId = journaled.writes > 0 ? journal.runId : undefined;
  if (runId === undefined) await journal.discard();
  const notUndoable = journal.runMeta.notUndoable;
  const undo = runId === undefined ? null : notUndoable === undefined ? `undo_run {"runId": "${runId}"} plans its undo` : `it cannot be undone: ${notUndoable}`;
  if (failure !== undefined) {
    const sent = runId === undefined ? ' Nothing was sent.' : ` The steps before it were sent, as run ${runId}: ${undo}.`;
    return { result: refused(`${failure}${sent}`), record: { ...(runId ? { runId } : {}), exitCode: 1, error: failure } };
  }
  const answer = { sent: true, planId: plan.planId, runId: runId ?? null, ...(plan.steps.length === 1 ? { result: results[0] } : { results }), undo };
  let body = stringify(answer)!;
  if (Buffer.byteLength(body) > RESULT_BYTE_CAP)
    body = stringify({
      sent: true,
      planId: plan.planId,
      runId: runId ?? null,
      results: `${results.length} results, more than the ${RESULT_BYTE_CAP} bytes a tool gives: read them with the read tools`,
      undo,
    })!;
  return { result: text(`${body}\n`), record: { ...(runId ? { runId } : {}), exitCode: 0 } };
}

/** undo_run's plan: the undo itself, which records how it ended on the run it undid. */
async function applyUndo(ctx: Context, plan: Plan, store: ServedStore): Promise<Ended> {
  const step = plan.steps[0]!;
  const run = await ctx.runCommand([...plan.globals, ...step.argv, '--yes'], store.env ? { env: store.env } : {});
  if (run.code !== 0) {
    const error = run.stderr.trim() || `undo ended with exit code ${run.code}`;
    return { result: refused(error), record: { exitCode: run.code, error } };
  }
  return { result: text(`${stringify({ sent: true, planId: plan.planId, undid: plan.undoes, counts: parse(run.stdout) })!}\n`), record: { exitCode: 0 } };
}

/** The run's command as `store-cli runs` lists it: `giftcard create`, `giftcard create (21 times)`, `giftcard create, product edit`. */
function commandsText(commands: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const command of commands) counts.set(command, (counts.get(command) ?? 0) + 1);
  return [...counts].map(([command, times]) => (times === 1 ? command : `${command} (${times} times)`)).join(', ');
}
