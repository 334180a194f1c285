// The `sandbox` toolset: a sandbox the server starts for the agent to rehearse a task on, with
// no store at risk. sandbox_start starts one (in memory, on 127.0.0.1, demo data or empty) and
// serves it instead of the store: every tool then goes to it, and its plans apply without a
// person's approval, until sandbox_stop serves the store again. sandbox_logs, sandbox_fault and
// sandbox_reset act on that sandbox only, through the CLI's own sandbox commands given its
// address and token: never on a store, nor on a sandbox this server did not start.
import type { RunningSandbox } from '../../sandbox/index.js';
import type { ServedTool, ToolDefinition } from './tools.js';

/**
 * A sandbox tool: its input an object of `properties` and nothing else, and its hints. None
 * reaches past this machine (openWorldHint false), and only one that writes nothing reads only.
 */
function sandboxTool(
  name: string,
  description: string,
  properties: ToolDefinition['inputSchema']['properties'],
  effect: { write: boolean; destructive: boolean; idempotent: boolean },
): { definition: ToolDefinition; write: boolean } {
  const { write, destructive, idempotent } = effect;
  return {
    write,
    definition: {
      name,
      description,
      inputSchema: { type: 'object', properties, additionalProperties: false },
      annotations: { readOnlyHint: !write, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: false },
    },
  };
}

const DEFINITIONS: ReadonlyArray<{ definition: ToolDefinition; write: boolean }> = [
  sandboxTool(
    'sandbox_start',
    'Start a sandbox (a local copy of the store API, in memory) and serve it instead of the store: ' +
      'every tool then goes to it and its plans apply without approval, until sandbox_stop.',
    {
      seed: { type: 'string', enum: ['demo', 'empty'], description: 'its data: the demo set (default) or none' },
      dialect: {
        type: 'string',
        enum: ['service', 'real'],
        description: "how it answers: the service's documented choices (default) or as the real store does",
      },
    },
    { write: true, destructive: false, idempotent: false },
  ),
  sandboxTool(
    'sandbox_logs',
    "The requests the server's sandbox answered, newest last",
    {
      method: { type: 'string', description: 'only this HTTP method' },
      status: { type: 'string', description: 'only these statuses, comma-separated: 2xx, 4xx, 429...' },
      path: { type: 'string', description: 'only paths that start with this' },
      limit: { type: 'number', description: 'the newest N, 1..1000 (default 50)' },
    },
    { write: false, destructive: false, idempotent: true },
  ),
  sandboxTool(
    'sandbox_fault',
    "Make the server's sandbox fail some requests by a rule METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms], " +
      "such as 'POST /api/202412/gift_cards 503@0.5'; or clear its rules",
    { rule: { type: 'string' }, clear: { type: 'boolean' } },
    { write: true, destructive: false, idempotent: false },
  ),
  sandboxTool(
    'sandbox_reset',
    "Put the server's sandbox's data back to its seed (its fault rules stay): every change made to it is lost",
    {},
    { write: true, destructive: true, idempotent: true },
  ),
  sandboxTool(
    'sandbox_stop',
    "Stop the server's sandbox (its data is lost) and serve the store again",
    {},
    { write: true, destructive: true, idempotent: true },
  ),
];

export const SANDBOX_TOOLS: readonly ServedTool[] = DEFINITIONS.map(({ definition, write }) => ({ definition, write, toolset: 'sandbox' }));

/** What a sandbox tool's call asks: a sandbox to start or stop, or a command to run on the one running. */
export type SandboxCall = { start: { seed: 'demo' | 'none'; dialect: 'service' | 'real' } } | { stop: true } | { argv: string[] } | { refused: string };

/** The call of sandbox tool `name` with `input`: what to do, or why not. */
export function sandboxCall(name: string, input: Readonly<Record<string, unknown>>, state: 'none' | 'starting' | 'running'): SandboxCall {
  const known = DEFINITIONS.find((d) => d.definition.name === name)!.definition;
  const other = Object.keys(input).find((key) => !Object.hasOwn(known.inputSchema.properties, key));
  if (other !== undefined) return { refused: `${name} takes no argument '${other}'.` };
  if (name === 'sandbox_start') {
    if (state !== 'none') return { refused: 'A sandbox of this server is running already: sandbox_reset puts it back to its seed, sandbox_stop ends it.' };
    const seed = input.seed ?? 'demo';
    const dialect = input.dialect ?? 'service';
    if (seed !== 'demo' && seed !== 'empty') return { refused: "'seed' must be demo or empty." };
    if (dialect !== 'service' && dialect !== 'real') return { refused: "'dialect' must be service or real." };
    return { start: { seed: seed === 'demo' ? 'demo' : 'none', dialect } };
  }
  if (state !== 'running') return { refused: `${name} acts only on a sandbox this server started, and none runs: call sandbox_start first.` };
  switch (name) {
    case 'sandbox_stop':
      return { stop: true };
    case 'sandbox_reset':
      return { argv: ['sandbox', 'reset', '--yes'] };
    case 'sandbox_fault': {
      if (input.clear === true && input.rule === undefined) return { argv: ['sandbox', 'fault', 'remove', '--all', '--json'] };
      if (typeof input.rule !== 'string' || input.rule.trim() === '' || input.clear !== undefined)
        return { refused: "sandbox_fault needs either 'rule', such as 'POST /api/202412/gift_cards 503@0.5', or 'clear': true." };
      if (input.rule.startsWith('-')) return { refused: "'rule' must not begin with '-'." };
      return { argv: ['sandbox', 'fault', 'add', input.rule, '--json'] };
    }
    default: {
      const argv = ['sandbox', 'logs', '--json'];
      const limit = input.limit ?? 50;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000)
        return { refused: "'limit' must be a whole number from 1 to 1000." };
      argv.push(`--limit=${limit}`);
      for (const key of ['method', 'status', 'path'] as const) {
        const value = input[key];
        if (value === undefined) continue;
        if (typeof value !== 'string') return { refused: `'${key}' must be text.` };
        argv.push(`--${key}=${value}`);
      }
      return { argv };
    }
  }
}

/** Starts the server's own sandbox: memory only, on loopback, webhooks kept but not delivered. */
export async function startOwnSandbox(options: { seed: 'demo' | 'none'; dialect: 'service' | 'real' }): Promise<RunningSandbox> {
  const [{ startSandbox }, { asCliErrors }] = await Promise.all([import('../../sandbox/index.js'), import('../../root/embedded-sandbox.js')]);
  return asCliErrors(() => startSandbox({ host: '127.0.0.1', port: 0, seed: options.seed, dialect: options.dialect, webhooks: false }));
}
