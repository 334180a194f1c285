import type { Context } from '../../root/context.js';
import { defineVerb, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'fish',
  summary: 'Print the fish completion script: commands, flags, their values and saved profile names',
  examples: ['store-cli completion fish > ~/.config/fish/completions/store-cli.fish'],
});

export const register = verb.register;

export async function run(_options: OptionsOf<typeof verb>, ctx: Context): Promise<void> {
  const { printCompletionScript } = await import('./print.js');
  await printCompletionScript('fish', ctx);
}
