// `config set KEY VALUE`: stores one default in the profile in use once the key's schema
// (core/defaults-schema.ts) accepted the value: a bad key or value exits 2 and writes nothing.
// It also puts the list of keys under `config --help`, which only a verb can add.
import type { Command } from 'commander';
import { DEFAULT_KEY_ALIASES, DEFAULT_KEYS } from '../../core/defaults.js';
import { arg, choiceArg, defineVerb } from '../verb.js';
import { KEYS_HELP } from './keys.js';
import type { Verb } from '../types.js';

const verb = defineVerb({
  mutates: true,
  local: true,
  destructive: true,
  name: 'set',
  summary: 'Set a default of the profile in use (checked first: a bad key or value exits 2 and changes nothing)',
  args: { key: choiceArg('the default to set', DEFAULT_KEYS, DEFAULT_KEY_ALIASES), value: arg('a value the key accepts (see below)') },
  examples: ['store-cli config set output json', 'store-cli config set page-size 100', 'store-cli --profile ci config set import-concurrency 16'],
  notes: KEYS_HELP,
  async run(options, ctx) {
    const key = options.key;
    const { parseDefault } = await import('../../core/defaults-schema.js');
    const value = parseDefault(key, options.value);
    const profile = (await ctx.profile()).value;
    const config = await ctx.config();
    config.setDefault(profile, key, value);
    ctx.say(`Set ${key} to ${value} for profile '${profile}' (in ${config.path}).`);
  },
});

export default {
  ...verb,
  register(noun: Command): Command {
    // `config --help` lists the keys too: a noun's help text can only be added from a verb.
    noun.addHelpText('after', KEYS_HELP);
    return verb.register(noun);
  },
} satisfies Verb;
