// `store-cli mcp`'s server: the official SDK's, over stdio (or Streamable HTTP on loopback,
// http-transport.ts), its tools made from the command manifest (tools.ts) beside the gate's
// (gate-tools.ts) and the sandbox's (sandbox-tools.ts). A call runs the CLI's own command in
// this process (ctx.runCommand, tool-calls.ts), so its checks, masking and dry run are the
// command line's; a write is run as its dry run and kept as a plan, which apply_plan sends once
// it may go (apply-plan.ts). Everything a bad flag, policy or store could refuse is refused
// before serving (exit 2). The SDK's low-level Server is used because the tools' schemas are
// JSON Schema made from the manifest, not zod shapes written by hand (docs/decisions.md).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { UsageError } from '../../core/errors.js';
import type { Context } from '../../root/context.js';
import { VERSION } from '../../version.js';
import { buildManifest } from '../commands/manifest.js';
import { GATE_TOOLS } from './gate-tools.js';
import { PlanStore } from './plan-store.js';
import { policyLine, readPolicy } from './policy.js';
import { SANDBOX_TOOLS } from './sandbox-tools.js';
import { servedStore } from './served-store.js';
import { ToolCalls } from './tool-calls.js';
import { chooseTools, STORE_TOOLSETS, storeTools, type ServedTool } from './tools.js';

export interface ServeOptions {
  readOnly: boolean;
  /**
   * approved: apply_plan sends a plan a person approved (or the policy allows); plan-only: there
   * is no apply_plan; sandbox: the embedded sandbox's plans need no approval.
   */
  writes: 'approved' | 'plan-only' | 'sandbox';
  toolsets?: readonly string[];
  tools?: readonly string[];
  excludeTools?: readonly string[];
  /** A policy file: the plans that need no approval, and no other plan is made. */
  policy?: string;
  transport: 'stdio' | 'http';
  /** With http: the loopback port (0: a free one, printed). */
  port?: number;
  /** With http: the file holding the bearer token (else one is made and printed once). */
  tokenFile?: string;
}

const TOOLSETS: readonly string[] = [...STORE_TOOLSETS, 'sandbox'];

/** Serves MCP until stdin ends (stdio) or the run is interrupted. */
export async function serve(ctx: Context, options: ServeOptions): Promise<void> {
  const unknown = options.toolsets?.find((set) => !TOOLSETS.includes(set));
  if (unknown !== undefined) throw new UsageError(`--toolsets: '${unknown}' is no toolset; the toolsets are ${TOOLSETS.join(', ')}.`);
  // Only the embedded sandbox is surely one: a --base-url or a profile may be any store.
  if (options.writes === 'sandbox' && !ctx.globals.sandbox)
    throw new UsageError('--writes sandbox needs --sandbox: only the embedded sandbox is surely a sandbox, and a --base-url or profile may be any store.');
  if (options.transport !== 'http' && (options.port !== undefined || options.tokenFile !== undefined))
    throw new UsageError(`${options.port !== undefined ? '--port' : '--token-file'} is for --transport http.`);
  const store = await servedStore(ctx);
  const policy = options.policy === undefined ? undefined : await readPolicy(options.policy, ctx.cwd);
  // A store that refuses every write (a read_only environment, STORE_CLI_READ_ONLY) gets no write tool.
  const readOnly = options.readOnly || store.readOnly !== undefined;
  const fromStore = storeTools(buildManifest(ctx.commandTree(), VERSION));
  const served = serveTools([...fromStore, ...GATE_TOOLS, ...SANDBOX_TOOLS], { ...options, readOnly });
  const plans = served.some((tool) => tool.write && tool.toolset !== 'sandbox') ? await PlanStore.at(await ctx.dataDir()) : undefined;
  const calls = new ToolCalls(
    ctx,
    served,
    new Map(fromStore.map((tool) => [tool.definition.name, tool])),
    plans,
    { writes: options.writes, ...(policy ? { policy } : {}) },
    store,
  );
  const what = [
    `${served.length} tools${readOnly ? ` (read-only${store.readOnly !== undefined && !options.readOnly ? `: ${store.readOnly}` : ''})` : ''}`,
    `for ${store.describe}`,
    ...(policy ? [policyLine(policy)] : []),
  ].join(', ');
  try {
    if (options.transport === 'http') {
      const { serveHttp } = await import('./http-transport.js');
      await serveHttp(
        ctx,
        () => mcpServer(calls),
        { port: options.port ?? 0, ...(options.tokenFile !== undefined ? { tokenFile: options.tokenFile } : {}) },
        what,
      );
    } else await serveStdio(ctx, mcpServer(calls), what);
  } finally {
    await calls.close();
  }
}

/**
 * The tools served: those the flags choose (tools.ts chooseTools), and with any write tool of
 * a store the gate's own (apply_plan, plan_batch, undo_run), unless left out; no apply_plan
 * under --writes plan-only.
 */
function serveTools(all: readonly ServedTool[], options: Pick<ServeOptions, 'readOnly' | 'writes' | 'toolsets' | 'tools' | 'excludeTools'>): ServedTool[] {
  const chosen = chooseTools(all, {
    readOnly: options.readOnly,
    ...(options.toolsets ? { toolsets: options.toolsets } : {}),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.excludeTools ? { exclude: options.excludeTools } : {}),
  });
  const writes = chosen.some((tool) => tool.write && tool.toolset !== 'plans' && tool.toolset !== 'sandbox');
  const excluded = new Set(options.excludeTools ?? []);
  const gate = writes ? GATE_TOOLS.filter((tool) => !chosen.includes(tool) && !excluded.has(tool.definition.name)) : [];
  return [...chosen, ...gate].filter((tool) => !(options.writes === 'plan-only' && tool.definition.name === 'apply_plan'));
}

/** An SDK server answering with `calls`; a tool it does not serve is "not found", as the SDK's own McpServer answers. */
function mcpServer(calls: ToolCalls): Server {
  const server = new Server({ name: 'store-cli', version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: calls.definitions() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const result = await calls.call(request.params.name, request.params.arguments ?? {});
    if (result === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    return result;
  });
  return server;
}

async function serveStdio(ctx: Context, server: Server, what: string): Promise<void> {
  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
  const ended = new Promise<void>((resolve) => {
    ctx.io.stdin.once('end', resolve);
    ctx.io.stdin.once('close', resolve);
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  ctx.say(`store-cli mcp: ${what}, on stdin and stdout`);
  await ended;
  await server.close();
}
