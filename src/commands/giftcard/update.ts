import { GIFT_CARD_FIELDS } from '../../api/field-names.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { arg, defineVerb, text, type OptionsOf } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';

const verb = defineVerb({
  name: 'update',
  summary: "Set a gift card's balance, note or expiry",
  args: { giftCardId: arg('the gift card id') },
  flags: {
    balance: text('<amount>', 'the new balance, a decimal string such as 12.50 (at most 2 decimals); without it the current balance is kept'),
    note: text('<text>', 'internal note, at most 500 characters ("" clears it)'),
    expireTime: text('<date>', 'expiry date as YYYY-MM-DD, or "none" so it never expires'),
    dryRun: dryRunFlag(),
  },
  json: { fields: GIFT_CARD_FIELDS },
  examples: [
    'store-cli giftcard update 4000000000000000123 --balance 12.50',
    'store-cli giftcard update 4000000000000000123 --note "Gift from Ann"',
    'store-cli giftcard update 4000000000000000123 --balance 12.50 --dry-run',
  ],
  notes: DRY_RUN_NOTE,
});

export type UpdateOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: UpdateOptions, ctx: Context): Promise<void> {
  if (options.balance === undefined && options.note === undefined && options.expireTime === undefined) {
    throw new UsageError('nothing to change: give --balance, --note or --expire-time; nothing was sent.');
  }
  const [{ checkGiftCardUpdate }, view] = await Promise.all([import('../../api/gift-cards.js'), import('./view.js')]);
  const input = checkGiftCardUpdate({
    giftCardId: options.giftCardId,
    balance: options.balance,
    note: options.note,
    expireTime: options.expireTime === 'none' ? null : options.expireTime,
  });
  if (options.dryRun) {
    const { runDry } = await import('../dry-run.js');
    return runDry(ctx, options, (api) => api.giftCards.update(input));
  }
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const card = await ctx.spin('Updating the gift card…', () => api.giftCards.update(input));
  await out.item(card, view.giftCardDetailView(ctx.now()));
}
