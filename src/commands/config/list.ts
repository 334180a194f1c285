// `config list`: every default of the profile in use, in the order core/defaults.ts declares
// them, with its value and where it comes from (the profile, or the built-in value).
import { DEFAULT_KEYS } from '../../core/defaults.js';
import { defineVerb } from '../verb.js';
import { SETTING_FIELDS, settingView } from './keys.js';

export default defineVerb({
  mutates: false,
  name: 'list',
  summary: 'Show every default of the profile in use: its value and where it comes from (profile or default)',
  json: { fields: SETTING_FIELDS, list: true, what: 'an array of {"key", "value", "source"}', columns: SETTING_FIELDS },
  examples: ['store-cli config list', 'store-cli --profile ci config list --json'],
  notes: "\n'store-cli config set --help' lists the keys and their values.\n",
  async run(options, ctx) {
    const out = await ctx.output();
    const settings = [];
    for (const key of DEFAULT_KEYS) settings.push(await ctx.setting(key));
    if (ctx.io.isStderrTTY) ctx.say(`Defaults of profile '${(await ctx.profile()).value}':`);
    await out.list([settings], settingView, 'No defaults.');
  },
});
