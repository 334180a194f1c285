import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { BUILT_IN, type DefaultKey } from '../../core/defaults.js';
import { resolveProfile } from '../../core/target.js';
import { examples } from '../types.js';
import { keyArgument } from './keys.js';

export interface UnsetOptions {
  /** One of DEFAULT_KEYS: commander refuses any other. */
  key: DefaultKey;
}

export function register(noun: Command): Command {
  return noun
    .command('unset')
    .description('Remove a default from the profile in use, so the built-in value applies again')
    .addArgument(keyArgument('the default to remove'))
    .addHelpText('after', examples('store-cli config unset output', 'store-cli --profile ci config unset page-size'));
}

export async function run(options: UnsetOptions, ctx: Context): Promise<void> {
  const key = options.key;
  const profile = resolveProfile(ctx.globals, ctx.env).value;
  const config = await ctx.config();
  if (config.unsetDefault(profile, key)) ctx.say(`Unset ${key} for profile '${profile}': the built-in ${BUILT_IN[key]} applies.`);
  else ctx.say(`Profile '${profile}' does not set ${key}; nothing to do (the built-in ${BUILT_IN[key]} applies).`);
}
