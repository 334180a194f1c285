import type { Context } from '../../root/context.js';
import { defineVerb, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'zsh',
  summary: 'Print the zsh completion script (_store-cli): commands, flags, their values and saved profile names',
  examples: ['store-cli completion zsh > "${fpath[1]}/_store-cli"', 'mkdir -p ~/.zfunc && store-cli completion zsh > ~/.zfunc/_store-cli   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc'],
});

export const register = verb.register;

export async function run(_options: OptionsOf<typeof verb>, ctx: Context): Promise<void> {
  const { printCompletionScript } = await import('./print.js');
  await printCompletionScript('zsh', ctx);
}
