import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import type { DefaultKey } from '../../core/defaults.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';
import { SETTING_FIELDS, keyArgument } from './keys.js';

export interface GetOptions extends OutputFlags {
  /** One of DEFAULT_KEYS: commander refuses any other. */
  key: DefaultKey;
}

export function register(noun: Command): Command {
  const command = noun
    .command('get')
    .description("Print one default of the profile in use (its built-in value when the profile sets none)")
    .addArgument(keyArgument('the default to print'))
    .addHelpText('after', examples(
      'store-cli config get output',
      'store-cli --profile ci config get page-size --json',
    ) + "\n'store-cli config set --help' lists the keys and their values.\n");
  return addOutputOptions(command, { list: false, what: '{"key", "value", "source"} (source: profile or default)' });
}

export async function run(options: GetOptions, ctx: Context): Promise<void> {
  const key = options.key;
  const out = await ctx.output(options, SETTING_FIELDS);
  const setting = await ctx.setting(key);
  await out.value(setting, String(setting.value));
}
