// `auth token`: the token commands send, alone on stdout for a script to pass on; a terminal gets
// it only with --show, since it would stay on the screen.
import { AuthError, UsageError } from '../../core/errors.js';
import { boolean, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: false,
  name: 'token',
  summary: 'Print the access token in use, for a script (like gh auth token); in a terminal only with --show',
  flags: { show: boolean('print the token even though stdout is a terminal (it stays on the screen and in its scrollback)') },
  examples: ['store-cli auth token | gh secret set STORE_CLI_TOKEN', 'store-cli --profile staging auth token | pbcopy', 'store-cli auth token --show'],
  notes: `
The token printed is the one commands send: STORE_CLI_TOKEN when it is set, else the
profile's (--profile, STORE_CLI_PROFILE, or the default that 'auth switch' sets). It is
printed alone on one line; no other command ever prints more than its last 4 characters.
`,
  async run(options, ctx) {
    if (ctx.globals.sandbox)
      throw new UsageError('auth token prints a saved or STORE_CLI_TOKEN token; the embedded sandbox (--sandbox) makes its own, which needs no handling.');
    if (ctx.io.isStdoutTTY && !options.show) {
      throw new UsageError('auth token prints a secret: to see it in this terminal, pass --show (piped to a program or a file, it prints without --show).');
    }
    const target = await ctx.target();
    if (!target.token) throw new AuthError(`No access token for profile '${target.profile.value}': run 'store-cli auth login' or set STORE_CLI_TOKEN.`);
    ctx.io.out(`${target.token.value}\n`);
    if (ctx.io.isStderrTTY && target.token.source === 'environment') ctx.say('(from STORE_CLI_TOKEN)');
  },
});
