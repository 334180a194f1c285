import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { boolean, defineVerb, text, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'reset',
  summary: "Put a sandbox back to its start: a running one (named by --base-url or --profile) back to its seed, else clear the embedded sandbox's state file; asks first unless --yes",
  flags: {
    data: text('<file>', 'clear this state file instead (one given to sandbox serve --data, not running)'),
    yes: boolean('do not ask for confirmation (required without a terminal)', { short: '-y' }),
  },
  examples: ['store-cli sandbox reset', 'store-cli sandbox reset --yes --data ./sandbox.json', 'store-cli --base-url http://127.0.0.1:12412 sandbox reset --yes'],
  notes:
    '\nA running sandbox (--base-url with its token, --profile, or STORE_CLI_BASE_URL / STORE_CLI_PROFILE) goes back to the seed it was started with (--seed, --demo), or to empty without one, durably. Without a target the state file is removed: the next --sandbox run starts again from the demo data.\n',
});

export type ResetOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: ResetOptions, ctx: Context): Promise<void> {
  const { namesRunningSandbox } = await import('./running.js');
  if (namesRunningSandbox(ctx)) return resetRunning(options, ctx);
  const [{ resetSandboxData }, { SANDBOX_STATE_FILE, asCliErrors }] = await Promise.all([import('../../sandbox/index.js'), import('../../core/embedded-sandbox.js')]);
  const file = options.data ?? join(await ctx.dataDir(), SANDBOX_STATE_FILE);
  // Destructive: asked in a terminal, --yes without one (whether or not there is state to clear,
  // so a script's outcome never depends on it).
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `clear the sandbox state ${file}`,
    question: `Clear the sandbox state ${file}? Every change made to the sandbox is lost.`,
  });
  // A sandbox running on the file (serve, or a --sandbox command) makes this exit 1, naming its pid.
  if (await asCliErrors(() => resetSandboxData(file))) ctx.say(`Sandbox state cleared (${file}).`);
  else ctx.say(`No sandbox state to clear (${file} does not exist).`);
}

async function resetRunning(options: ResetOptions, ctx: Context): Promise<void> {
  const [{ UsageError }, { describeCounts, targetUrl }] = await Promise.all([import('../../core/errors.js'), import('./running.js')]);
  if (options.data !== undefined) {
    throw new UsageError('--data names a state file to clear, and --base-url/--profile a running sandbox to reset: give one of them. Nothing was changed.');
  }
  const where = await targetUrl(ctx);
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `reset the sandbox at ${where}`,
    question: `Reset the sandbox at ${where} to its seed? Every change made to it is lost.`,
  });
  const api = await ctx.api();
  const answer = await ctx.spin('Resetting the sandbox…', () => api.sandboxControl.request('POST', '/reset'));
  ctx.say(`Sandbox at ${where} reset: ${describeCounts(answer)}.`);
}
