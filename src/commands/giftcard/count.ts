import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export type CountOptions = OutputFlags;

export function register(noun: Command): Command {
  const command = noun
    .command('count')
    .description('Count all gift cards of the store')
    .addHelpText('after', examples('store-cli giftcard count', 'store-cli giftcard count --json'));
  return addOutputOptions(command, { list: false });
}

export async function run(options: CountOptions, ctx: Context): Promise<void> {
  const out = await ctx.output(options, ['count']);
  const api = await ctx.api();
  const count = await ctx.spin('Counting gift cards…', () => api.giftCards.count());
  await out.count(count);
}
