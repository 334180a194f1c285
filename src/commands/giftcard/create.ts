import type { Command } from 'commander';
import type { GiftCard, GiftCardCreate } from '../../api/gift-cards.js';
import type { Context } from '../../core/context.js';
import { addOutputOptions, type OutputFlags } from '../../core/output-options.js';
import { examples } from '../types.js';

export interface CreateOptions extends OutputFlags {
  code?: string;
  initialValue: string;
  customerId?: string;
  note?: string;
  expireTime?: string;
}

export function register(noun: Command): Command {
  const command = noun
    .command('create')
    .description('Create a gift card; without --code a secure code is generated and shown once')
    .option('--code <code>', 'the code customers redeem (default: 16 random letters and digits from a CSPRNG)')
    .requiredOption('--initial-value <amount>', 'initial amount, a decimal string such as 50 or 19.99')
    .option('--customer-id <id>', 'numeric id of the customer the card belongs to')
    .option('--note <text>', 'internal note, at most 500 characters')
    .option('--expire-time <date>', 'expiry date as YYYY-MM-DD (default: never expires)')
    .addHelpText('after', examples(
      'store-cli giftcard create --initial-value 50',
      'store-cli giftcard create --initial-value 25.00 --customer-id 1001 --expire-time 2027-12-31 --note "Apology"',
      "store-cli giftcard create --initial-value 10 --json code | jq -r .code",
    ));
  return addOutputOptions(command, { list: false });
}

export async function run(options: CreateOptions, ctx: Context): Promise<void> {
  const [{ checkGiftCardCreate, giftCardFields }, { generateGiftCardCode }, view] = await Promise.all([
    import('../../api/gift-cards.js'),
    import('./generate-code.js'),
    import('./view.js'),
  ]);
  const input = checkGiftCardCreate({
    code: options.code ?? generateGiftCardCode(),
    initialValue: options.initialValue,
    customerId: options.customerId,
    note: options.note,
    expireTime: options.expireTime,
  });
  const out = await ctx.output(options, giftCardFields);
  const api = await ctx.api();
  const card = await ctx.spin('Creating the gift card…', () => api.giftCards.create(input));
  // Any 2xx is success: a store that answers 202/204 without the card still created it, and
  // the code must not be lost, so the card is shown as sent.
  if (!card) ctx.say('The store accepted the gift card but sent none back, so its id is not known: shown as sent.');
  await out.item(card ?? sentCard(input), view.giftCardDetailView(ctx.now(), true));
  if (!out.isJson && ctx.io.isStderrTTY) ctx.say('Keep the code now: the store never shows it again.');
}

/** The card as sent, for a store that answered without one: every field given, no id. */
function sentCard(input: GiftCardCreate): GiftCard {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as GiftCard;
}
