import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { examples } from '../types.js';

export function register(noun: Command): Command {
  return noun
    .command('zsh')
    .description('Print the zsh completion script (_store-cli): commands, flags, their values and saved profile names')
    .addHelpText('after', examples(
      'store-cli completion zsh > "${fpath[1]}/_store-cli"',
      'mkdir -p ~/.zfunc && store-cli completion zsh > ~/.zfunc/_store-cli   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
    ));
}

export async function run(_options: object, ctx: Context): Promise<void> {
  const { printCompletionScript } = await import('./print.js');
  await printCompletionScript('zsh', ctx);
}
