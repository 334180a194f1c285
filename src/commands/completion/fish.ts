// `completion fish`: prints the fish script, for ~/.config/fish/completions, rendered from this
// build's own command tree (print.ts).
import { defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'fish',
  summary: 'Print the fish completion script: commands, flags, their values and saved profile names',
  examples: ['store-cli completion fish > ~/.config/fish/completions/store-cli.fish'],
  async run(_options, ctx) {
    const { printCompletionScript } = await import('./print.js');
    await printCompletionScript('fish', ctx);
  },
});
