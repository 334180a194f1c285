import type { Context } from '../../root/context.js';
import { defineVerb, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'bash',
  summary: 'Print the bash completion script: commands, flags, their values and saved profile names',
  examples: ['store-cli completion bash > ~/.local/share/bash-completion/completions/store-cli', 'source <(store-cli completion bash)'],
});

export const register = verb.register;

export async function run(_options: OptionsOf<typeof verb>, ctx: Context): Promise<void> {
  const { printCompletionScript } = await import('./print.js');
  await printCompletionScript('bash', ctx);
}
