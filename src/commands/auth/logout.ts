// `auth logout`: forgets the profile's base URL and token and keeps its configuration defaults for
// the next login; says so when STORE_CLI_TOKEN will still be used.
import { defineVerb } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  name: 'logout',
  summary: "Forget a profile's base URL and token (its configuration defaults stay)",
  examples: ['store-cli auth logout', 'store-cli --profile staging auth logout'],
  notes: "\nThe profile's defaults (store-cli config) are kept for the next login; 'store-cli config unset KEY' removes one.\n",
  async run(_options, ctx) {
    const [config, target] = await Promise.all([ctx.config(), ctx.target()]);
    const profile = target.profile.value;
    const outcome = config.logout(profile);
    if (outcome === 'removed') ctx.say(`Logged out: profile '${profile}' removed from ${config.path}.`);
    else if (outcome === 'defaults-kept') {
      ctx.say(
        `Logged out: the base URL and token of profile '${profile}' were removed from ${config.path}; ` +
          `its configuration defaults stay ('store-cli config list' shows them).`,
      );
    } else ctx.say(`Profile '${profile}' has no saved credentials; nothing to do.`);
    if (target.token?.source === 'environment') ctx.say('STORE_CLI_TOKEN is still set in the environment and will keep being used.');
  },
});
