import type { Command } from 'commander';
import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { examples } from '../types.js';

export interface ResetOptions {
  data?: string;
}

export function register(noun: Command): Command {
  return noun
    .command('reset')
    .description("Clear the embedded sandbox's state (the next --sandbox run starts again from the demo data)")
    .option('--data <file>', 'clear this state file instead (one given to sandbox serve --data)')
    .addHelpText('after', examples('store-cli sandbox reset', 'store-cli sandbox reset --data ./sandbox.json'));
}

export async function run(options: ResetOptions, ctx: Context): Promise<void> {
  const [{ resetSandboxData }, { SANDBOX_STATE_FILE, asCliErrors }] = await Promise.all([import('../../sandbox/index.js'), import('../../core/embedded-sandbox.js')]);
  const file = options.data ?? join(await ctx.dataDir(), SANDBOX_STATE_FILE);
  // A sandbox running on the file (serve, or a --sandbox command) makes this exit 1, naming its pid.
  if (await asCliErrors(() => resetSandboxData(file))) ctx.say(`Sandbox state cleared (${file}).`);
  else ctx.say(`No sandbox state to clear (${file} does not exist).`);
}
