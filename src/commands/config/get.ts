// `config get KEY`: the value one default takes for the profile in use, and where it comes from:
// the profile, or the built-in value when the profile sets none.
import { DEFAULT_KEY_ALIASES, DEFAULT_KEYS } from '../../core/defaults.js';
import { choiceArg, defineVerb } from '../verb.js';
import { SETTING_FIELDS } from './keys.js';

export default defineVerb({
  mutates: false,
  name: 'get',
  summary: 'Print one default of the profile in use (its built-in value when the profile sets none)',
  args: { key: choiceArg('the default to print', DEFAULT_KEYS, DEFAULT_KEY_ALIASES) },
  json: { fields: SETTING_FIELDS, what: '{"key", "value", "source"} (source: profile or default)' },
  examples: ['store-cli config get output', 'store-cli --profile ci config get page-size --json'],
  notes: "\n'store-cli config set --help' lists the keys and their values.\n",
  async run(options, ctx) {
    const key = options.key;
    const out = await ctx.output();
    const setting = await ctx.setting(key);
    await out.value(setting, String(setting.value));
  },
});
