// `completion bash`: prints the bash script, rendered from this build's own command tree
// (print.ts); it needs no bash-completion package.
import { defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'bash',
  summary: 'Print the bash completion script: commands, flags, their values and saved profile names',
  examples: ['store-cli completion bash > ~/.local/share/bash-completion/completions/store-cli', 'source <(store-cli completion bash)'],
  async run(_options, ctx) {
    const { printCompletionScript } = await import('./print.js');
    await printCompletionScript('bash', ctx);
  },
});
