import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { boolean, defineVerb, text, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'reset',
  summary: "Clear the embedded sandbox's state (the next --sandbox run starts again from the demo data); asks first unless --yes",
  flags: {
    data: text('<file>', 'clear this state file instead (one given to sandbox serve --data)'),
    yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }),
  },
  examples: ['store-cli sandbox reset', 'store-cli sandbox reset --yes --data ./sandbox.json'],
});

export type ResetOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ResetOptions, ctx: Context): Promise<void> {
  const [{ resetSandboxData }, { SANDBOX_STATE_FILE, asCliErrors }] = await Promise.all([import('../../sandbox/index.js'), import('../../core/embedded-sandbox.js')]);
  const file = options.data ?? join(await ctx.dataDir(), SANDBOX_STATE_FILE);
  // Destructive: asked in a terminal, --yes without one (whether or not there is state to clear,
  // so a script's outcome never depends on it).
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `clear the sandbox state ${file}`,
    question: `Clear the sandbox state ${file}? Every change made to the sandbox is lost.`,
  });
  // A sandbox running on the file (serve, or a --sandbox command) makes this exit 1, naming its pid.
  if (await asCliErrors(() => resetSandboxData(file))) ctx.say(`Sandbox state cleared (${file}).`);
  else ctx.say(`No sandbox state to clear (${file} does not exist).`);
}
