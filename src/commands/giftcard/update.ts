// `giftcard update`: a card's balance, note or expiry. The card is read first: its currency gives
// --balance its decimals (JPY none), and without --balance its current balance is sent back, as
// the API requires a balance in every update.
import { GIFT_CARD_FIELDS } from '../../api/gift-cards/fields.js';
import type { Api } from '../../api/index.js';
import { RuntimeError, UsageError } from '../../core/errors.js';
import { arg, defineVerb, text } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';

export default defineVerb({
  mutates: true,
  destructive: true,
  name: 'update',
  summary: "Set a gift card's balance, note or expiry",
  args: { giftCardId: arg('the gift card id') },
  flags: {
    balance: text(
      '<amount>',
      'the new balance, a decimal such as 12.50 or 0 (at most 2 decimals), ' +
        "sent with the card's currency's decimals (0 → 0.00; JPY: none); without it the current balance is kept",
    ),
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
  notes:
    `\nThe card is read first (one GET): its currency gives --balance its decimals, and without\n` +
    `--balance its current balance is sent back (the API requires a balance in every update).\n` +
    `${DRY_RUN_NOTE}`,
  async run(options, ctx) {
    if (options.balance === undefined && options.note === undefined && options.expireTime === undefined) {
      throw new UsageError('nothing to change: give --balance, --note or --expire-time; nothing was sent.');
    }
    const [{ checkGiftCardUpdate }, { amountInCurrency }, view] = await Promise.all([
      import('../../api/gift-cards/schema.js'),
      import('../../api/gift-cards/amount.js'),
      import('./view.js'),
    ]);
    const input = checkGiftCardUpdate({
      giftCardId: options.giftCardId,
      balance: options.balance,
      note: options.note,
      expireTime: options.expireTime === 'none' ? null : options.expireTime,
    });
    /**
     * One GET first: the card's currency gives a new balance its decimals (50 → "50.00", JPY
     * "5000"), and without --balance its current balance is sent back (the API requires one).
     */
    const update = async (api: Api) => {
      const card = await api.giftCards.get(input.giftCardId);
      if (input.balance === undefined) {
        if (card.balance === undefined)
          throw new RuntimeError(`The store's answer for gift card ${input.giftCardId} has no balance to keep; give the balance to set.`);
        return api.giftCards.update({ ...input, balance: card.balance.toString() });
      }
      const balance = amountInCurrency(input.balance, card.currency);
      if (!balance.ok)
        throw new UsageError(`--balance ${input.balance}: ${balance.problem}, and gift card ${input.giftCardId} is in ${card.currency}; nothing was written.`);
      return api.giftCards.update({ ...input, balance: balance.amount });
    };
    if (options.dryRun) {
      const { runDry } = await import('../dry-run.js');
      return runDry(ctx, options, update);
    }
    const out = await ctx.output();
    const api = await ctx.api();
    const card = await ctx.spin('Updating the gift card…', () => update(api));
    await out.item(card, view.giftCardDetailView(ctx.now()));
  },
});
