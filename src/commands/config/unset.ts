// `config unset KEY`: removes one default from the profile in use, so the built-in value applies
// again (brand has none: the store's host or its answer to the token decides). A key the profile
// does not set is no error: it says so and changes nothing.
import { BUILT_IN, DEFAULT_KEY_ALIASES, DEFAULT_KEYS } from '../../core/defaults.js';
import { choiceArg, defineVerb } from '../verb.js';

export default defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  name: 'unset',
  summary: 'Remove a default from the profile in use, so the built-in value applies again',
  args: { key: choiceArg('the default to remove', DEFAULT_KEYS, DEFAULT_KEY_ALIASES) },
  examples: ['store-cli config unset output', 'store-cli --profile ci config unset page-size'],
  async run(options, ctx) {
    const key = options.key;
    const profile = (await ctx.profile()).value;
    const config = await ctx.config();
    // An unset brand has no built-in value: the host or a 401 decides.
    const applies = key === 'brand' ? "the store's host or its answer to the token decides" : `the built-in ${BUILT_IN[key]} applies`;
    if (config.unsetDefault(profile, key)) ctx.say(`Unset ${key} for profile '${profile}': ${applies}.`);
    else ctx.say(`Profile '${profile}' does not set ${key}; nothing to do (${applies}).`);
  },
});
