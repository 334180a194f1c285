import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { examples } from '../types.js';

export function register(noun: Command): Command {
  return noun
    .command('bash')
    .description('Print the bash completion script: commands, flags, their values and saved profile names')
    .addHelpText('after', examples(
      'store-cli completion bash > ~/.local/share/bash-completion/completions/store-cli',
      'source <(store-cli completion bash)',
    ));
}

export async function run(_options: object, ctx: Context): Promise<void> {
  const { printCompletionScript } = await import('./print.js');
  await printCompletionScript('bash', ctx);
}
