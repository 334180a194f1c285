import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { confirmOrRequireYes } from '../../core/prompts.js';
import { examples } from '../types.js';

export interface DisableOptions extends OutputFlags {
  giftCardId: string;
  yes?: boolean;
}

export function register(noun: Command): Command {
  const command = noun
    .command('disable')
    .description('Disable a gift card for good (there is no re-enable); asks first unless --yes')
    .argument('<giftCardId>', 'the gift card id')
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .addHelpText('after', examples(
      'store-cli giftcard disable 4000000000000000123',
      'store-cli giftcard disable 4000000000000000123 --yes --json',
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: DisableOptions, ctx: Context): Promise<void> {
  const [{ checkGiftCardId, giftCardFields }, view] = await Promise.all([import('../../api/gift-cards.js'), import('./view.js')]);
  const giftCardId = checkGiftCardId(options.giftCardId);
  const out = await ctx.output(options, giftCardFields);
  await confirmOrRequireYes(ctx.io, ctx.prompter, options.yes, {
    action: `disable gift card ${giftCardId}`,
    question: `Disable gift card ${giftCardId}? It can never be enabled again.`,
  });
  const api = await ctx.api();
  const card = await ctx.spin('Disabling the gift card…', () => api.giftCards.disable(giftCardId));
  await out.item(card, view.giftCardDetailView(ctx.now()));
}
