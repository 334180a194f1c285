import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export interface GetOptions extends OutputFlags {
  giftCardId: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('get')
    .description('Show one gift card (its code only by the last four characters)')
    .argument('<giftCardId>', 'the gift card id')
    .addHelpText('after', examples(
      'store-cli giftcard get 4000000000000000123',
      'store-cli giftcard get 4000000000000000123 --json balance,currency',
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: GetOptions, ctx: Context): Promise<void> {
  const [{ checkGiftCardId, giftCardFields }, view] = await Promise.all([import('../../api/gift-cards.js'), import('./view.js')]);
  const giftCardId = checkGiftCardId(options.giftCardId);
  const out = await ctx.output(options, giftCardFields);
  const api = await ctx.api();
  const card = await ctx.spin('Fetching the gift card…', () => api.giftCards.get(giftCardId));
  await out.item(card, view.giftCardDetailView(ctx.now()));
}
