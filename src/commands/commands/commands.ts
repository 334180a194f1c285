// `store-cli commands`: the command manifest (manifest.ts), for agents and scripts: every
// command with its flags and arguments, whether it mutates or destroys, the scopes it needs,
// its exit codes, whether it may ask, and its --json fields. Without --json, one line a
// command. The manifest's code loads only here, when asked (start-up stays cheap).
import { VERSION } from '../../version.js';
import { defineVerb } from '../verb.js';

const MANIFEST_FIELDS = ['manifestVersion', 'bin', 'version', 'globalFlags', 'exitCodes', 'commands'] as const;

export default defineVerb({
  mutates: false,
  summary: 'List every command and what it does to a store, for agents and scripts; --json prints the manifest',
  json: {
    fields: MANIFEST_FIELDS,
    what: "the manifest: each command's flags, arguments, mutates, destructive, scopes, exit codes, mayPrompt and --json fields (schemas/commands.schema.json)",
  },
  examples: ['store-cli commands', 'store-cli commands --json', "store-cli commands --jq '.commands[] | select(.mutates | not) | .path'"],
  notes: `
"mutates": the command changes something: a store, what this machine keeps (profiles,
settings, a sandbox), or a webhook handler it sends to; "local": only this machine.
"destructive": it may change or remove what exists, not only add. Writing the output file
you named is not a change. docs/agents.md tells how agents use it.
`,
  async run(options, ctx) {
    const { buildManifest } = await import('./manifest.js');
    const manifest = buildManifest(ctx.commandTree(), VERSION);
    if (options.json !== undefined || options.jq !== undefined) return (await ctx.output()).value(manifest, '');
    const width = Math.max(...manifest.commands.map((c) => c.path.length));
    const effect = (c: (typeof manifest.commands)[number]) =>
      !c.mutates ? 'reads' : `${c.local ? 'changes local state' : 'writes'}${c.destructive ? ', destructive' : ''}${c.dryRun ? ', --dry-run' : ''}`;
    // Our own words, one line a command: nothing from a store to escape.
    ctx.io.out(manifest.commands.map((c) => `${c.path.padEnd(width)}  ${effect(c)}\n`).join(''));
  },
});
