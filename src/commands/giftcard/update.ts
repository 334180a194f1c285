import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export interface UpdateOptions extends OutputFlags {
  giftCardId: string;
  balance: string;
  note?: string;
  expireTime?: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('update')
    .description("Set a gift card's balance, note or expiry")
    .argument('<giftCardId>', 'the gift card id')
    .requiredOption('--balance <amount>', 'the new balance, a decimal string such as 12.50 (at most 2 decimals)')
    .option('--note <text>', 'internal note, at most 500 characters ("" clears it)')
    .option('--expire-time <date>', 'expiry date as YYYY-MM-DD, or "none" so it never expires')
    .addHelpText('after', examples(
      'store-cli giftcard update 4000000000000000123 --balance 12.50',
      'store-cli giftcard update 4000000000000000123 --balance 0 --note "Refunded" --expire-time none',
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: UpdateOptions, ctx: Context): Promise<void> {
  const [{ checkGiftCardUpdate, giftCardFields }, view] = await Promise.all([import('../../api/gift-cards.js'), import('./view.js')]);
  const input = checkGiftCardUpdate({
    giftCardId: options.giftCardId,
    balance: options.balance,
    note: options.note,
    expireTime: options.expireTime === 'none' ? null : options.expireTime,
  });
  const out = await ctx.output(options, giftCardFields);
  const api = await ctx.api();
  const card = await ctx.spin('Updating the gift card…', () => api.giftCards.update(input));
  await out.item(card, view.giftCardDetailView(ctx.now()));
}
