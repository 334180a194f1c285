// `auth switch NAME`: makes a saved profile the default one; --profile and STORE_CLI_PROFILE still
// win where given, as it says.
import { UsageError } from '../../core/errors.js';
import { arg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  name: 'switch',
  summary: 'Make a saved profile the default: the one used without --profile or STORE_CLI_PROFILE',
  args: { name: arg('a saved profile (auth list shows them)') },
  examples: ['store-cli auth switch staging', 'store-cli auth switch default'],
  notes: '\n--profile and STORE_CLI_PROFILE still win over the default for the command they are given to.\n',
  async run(options, ctx) {
    const { checkProfileName } = await import('../../core/target.js');
    const name = checkProfileName(options.name, '<name>');
    const config = await ctx.config();
    const known = config.profileNames();
    if (!known.includes(name)) {
      throw new UsageError(
        known.length === 0
          ? `No profile '${name}': no profiles are saved yet; 'store-cli --profile ${name} auth login --base-url URL' saves one.`
          : `No profile '${name}': the saved profiles are ${known.join(', ')}.`,
      );
    }
    config.setDefaultProfile(name);
    ctx.say(`Default profile: '${name}' (saved to ${config.path}).`);
    if (ctx.env.STORE_CLI_PROFILE) ctx.say(`STORE_CLI_PROFILE=${ctx.env.STORE_CLI_PROFILE} is set in the environment and still wins while it is.`);
  },
});
