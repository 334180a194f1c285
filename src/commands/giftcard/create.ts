// `giftcard create`: one card, its code given or generated (16 characters from a CSPRNG) and
// shown once, as the store never shows it again. A lost answer is resent with the same code,
// which the store takes only once, so a retry never makes a second card; --customer EMAIL is
// looked up first.
import { GIFT_CARD_FIELDS } from '../../api/gift-cards/fields.js';
import { amountInCurrency } from '../../api/gift-cards/amount.js';
import type { GiftCard, GiftCardCreate } from '../../api/gift-cards/schema.js';
import type { Context } from '../../root/context.js';
import type { OutputFlags } from '../../core/output-options.js';
import { UnconfirmedCreateError } from '../../core/errors.js';
import { defineVerb, text } from '../verb.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';

export default defineVerb({
  mutates: true,
  name: 'create',
  summary: 'Create a gift card; without --code a secure code is generated and shown once',
  flags: {
    code: text('<code>', 'the code customers redeem (default: 16 random letters and digits from a CSPRNG)'),
    initialValue: text('<amount>', 'initial amount, a decimal such as 50 or 19.99 (at most 2 decimals), sent with 2 decimals (50 → 50.00)', { required: true }),
    customerId: text('<id>', 'numeric id of the customer the card belongs to'),
    customer: text('<email>', 'the customer the card belongs to, by email: looked up with customer search (one read) and sent as its id'),
    note: text('<text>', 'internal note, at most 500 characters'),
    expireTime: text('<date>', 'expiry date as YYYY-MM-DD (default: never expires)'),
    dryRun: dryRunFlag(),
  },
  json: { fields: GIFT_CARD_FIELDS },
  examples: [
    'store-cli giftcard create --initial-value 50',
    'store-cli giftcard create --initial-value 25.00 --customer ada@example.com --expire-time 2027-12-31 --note "Apology"',
    'store-cli giftcard create --initial-value 10 --json code | jq -r .code',
  ],
  notes:
    `\nA lost answer is resent with the same code: codes are unique, so never a second card. If\n` +
    `the outcome stays unknown, running it again with --code CODE shows the card if it exists.\n` +
    `${DRY_RUN_NOTE}The code shows as its last four characters; without --code, a dry run generates none (one\n` +
    `is made when the card is created).\n`,
  async run(options, ctx) {
    if (options.customer !== undefined) options = { ...options, customerId: await customerIdOf(options.customer, options.customerId, ctx) };
    if (options.dryRun) return dryRun(options, ctx);
    const [{ checkGiftCardCreate }, { generateGiftCardCode }, view] = await Promise.all([
      import('../../api/gift-cards/schema.js'),
      import('../../api/gift-cards/code.js'),
      import('./view.js'),
    ]);
    const generated = options.code === undefined;
    const input = checkGiftCardCreate({
      code: options.code ?? generateGiftCardCode(),
      initialValue: withDecimals(options.initialValue),
      customerId: options.customerId,
      note: options.note,
      expireTime: options.expireTime,
    });
    const out = await ctx.output();
    const api = await ctx.api();
    const { card, how } = await ctx
      .spin('Creating the gift card…', () => api.giftCards.create(input))
      .catch((error: unknown) => {
        throw error instanceof UnconfirmedCreateError ? error.withHint(howToCheck(input.code, generated)) : error;
      });
    // Any 2xx is success: a store that answers 202/204 without the card still created it, and
    // the code must not be lost, so the card is shown as sent.
    if (!card) ctx.say('The store accepted the gift card but sent none back, so its id is not known: shown as sent.');
    await out.item(card ?? sentCard(input), view.giftCardDetailView(ctx.now(), true));
    if (how === 'recovered') ctx.say("The store's first answer was lost, but the card was created (no second one was made).");
    if (how === 'existing')
      ctx.say(`A gift card with this code exists already, as asked${card?.createTime ? ` (created ${card.createTime})` : ''}: no second card was made.`);
    if (!out.isJson && ctx.io.isStderrTTY) ctx.say('Keep the code now: the store never shows it again.');
  },
});

/** The id of the customer with this email: none, several, or --customer-id beside it exit 2 before the card is sent. */
async function customerIdOf(email: string, customerId: string | undefined, ctx: Context): Promise<string> {
  const { UsageError } = await import('../../core/errors.js');
  if (customerId !== undefined) throw new UsageError('Give --customer or --customer-id, not both. Nothing was sent.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new UsageError(`--customer must be a customer's email address such as ada@example.com (got '${email.slice(0, 40)}'). Nothing was sent.`);
  const api = await ctx.api();
  return ctx.spin('Looking up the customer…', () => api.customers.idByEmail(email));
}

interface DryRunOptions extends OutputFlags {
  initialValue: string;
  code?: string | undefined;
  customerId?: string | undefined;
  note?: string | undefined;
  expireTime?: string | undefined;
}

/** Checks the card and prints its request; a code is only generated for a card that is sent. */
async function dryRun(options: DryRunOptions, ctx: Context): Promise<void> {
  const [{ checkGiftCardCreate, checkGiftCardCreateDraft }, { runDry }] = await Promise.all([
    import('../../api/gift-cards/schema.js'),
    import('../dry-run.js'),
  ]);
  const fields = { initialValue: withDecimals(options.initialValue), customerId: options.customerId, note: options.note, expireTime: options.expireTime };
  const input = options.code === undefined ? checkGiftCardCreateDraft(fields) : checkGiftCardCreate({ code: options.code, ...fields });
  await runDry(ctx, options, (api) => api.giftCards.create(input));
  if (options.code === undefined) ctx.say('No --code: a code is generated when the card is created (and shown then, once); this dry run made none.');
}

/**
 * The amount as stores write them, "50" sent as "50.00": a new card has no currency yet to
 * read, so 2 decimals, the API's form (docs/decisions.md). Text that is not an amount goes
 * on as typed, to be refused by the check that names the flag.
 */
function withDecimals(amount: string): string {
  const written = /^\d+(\.\d{1,2})?$/.test(amount) ? amountInCurrency(amount, undefined) : undefined;
  return written?.ok ? written.amount : amount;
}

/** The card as sent, for a store that answered without one: every field given, no id. */
function sentCard(input: GiftCardCreate): GiftCard {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as GiftCard;
}

/**
 * After a lost answer: how to find out, and how to finish safely. A generated code is
 * printed here, once (the user has no other way to learn it); a code given with --code is
 * not echoed. Re-running with the same code never makes a second card (see GiftCardsApi.create).
 */
function howToCheck(code: string, generated: boolean): string {
  const last = code.slice(-4);
  const search = /^[A-Za-z0-9]{4}$/.test(last) ? `Check with 'store-cli giftcard search --last-characters ${last}', or run` : 'Run';
  const again = generated ? `this create again adding --code ${code}` : 'the same command again';
  return `${search} ${again}: that is safe, it shows the card if it exists instead of making a second one.`;
}
