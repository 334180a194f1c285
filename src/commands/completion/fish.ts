import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { examples } from '../types.js';

export function register(noun: Command): Command {
  return noun
    .command('fish')
    .description('Print the fish completion script: commands, flags, their values and saved profile names')
    .addHelpText('after', examples('store-cli completion fish > ~/.config/fish/completions/store-cli.fish'));
}

export async function run(_options: object, ctx: Context): Promise<void> {
  const { printCompletionScript } = await import('./print.js');
  await printCompletionScript('fish', ctx);
}
