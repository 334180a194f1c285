import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import type { DefaultKey } from '../../core/defaults.js';
import { resolveProfile } from '../../core/target.js';
import { examples } from '../types.js';
import { KEYS_HELP, keyArgument } from './keys.js';

export interface SetOptions {
  /** One of DEFAULT_KEYS: commander refuses any other. */
  key: DefaultKey;
  value: string;
}

export function register(noun: Command): Command {
  // `config --help` lists the keys too: a noun's help text can only be added from a verb.
  noun.addHelpText('after', KEYS_HELP);
  return noun
    .command('set')
    .description('Set a default of the profile in use (checked first: a bad key or value exits 2 and changes nothing)')
    .addArgument(keyArgument('the default to set'))
    .argument('<value>', 'a value the key accepts (see below)')
    .addHelpText('after', examples(
      'store-cli config set output json',
      'store-cli config set page-size 100',
      'store-cli --profile ci config set import-concurrency 16',
    ) + KEYS_HELP);
}

export async function run(options: SetOptions, ctx: Context): Promise<void> {
  const key = options.key;
  const { parseDefault } = await import('../../core/defaults-schema.js');
  const value = parseDefault(key, options.value);
  const profile = resolveProfile(ctx.globals, ctx.env).value;
  const config = await ctx.config();
  config.setDefault(profile, key, value);
  ctx.say(`Set ${key} to ${value} for profile '${profile}' (in ${config.path}).`);
}
