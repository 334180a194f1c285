// `sandbox reset`: puts a sandbox back to its start: a running one to the seed it started from
// (POST /_sandbox/reset), the embedded one or a --data file by removing its state file. It asks
// first in a terminal and wants --yes without one, whether or not there is state to clear.
import type { Context } from '../../root/context.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { defineVerb, text, yesFlag } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  asks: true,
  name: 'reset',
  summary:
    'Put a sandbox back to its start: the one the profile or --base-url points at back to its seed, ' +
    "or the embedded one's state cleared (--sandbox); asks first unless --yes",
  flags: {
    data: text('<file>', 'clear this state file instead (one given to sandbox serve --data, not running)'),
    yes: yesFlag(),
  },
  examples: [
    'store-cli --sandbox sandbox reset',
    'store-cli sandbox reset --yes --data ./sandbox.json',
    'store-cli --base-url http://127.0.0.1:12412 sandbox reset --yes',
  ],
  notes:
    '\nThe sandbox is chosen as for every sandbox verb: with --sandbox the embedded one ' +
    '(its state file is removed: the next --sandbox run starts again from the demo data); ' +
    'else the store --base-url, STORE_CLI_BASE_URL or the profile (--profile, STORE_CLI_PROFILE, the default one) points at, ' +
    'a running sandbox that goes back to the seed it was started with (--seed, --demo), or to empty, durably; ' +
    'with no store set up at all, the embedded one. It is named on stderr.\n',
  async run(options, ctx) {
    const { sandboxTarget } = await import('./running.js');
    // --data names its file, whatever the profile says; else the rule of every sandbox verb.
    // A sandbox named on the command line (or by the variables) beside --data is a contradiction;
    // the profile saved as the default is not: --data then says which file.
    const { globals, env } = ctx;
    if (options.data !== undefined && (globals.baseUrl || globals.profile || globals.sandbox || env.STORE_CLI_BASE_URL || env.STORE_CLI_PROFILE)) {
      throw new (await import('../../core/errors.js')).UsageError(
        '--data names a state file to clear, and --base-url, --profile or --sandbox (or STORE_CLI_BASE_URL/STORE_CLI_PROFILE) ' +
          'another sandbox: give one of them. Nothing was changed.',
      );
    }
    const target = options.data === undefined ? await sandboxTarget(ctx) : undefined;
    if (target?.kind === 'running') return resetRunning(target.where, ctx, options);
    const [{ resetSandboxData }, { asCliErrors }] = await Promise.all([import('../../sandbox/index.js'), import('../../root/embedded-sandbox.js')]);
    const file = options.data ?? (target as { file: string }).file;
    // Destructive: asked in a terminal, --yes without one (whether or not there is state to clear,
    // so a script's outcome never depends on it).
    await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
      action: `clear the sandbox state ${file}`,
      question: `Clear the sandbox state ${file}? Every change made to the sandbox is lost.`,
    });
    // A sandbox running on the file (serve, or a --sandbox command) makes this exit 1, naming its pid.
    const which = options.data === undefined ? 'the embedded sandbox' : 'the sandbox';
    if (await asCliErrors(() => resetSandboxData(file))) ctx.say(`Sandbox state cleared: ${which}'s state file ${file} is removed.`);
    else ctx.say(`No sandbox state to clear: ${which}'s state file ${file} does not exist.`);
  },
});

async function resetRunning(where: string, ctx: Context, options: { yes?: boolean | undefined }): Promise<void> {
  const { describeCounts } = await import('./running.js');
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `reset ${where}`,
    question: `Reset ${where} to its seed? Every change made to it is lost.`,
  });
  const api = await ctx.api();
  const answer = await ctx.spin('Resetting the sandbox…', () => api.sandboxControl.request('POST', '/reset'));
  ctx.say(`Reset ${where}: ${describeCounts(answer)}.`);
}
