// What the server's tools do when called, whatever the transport: a read runs its command and
// answers with what it printed (a listing cut to the byte cap with a page token, a record as
// structuredContent too); a write runs its command's --dry-run and keeps it as a plan
// (plan-store.ts), refused at once when the policy does not allow it; plan_batch makes one
// plan of several writes; undo_run plans the undo of a run; apply_plan sends a plan once it
// may go (apply-plan.ts); the sandbox tools start, stop and drive a sandbox of the server's own.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parse, stringify } from 'lossless-json';
import type { RunningSandbox } from '../../sandbox/index.js';
import type { Context } from '../../root/context.js';
import { applyPlan, type ApplyOptions } from './apply-plan.js';
import { APPLY_PLAN, PLAN_BATCH, UNDO_RUN } from './gate-tools.js';
import { PlanStore, type Plan, type PlanStep } from './plan-store.js';
import { moneyOf, objectsOf, outsidePolicy, type Policy } from './policy.js';
import { sandboxCall, startOwnSandbox } from './sandbox-tools.js';
import { refused, text } from './tool-result.js';
import { ownSandbox, type ServedStore } from './served-store.js';
import { commandLine, pageOf, pageToken, plainJson, readPageToken, RESULT_BYTE_CAP, type ServedTool, type Tool, type ToolDefinition } from './tools.js';

export interface CallOptions {
  /**
   * approved: apply_plan sends a plan a person approved (or the policy allows); plan-only: there
   * is no apply_plan; sandbox: the embedded sandbox's plans need no approval.
   */
  writes: 'approved' | 'plan-only' | 'sandbox';
  policy?: Policy;
}

export class ToolCalls {
  private readonly byName: Map<string, ServedTool>;
  private store: ServedStore;
  private sandbox: RunningSandbox | undefined;
  /** A sandbox_start under way: a second one at the same moment is refused as if it ran. */
  private starting = false;

  constructor(
    private readonly ctx: Context,
    private readonly served: readonly ServedTool[],
    /** The store's tools of every toolset: a plan names its steps' commands by them. */
    private readonly storeTools: ReadonlyMap<string, Tool>,
    private readonly plans: PlanStore | undefined,
    private readonly options: CallOptions,
    private readonly home: ServedStore,
  ) {
    this.byName = new Map(served.map((tool) => [tool.definition.name, tool]));
    this.store = home;
  }

  definitions(): ToolDefinition[] {
    return this.served.map((tool) => tool.definition);
  }

  /** The sandbox this server started, if one runs: stopped with the server. */
  async close(): Promise<void> {
    await this.sandbox?.close();
    this.sandbox = undefined;
  }

  /** A call of tool `name`; undefined when this server serves no such tool (the SDK's "not found"). */
  async call(name: string, input: Record<string, unknown>): Promise<CallToolResult | undefined> {
    const tool = this.byName.get(name);
    if (tool === undefined) return undefined;
    if (tool.toolset === 'sandbox') return this.sandboxTool(name, input);
    if (name === APPLY_PLAN.name) return this.apply(input);
    if (name === PLAN_BATCH.name) return this.batch(input);
    if (name === UNDO_RUN.name) return this.undoRun(input);
    const storeTool = tool as Tool;
    return storeTool.write ? this.write(storeTool, input) : this.read(storeTool, input);
  }

  private async read(tool: Tool, given: Record<string, unknown>): Promise<CallToolResult> {
    let input = given;
    let skip = 0;
    if (tool.listing && typeof given.pageToken === 'string') {
      const token = readPageToken(given.pageToken);
      if (token === undefined) return refused('pageToken is not one this server gave.');
      ({ input, skip } = token);
    }
    const argv = commandLine(tool, input);
    if (typeof argv === 'string') return refused(argv);
    const run = await this.run(argv);
    if (run.code !== 0) return refused(run.stderr.trim() || `${tool.command.path} ended with exit code ${run.code}.`);
    const structured = tool.definition.outputSchema !== undefined;
    if (!tool.listing) {
      const bytes = Buffer.byteLength(run.stdout);
      if (bytes > RESULT_BYTE_CAP) return refused(`The answer is ${bytes} bytes, more than the ${RESULT_BYTE_CAP} a tool gives: ask for fewer fields.`);
      const value = structured ? plainJson(parse(run.stdout)) : undefined;
      // A record, as the schema says; anything else the store sent (tolerant in what we read) under `value`, which the schema allows.
      return text(run.stdout, value === undefined ? undefined : isRecord(value) ? value : { value });
    }
    // Parsed without losing digits: ids are exact.
    const records = parse(run.stdout);
    if (!Array.isArray(records)) return text(run.stdout.slice(0, RESULT_BYTE_CAP));
    const page = pageOf(records, skip, RESULT_BYTE_CAP, (record) => stringify(record) ?? 'null');
    const lines = [page.text];
    const token = page.next !== undefined ? pageToken(input, page.next) : undefined;
    if (page.next !== undefined)
      lines.push(stringify({ pageToken: token, shown: page.next - skip, cut: 'more records follow: call again with this pageToken' })!);
    const shown = records.slice(skip, page.next ?? records.length);
    return text(`${lines.join('\n')}\n`, structured ? { records: plainJson(shown), ...(token !== undefined ? { pageToken: token } : {}) } : undefined);
  }

  /** A write: its dry run kept as a one-step plan. */
  private async write(tool: Tool, input: Record<string, unknown>): Promise<CallToolResult> {
    const step = await this.dryRun(tool, input);
    return 'refused' in step ? refused(step.refused) : this.plan([step]);
  }

  /** plan_batch: each step's dry run, then one plan of them all; one step refused refuses the plan. */
  private async batch(input: Record<string, unknown>): Promise<CallToolResult> {
    const other = Object.keys(input).find((key) => key !== 'steps');
    if (other !== undefined) return refused(`plan_batch takes no argument '${other}'.`);
    const given = input.steps;
    if (!Array.isArray(given) || given.length === 0) return refused("plan_batch needs 'steps', a list of {tool, arguments}.");
    const steps: PlanStep[] = [];
    for (const [index, raw] of given.entries()) {
      const where = `steps[${index}]`;
      if (!isRecord(raw) || typeof raw.tool !== 'string') return refused(`${where} must be {tool, arguments}.`);
      const extra = Object.keys(raw).find((key) => key !== 'tool' && key !== 'arguments');
      if (extra !== undefined) return refused(`${where} takes no '${extra}': only tool and arguments.`);
      const tool = this.byName.get(raw.tool);
      if (tool === undefined || tool.toolset === 'plans' || tool.toolset === 'sandbox' || !tool.write)
        return refused(`${where}: ${raw.tool} is no write tool of this server; a step is a call of one (giftcard_create, product_edit...).`);
      if (raw.arguments !== undefined && !isRecord(raw.arguments)) return refused(`${where}.arguments must be an object.`);
      const step = await this.dryRun(tool as Tool, raw.arguments ?? {});
      if ('refused' in step) return refused(`${where} (${raw.tool}): ${step.refused}`);
      steps.push(step);
      // A plan only grows (objects, money, nouns): once outside the policy, no later step brings it back.
      const outside = this.options.policy ? outsidePolicy(this.options.policy, this.weigh(steps)) : undefined;
      if (outside !== undefined) return refused(`${outside} Nothing was planned or sent.`);
    }
    return this.plan(steps);
  }

  /** undo_run: the undo's own dry run (what it would put back, key by key), kept as a plan. */
  private async undoRun(input: Record<string, unknown>): Promise<CallToolResult> {
    const other = Object.keys(input).find((key) => key !== 'runId');
    if (other !== undefined) return refused(`undo_run takes no argument '${other}'.`);
    const { RUN_ID_PATTERN, readMeta, runDir } = await import('../../bulk/runs/run-journal.js');
    const runId = input.runId;
    if (typeof runId !== 'string' || !RUN_ID_PATTERN.test(runId))
      return refused("undo_run needs 'runId', a run id such as 20261127T210512Z-3f9a (apply_plan answers with it; store-cli runs lists them).");
    const argv = ['undo', runId, '--json'];
    const dry = await this.run([...argv, '--dry-run']);
    if (dry.code !== 0) return refused(dry.stderr.trim() || `undo ended with exit code ${dry.code}.`);
    const counts = JSON.parse(dry.stdout) as { restored: number; deleted: number; disabled: number };
    const writes = counts.restored + counts.deleted + counts.disabled;
    const lines = dry.stderr
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('Dry run'));
    if (writes === 0) return refused(`Run ${runId} has nothing to undo: ${lines.slice(1).join('; ') || 'every key is as before it'}.`);
    const meta = await readMeta(runDir(await this.ctx.dataDir(), runId));
    const nouns = (meta?.command ?? '').split(', ').map((command) => command.split(' ')[0] ?? '');
    return this.plan([{ tool: UNDO_RUN.name, argv, requests: lines }], { undoes: runId, objects: writes, nouns });
  }

  private async apply(input: Record<string, unknown>): Promise<CallToolResult> {
    const applying: ApplyOptions = {
      store: this.store,
      writes: this.options.writes,
      ...(this.options.policy ? { policy: this.options.policy } : {}),
      // As it was weighed when planned (the file is the server's, never the model's), against this server's store.
      weigh: (plan) => ({ objects: plan.objects, money: plan.money, nouns: plan.nouns, store: this.store.names }),
      commandOf: (tool) => this.storeTools.get(tool)?.command.path ?? tool,
    };
    return applyPlan(this.ctx, this.plans!, input, applying);
  }

  private async sandboxTool(name: string, input: Record<string, unknown>): Promise<CallToolResult> {
    const call = sandboxCall(name, input, this.sandbox !== undefined ? 'running' : this.starting ? 'starting' : 'none');
    if ('refused' in call) return refused(call.refused);
    if ('start' in call) {
      this.starting = true;
      try {
        this.sandbox = await startOwnSandbox(call.start);
      } finally {
        this.starting = false;
      }
      this.store = ownSandbox(this.sandbox.baseUrl, this.sandbox.token, this.ctx.globals);
      return text(
        `${stringify({
          started: true,
          baseUrl: this.sandbox.baseUrl,
          seed: call.start.seed === 'none' ? 'empty' : 'demo',
          dialect: call.start.dialect,
          next: 'Every tool now goes to this sandbox, and its plans apply without approval (no store is at risk); sandbox_stop serves the store again.',
        })!}\n`,
      );
    }
    if ('stop' in call) {
      await this.close();
      this.store = this.home;
      return text(`${stringify({ stopped: true, next: `Every tool goes to ${this.home.describe} again.` })!}\n`);
    }
    // On the sandbox by its own address and token, whatever the server serves: never a store.
    const own = ownSandbox(this.sandbox!.baseUrl, this.sandbox!.token, this.ctx.globals);
    const run = await this.ctx.runCommand([...own.globals, ...call.argv], { env: own.env! });
    if (run.code !== 0) return refused(run.stderr.trim() || `${call.argv.slice(0, 3).join(' ')} ended with exit code ${run.code}.`);
    if (name !== 'sandbox_logs') return text(run.stdout.trim() === '' ? `${run.stderr.trim()}\n` : run.stdout);
    const entries = parse(run.stdout) as unknown[];
    // The newest that fit the byte cap, oldest of them first.
    const page = pageOf([...entries].reverse(), 0, RESULT_BYTE_CAP, (entry) => stringify(entry) ?? 'null');
    const shown = (parse(page.text) as unknown[]).reverse();
    const cut =
      page.next === undefined ? '' : `${stringify({ cut: `the ${shown.length} newest of ${entries.length} entries: ask for fewer (limit) or filter` })!}\n`;
    return text(`${stringify(shown)!}\n${cut}`);
  }

  /** A write tool's dry run, as a plan's step; or why it cannot be one. */
  private async dryRun(tool: Tool, input: Record<string, unknown>): Promise<PlanStep | { refused: string }> {
    const argv = commandLine(tool, input);
    if (typeof argv === 'string') return { refused: argv };
    const run = await this.run(argv);
    if (run.code !== 0) return { refused: run.stderr.trim() || `${tool.command.path} ended with exit code ${run.code}.` };
    return { tool: tool.definition.name, argv: argv.filter((word) => word !== '--dry-run'), requests: parse(run.stdout) };
  }

  /**
   * `steps` kept as a plan, refused at once (and not kept) when the policy does not allow it.
   * The shop's name and domain are read (one GET) for the person who approves it.
   */
  private async plan(steps: PlanStep[], undo?: { undoes: string; objects: number; nouns: string[] }): Promise<CallToolResult> {
    const weight = this.weigh(steps, undo);
    if (weight.objects === 0) return refused('Nothing would be sent, so no plan was made.');
    if (this.options.policy) {
      const outside = outsidePolicy(this.options.policy, weight);
      if (outside !== undefined) return refused(`${outside} Nothing was planned or sent.`);
    }
    const shop = await this.run(['shop', 'info', '--json=shopName,domain']);
    const target = shop.code === 0 ? (parse(shop.stdout) as { shopName: unknown; domain: unknown }) : null;
    const planId = PlanStore.newId();
    const plan: Plan = {
      planId,
      createdAt: this.ctx.now().toISOString(),
      globals: [...this.store.globals],
      store: this.store.describe,
      target,
      steps,
      objects: weight.objects,
      money: weight.money,
      nouns: [...new Set(weight.nouns)],
      ...(undo ? { undoes: undo.undoes } : {}),
    };
    await this.plans!.save(plan);
    const requests = steps.flatMap((step) => (Array.isArray(step.requests) ? step.requests : [step.requests]));
    const answer = {
      sent: false,
      planId,
      store: this.store.describe,
      target,
      ...(undo ? { undoes: undo.undoes, undo: requests } : { requests }),
      ...(steps.length > 1 ? { steps: steps.map((step) => ({ tool: step.tool, requests: step.requests })) } : {}),
      objects: weight.objects,
      next: this.nextStep(plan),
    };
    return text(`${stringify(answer)!}\n`);
  }

  /** What the agent does with a plan, as this server may apply it. */
  private nextStep(plan: Plan): string {
    if (this.options.writes === 'plan-only' || !this.byName.has(APPLY_PLAN.name))
      return 'Nothing was sent. This server applies no plan: a person reads it and runs it.';
    if (this.store.sandbox === 'own' || (this.store.sandbox === 'embedded' && this.options.writes === 'sandbox'))
      return 'Nothing was sent. The store is a sandbox: apply_plan sends it, once, with no approval.';
    if (this.options.policy) return `Nothing was sent. The policy ${this.options.policy.file} allows it: apply_plan sends it, once, with no approval.`;
    return `Nothing was sent. A person approves this plan in their own terminal: store-cli mcp approve ${plan.planId}; then apply_plan sends it, once.`;
  }

  /** What a plan weighs for the policy: undo_run's is the undo's, counted when it was planned. */
  private weigh(steps: readonly PlanStep[], undo?: { objects: number; nouns: readonly string[] }) {
    const commandOf = (name: string) => this.storeTools.get(name)?.command.path;
    return {
      objects: undo?.objects ?? steps.reduce((sum, step) => sum + objectsOf(step.requests), 0),
      money: moneyOf(steps, commandOf),
      nouns: undo?.nouns ?? steps.map((step) => (commandOf(step.tool) ?? step.tool).split(' ')[0]!),
      store: this.store.names,
    };
  }

  /** A command on the store served now: its global flags first, its variables set. */
  private run(argv: readonly string[]) {
    return this.ctx.runCommand([...this.store.globals, ...argv], this.store.env ? { env: this.store.env } : {});
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
