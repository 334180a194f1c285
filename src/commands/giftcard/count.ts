import { COUNT_FIELDS } from '../../api/count-fields.js';
import type { Context } from '../../core/context.js';
import { defineVerb, type OptionsOf } from '../verb.js';

const verb = defineVerb({
  name: 'count',
  summary: 'Count all gift cards of the store',
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli giftcard count', 'store-cli giftcard count --json'],
});

export type CountOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: CountOptions, ctx: Context): Promise<void> {
  const out = await ctx.output(options, verb.json.fields);
  const api = await ctx.api();
  const count = await ctx.spin('Counting gift cards…', () => api.giftCards.count());
  await out.count(count);
}
