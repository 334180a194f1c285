import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { examples } from '../types.js';

export function register(noun: Command): Command {
  return noun
    .command('logout')
    .description("Forget a profile's base URL and token")
    .addHelpText('after', examples('store-cli auth logout', 'store-cli --profile staging auth logout'));
}

export async function run(_options: object, ctx: Context): Promise<void> {
  const [config, target] = await Promise.all([ctx.config(), ctx.target()]);
  const profile = target.profile.value;
  if (config.deleteProfile(profile)) ctx.say(`Logged out: profile '${profile}' removed from ${config.path}.`);
  else ctx.say(`Profile '${profile}' has no saved credentials; nothing to do.`);
  if (target.token?.source === 'environment') ctx.say('STORE_CLI_TOKEN is still set in the environment and will keep being used.');
}
