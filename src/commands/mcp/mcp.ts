// `store-cli mcp`: a Model Context Protocol server for an agent's client, on stdin and stdout
// or on loopback HTTP (mcp-server.ts). Its tools are the store's commands (tools.ts); a write
// tool answers with its dry run as a plan (plan-store.ts) and sends nothing. The SDK and the
// manifest load only here, when it runs.
import { boolean, defineVerb, oneOf, text, whole } from '../verb.js';

export default defineVerb({
  // Serving changes nothing by itself: a write tool answers with a dry run.
  mutates: false,
  summary:
    "Serve the store's commands as tools to an agent's MCP client (stdio, or loopback HTTP); a write is a plan until you approve it or your policy allows it",
  flags: {
    readOnly: boolean('list and run only tools that change nothing: write tools are not even listed'),
    toolsets: text(
      '<names>',
      'only the tools of these toolsets, comma-separated, of giftcard, metafield, product, category, collection, location, inventory, shop, ' +
        'customer, discount, order, webhook, sandbox (default: giftcard, product, category, shop, customer, order)',
    ),
    tools: text('<names>', 'these tools too, comma-separated, by name (giftcard_create); given alone, only these'),
    excludeTools: text('<names>', 'leave these tools out, comma-separated (apply_plan too: then nothing is applied)'),
    writes: oneOf(
      '<mode>',
      "what apply_plan may send: approved, a plan a person approved with 'mcp approve' (or --policy allows); " +
        'plan-only, none (no apply_plan); sandbox, with --sandbox, any plan',
      ['approved', 'plan-only', 'sandbox'],
      { default: 'approved' },
    ),
    policy: text(
      '<file>',
      'a TOML file of bounds, such as max_objects = 20 (also max_money_delta, resources, envs): ' +
        'a plan inside them needs no approval, one outside is refused when planned',
    ),
    transport: oneOf('<kind>', 'stdio, or http: Streamable HTTP on 127.0.0.1, with a bearer token', ['stdio', 'http'], { default: 'stdio' }),
    port: whole('<n>', 'with --transport http: the port, 0..65535 (0: a free one, printed)', { min: 0, max: 65535 }),
    tokenFile: text('<file>', "with --transport http: the bearer token, the file's first line (default: one made at start, printed once on stderr)"),
  },
  examples: [
    'store-cli mcp --read-only',
    'store-cli --sandbox mcp --writes sandbox',
    'store-cli --env staging mcp --toolsets giftcard,product --policy agent-policy.toml',
    'store-cli mcp --tools giftcard_search,giftcard_get --exclude-tools apply_plan',
    'store-cli mcp --transport http --port 8765',
  ],
  notes: `
Speaks MCP on stdin and stdout (start it from the client's configuration, not by hand);
notices go to stderr. The store is chosen as for any command (--profile, --env, --base-url,
--sandbox, given before or after 'mcp') and checked at start: one not set up is exit 2. A
read_only environment serves no write tool. A listing's answer is cut at 16 KB and ends
with a pageToken for the rest; gift card codes are masked as in the CLI.
A write tool sends nothing: it answers with its dry run's requests, the shop and a planId;
apply_plan sends the plan once, after you ran 'store-cli mcp approve PLAN-ID' in your own
terminal, or at once when --policy allows it (a plan outside the policy is refused when
planned). plan_batch makes one plan of several writes; an applied plan is a run
('store-cli runs', 'store-cli undo RUN-ID'), and undo_run plans its undo under the same
gate. 'store-cli mcp plans' lists the plans. The sandbox toolset (sandbox_start, _logs,
_fault, _reset, _stop) lets an agent rehearse on a sandbox the server starts.
With --transport http it listens on 127.0.0.1 only, at /mcp; every request needs
'Authorization: Bearer TOKEN' (401 without). docs/agents.md has the set-up.
`,
  async run(options, ctx) {
    const { serve } = await import('./mcp-server.js');
    const names = (value: string | undefined) => value?.split(',').map((name) => name.trim());
    const toolsets = names(options.toolsets);
    const tools = names(options.tools);
    const excludeTools = names(options.excludeTools);
    await serve(ctx, {
      readOnly: options.readOnly === true,
      writes: options.writes,
      transport: options.transport,
      ...(toolsets ? { toolsets } : {}),
      ...(tools ? { tools } : {}),
      ...(excludeTools ? { excludeTools } : {}),
      ...(options.policy !== undefined ? { policy: options.policy } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.tokenFile !== undefined ? { tokenFile: options.tokenFile } : {}),
    });
  },
});
