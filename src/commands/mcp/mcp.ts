// `store-cli mcp`: a Model Context Protocol server on stdin and stdout for an agent's client
// (mcp-server.ts). Its tools are the store's commands (tools.ts); a write tool answers with its
// dry run as a plan (plans.ts) and sends nothing. The SDK and the manifest load only here, when it runs.
import { boolean, defineVerb, oneOf, text } from '../verb.js';

export default defineVerb({
  // Serving changes nothing by itself: a write tool answers with a dry run.
  mutates: false,
  summary: "Serve the store's commands as tools to an agent's MCP client over stdio; a write is a plan until you approve it (mcp approve)",
  flags: {
    readOnly: boolean('list and run only tools that change nothing: write tools are not even listed'),
    toolsets: text(
      '<names>',
      'only the tools of these nouns, comma-separated, of giftcard, metafield, product, category, collection, location, inventory, shop, customer, discount, order, webhook (default: giftcard, product, category, shop, customer, order)',
    ),
    writes: oneOf(
      '<mode>',
      "what apply_plan may send: approved, a plan a person approved with 'mcp approve'; plan-only, none (no apply_plan); sandbox, with --sandbox, any plan",
      ['approved', 'plan-only', 'sandbox'],
      { default: 'approved' },
    ),
  },
  examples: [
    'store-cli mcp --read-only',
    'store-cli --sandbox mcp --writes sandbox',
    'store-cli --profile staging mcp --toolsets giftcard,product',
    'store-cli --base-url http://127.0.0.1:12412 mcp',
  ],
  notes: `
Speaks MCP on stdin and stdout (start it from the client's configuration, not by hand);
notices go to stderr. The store is chosen as for any command (--profile, --env,
--base-url, --sandbox). A listing's answer is cut at 16 KB and ends with a pageToken for
the rest; gift card codes are masked as in the CLI. A write tool sends nothing: it answers
with its dry run's requests, the shop and a planId; apply_plan sends the plan once, after
you ran 'store-cli mcp approve PLAN-ID' in your own terminal. docs/agents.md has the set-up.
`,
  async run(options, ctx) {
    const { serve } = await import('./mcp-server.js');
    const toolsets = options.toolsets?.split(',').map((set) => set.trim());
    await serve(ctx, { readOnly: options.readOnly === true, writes: options.writes, ...(toolsets ? { toolsets } : {}) });
  },
});
