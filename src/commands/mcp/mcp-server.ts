// `store-cli mcp`'s server: the official SDK's, over stdio, its tools made from the command
// manifest (tools.ts). A call runs the CLI's own command in this process (ctx.runCommand),
// so its checks, masking and dry run are the command line's; a write is run as its dry run
// and kept as a plan, which apply_plan sends once a person approved it (plans.ts). The SDK's
// low-level Server is used because the tools' input schemas are JSON Schema made from the
// manifest, not zod shapes written by hand (docs/decisions.md).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parse, stringify } from 'lossless-json';
import type { GlobalOptions } from '../../core/base-context.js';
import { UsageError } from '../../core/errors.js';
import type { Context } from '../../root/context.js';
import { VERSION } from '../../version.js';
import { buildManifest } from '../commands/manifest.js';
import { PlanStore } from './plans.js';
import { commandLine, pageOf, pageToken, readPageToken, RESULT_BYTE_CAP, STORE_TOOLSETS, toolsOf, type Tool } from './tools.js';

export interface ServeOptions {
  readOnly: boolean;
  /** approved: apply_plan sends a plan a person approved; plan-only: there is no apply_plan; sandbox: the embedded sandbox's plans need no approval. */
  writes: 'approved' | 'plan-only' | 'sandbox';
  toolsets?: readonly string[];
}

/** Serves MCP on the run's stdin and stdout until stdin ends or the run is interrupted. */
export async function serve(ctx: Context, options: ServeOptions): Promise<void> {
  const unknown = options.toolsets?.find((set) => !(STORE_TOOLSETS as readonly string[]).includes(set));
  if (unknown !== undefined) throw new UsageError(`--toolsets: '${unknown}' is no toolset; the toolsets are ${STORE_TOOLSETS.join(', ')}.`);
  // Only the embedded sandbox is surely one: a --base-url or a profile may be any store.
  if (options.writes === 'sandbox' && !ctx.globals.sandbox)
    throw new UsageError('--writes sandbox needs --sandbox: only the embedded sandbox is surely a sandbox, and a --base-url or profile may be any store.');
  const tools = toolsOf(buildManifest(ctx.commandTree(), VERSION), { readOnly: options.readOnly, ...(options.toolsets ? { toolsets: options.toolsets } : {}) });
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const globals = globalArgv(ctx.globals);

  const server = new Server({ name: 'store-cli', version: VERSION }, { capabilities: { tools: {} } });
  // Plans are written only by a server that lists write tools.
  const plans = options.readOnly ? undefined : await PlanStore.at(await ctx.dataDir());
  const applies = plans !== undefined && options.writes !== 'plan-only';
  const listed = applies ? [...tools.map((tool) => tool.definition), APPLY_PLAN] : tools.map((tool) => tool.definition);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (applies && request.params.name === APPLY_PLAN.name) return applyPlan(ctx, plans, request.params.arguments ?? {}, options.writes === 'sandbox');
    const tool = byName.get(request.params.name);
    // A tool left out (a write under --read-only) is not there at all, as the SDK's own server answers.
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    return call(ctx, tool, request.params.arguments ?? {}, globals, plans);
  });

  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
  const ended = new Promise<void>((resolve) => {
    ctx.io.stdin.once('end', resolve);
    ctx.io.stdin.once('close', resolve);
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  ctx.say(`store-cli mcp: ${tools.length} tools${options.readOnly ? ' (read-only)' : ''}, on stdin and stdout`);
  await ended;
  await server.close();
}

async function call(
  ctx: Context,
  tool: Tool,
  given: Record<string, unknown>,
  globals: readonly string[],
  plans: PlanStore | undefined,
): Promise<CallToolResult> {
  let input = given;
  let skip = 0;
  if (typeof given.pageToken === 'string') {
    const token = readPageToken(given.pageToken);
    if (token === undefined) return refused('pageToken is not one this server gave.');
    ({ input, skip } = token);
  }
  const argv = commandLine(tool, input);
  if (typeof argv === 'string') return refused(argv);
  const run = await ctx.runCommand([...globals, ...argv]);
  if (run.code !== 0) return refused(run.stderr.trim() || `${tool.command.path} ended with exit code ${run.code}.`);
  if (tool.write) return plan(ctx, tool, globals, argv, parse(run.stdout), plans!);
  if (!tool.listing) {
    const bytes = Buffer.byteLength(run.stdout);
    if (bytes > RESULT_BYTE_CAP) return refused(`The answer is ${bytes} bytes, more than the ${RESULT_BYTE_CAP} a tool gives: ask for fewer fields.`);
    return text(run.stdout);
  }
  // Parsed without losing digits: ids are exact.
  const records = parse(run.stdout);
  if (!Array.isArray(records)) return text(run.stdout.slice(0, RESULT_BYTE_CAP));
  const page = pageOf(records, skip, RESULT_BYTE_CAP, (record) => stringify(record) ?? 'null');
  const lines = [page.text];
  if (page.next !== undefined)
    lines.push(stringify({ pageToken: pageToken(input, page.next), shown: page.next - skip, cut: 'more records follow: call again with this pageToken' })!);
  return text(`${lines.join('\n')}\n`);
}

/** apply_plan: a plan's one argument is its id; approval is never an argument. */
const APPLY_PLAN = {
  name: 'apply_plan',
  description:
    'Send the requests of a plan a write tool gave, once, after a person approved it in their own terminal (store-cli mcp approve PLAN-ID). Refused otherwise; no argument stands for approval.',
  inputSchema: {
    type: 'object' as const,
    properties: { planId: { type: 'string', description: 'the planId a write tool answered with' } },
    required: ['planId'],
    additionalProperties: false,
  },
  annotations: { title: 'apply a plan', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
};

/** A write's plan: its dry run's requests and the shop, kept under a new planId; nothing sent. */
async function plan(
  ctx: Context,
  tool: Tool,
  globals: readonly string[],
  dryRun: readonly string[],
  requests: unknown,
  plans: PlanStore,
): Promise<CallToolResult> {
  const argv = [...globals, ...dryRun.filter((word) => word !== '--dry-run')];
  // The shop's own name and domain, for the person who approves (a GET).
  const shop = await ctx.runCommand([...globals, 'shop', 'info', '--json=shopName,domain']);
  const target = shop.code === 0 ? (parse(shop.stdout) as { shopName: unknown; domain: unknown }) : null;
  const planId = PlanStore.newId();
  await plans.save({ planId, createdAt: ctx.now().toISOString(), tool: tool.definition.name, argv, requests, target });
  const next = `Nothing was sent. A person approves this plan in their own terminal: store-cli mcp approve ${planId}; then apply_plan sends it, once.`;
  return text(`${stringify({ sent: false, planId, target, requests, next })!}\n`);
}

/** `onSandbox`: the server's target is the embedded sandbox and --writes sandbox: no store is at risk, no approval is needed. */
async function applyPlan(ctx: Context, plans: PlanStore, input: Record<string, unknown>, onSandbox: boolean): Promise<CallToolResult> {
  const other = Object.keys(input).find((key) => key !== 'planId');
  if (other !== undefined)
    return refused(`apply_plan takes no argument '${other}': only a person approves a plan, in their own terminal (store-cli mcp approve PLAN-ID).`);
  if (typeof input.planId !== 'string') return refused('apply_plan needs the planId a write tool answered with.');
  const taken = await plans.take(input.planId, { approved: onSandbox });
  if ('refused' in taken) return refused(taken.refused);
  // The person approved exactly this: it is the answer to a question the command would ask.
  const run = await ctx.runCommand([...taken.plan.argv, '--yes']);
  if (run.code !== 0) return refused(run.stderr.trim() || `${taken.plan.tool} ended with exit code ${run.code}.`);
  return text(run.stdout);
}

/** The run's global flags, given again to each command a tool runs: the same store, the same way. */
function globalArgv(globals: GlobalOptions): string[] {
  return [
    ...(globals.profile !== undefined ? ['--profile', globals.profile] : []),
    ...(globals.env !== undefined ? ['--env', globals.env] : []),
    ...(globals.baseUrl !== undefined ? ['--base-url', globals.baseUrl] : []),
    ...(globals.sandbox ? ['--sandbox'] : []),
    ...(globals.timeout !== undefined ? ['--timeout', String(globals.timeout)] : []),
    ...(globals.insecure ? ['--insecure'] : []),
    '--no-color',
  ];
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

function refused(reason: string): CallToolResult {
  return { content: [{ type: 'text', text: reason }], isError: true };
}
