// `completion zsh`: prints the zsh script, the `_store-cli` function for a folder on $fpath,
// rendered from this build's own command tree (print.ts).
import { defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'zsh',
  summary: 'Print the zsh completion script (_store-cli): commands, flags, their values and saved profile names',
  examples: [
    'store-cli completion zsh > "${fpath[1]}/_store-cli"',
    'mkdir -p ~/.zfunc && store-cli completion zsh > ~/.zfunc/_store-cli   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
  ],
  async run(_options, ctx) {
    const { printCompletionScript } = await import('./print.js');
    await printCompletionScript('zsh', ctx);
  },
});
