import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { DEFAULT_KEYS } from '../../core/defaults.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { resolveProfile } from '../../core/target.js';
import { examples } from '../types.js';
import { SETTING_FIELDS, settingView } from './keys.js';

export type ListOptions = OutputFlags;

export function register(noun: Command): Command {
  const command = noun
    .command('list')
    .description('Show every default of the profile in use: its value and where it comes from (profile or default)')
    .addHelpText('after', examples(
      'store-cli config list',
      'store-cli --profile ci config list --json',
    ) + '\nPiped without --json, rows are tab-separated in this column order: key, value, source\n' + "'store-cli config set --help' lists the keys and their values.\n");
  return addOutputOptions(command, { list: true, what: 'an array of {"key", "value", "source"}' });
}

export async function run(options: ListOptions, ctx: Context): Promise<void> {
  const out = await ctx.output(options, SETTING_FIELDS);
  const settings = [];
  for (const key of DEFAULT_KEYS) settings.push(await ctx.setting(key));
  if (ctx.io.isStderrTTY) ctx.say(`Defaults of profile '${resolveProfile(ctx.globals, ctx.env).value}':`);
  await out.list([settings], settingView, 'No defaults.');
}
