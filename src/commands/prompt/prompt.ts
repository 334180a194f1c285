// store-cli prompt: what the launcher answers before the command tree (quick-answers.ts: `prompt` alone, or with --format),
// declared here for --help, the reference and any other flags (--profile, --env).
import { defineVerb, text } from '../verb.js';

export default defineVerb({
  mutates: false,
  summary: 'Print the active target for a shell prompt ({env}@{domain}), from store.toml and the saved profiles alone: no request',
  flags: {
    format: text(
      '<format>',
      'the line to print: {env} (the store.toml environment, else the profile), {profile}, ' +
        '{domain}, {guard} (read-only, protected or nothing); default {env}@{domain}',
    ),
  },
  notes:
    "\nThe domain is the environment's expect_domain, else the host of the profile's saved store. " +
    'Nothing is sent and no heavy module loads, so a shell prompt can run it before every command line, e.g. in starship:\n' +
    '  [custom.store]\n' +
    '  command = "store-cli prompt"\n' +
    '  when = "test -f store.toml"\n',
  examples: ['store-cli prompt', "store-cli prompt --format '{env} ({domain}) {guard}'"],
  async run(options, ctx) {
    const { promptTarget, promptText } = await import('../../core/prompt-line.js');
    const target = await promptTarget(ctx.globals, ctx.env, ctx.cwd);
    ctx.io.out(`${promptText(target, options.format)}\n`);
  },
});
