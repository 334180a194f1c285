// `order count`: how many orders the filters match (GET orders/count), with the 60-day window warned of.
import { COUNT_FIELDS } from '../../api/count-fields.js';
import { defineVerb } from '../verb.js';
import { FILTER_TRUST_NOTE, ORDER_FILTER_FLAGS, orderQuery } from './filters.js';
import { warnOfWindow } from './window.js';

export default defineVerb({
  mutates: false,
  name: 'count',
  summary: 'Count orders, with the filters order list takes',
  flags: ORDER_FILTER_FLAGS,
  json: { fields: COUNT_FIELDS },
  examples: ['store-cli order count', 'store-cli order count --fulfillment-status unfulfilled --json'],
  notes: `\n${FILTER_TRUST_NOTE}\nWithout the scope read_all_orders a store counts only the orders of the last 60 days.\n`,
  async run(options, ctx) {
    const { limit: _limit, pageToken: _token, ...filters } = await orderQuery(options);
    const out = await ctx.output();
    const api = await ctx.api();
    if (filters.createTimeMin !== undefined) await warnOfWindow(api, filters.createTimeMin, ctx);
    const count = await ctx.spin('Counting orders…', () => api.orders.count(filters));
    await out.count(count);
  },
});
