import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { defineVerb, text, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'reset',
  summary: "Clear the embedded sandbox's state (the next --sandbox run starts again from the demo data)",
  flags: { data: text('<file>', 'clear this state file instead (one given to sandbox serve --data)') },
  examples: ['store-cli sandbox reset', 'store-cli sandbox reset --data ./sandbox.json'],
});

export type ResetOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ResetOptions, ctx: Context): Promise<void> {
  const [{ resetSandboxData }, { SANDBOX_STATE_FILE, asCliErrors }] = await Promise.all([import('../../sandbox/index.js'), import('../../core/embedded-sandbox.js')]);
  const file = options.data ?? join(await ctx.dataDir(), SANDBOX_STATE_FILE);
  // A sandbox running on the file (serve, or a --sandbox command) makes this exit 1, naming its pid.
  if (await asCliErrors(() => resetSandboxData(file))) ctx.say(`Sandbox state cleared (${file}).`);
  else ctx.say(`No sandbox state to clear (${file} does not exist).`);
}
