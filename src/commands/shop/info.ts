import { SHOP_FIELDS } from '../../api/shop/fields.js';
import { defineVerb } from '../verb.js';

export default defineVerb({
  name: 'info',
  summary: "Show the shop a token belongs to: name, domain, country, currency and time zone",
  json: { fields: SHOP_FIELDS },
  examples: ['store-cli shop info', 'store-cli shop info --json shopName,domain', 'store-cli shop info --json | jq -r .currency'],
  notes: '\nNeeds a token with the read_shops or write_shops scope. One request (GET shops/info); --json\nprints the shop as the store sent it, every field.\n',
  async run(_options, ctx) {
    const { shopView } = await import('./view.js');
    const out = await ctx.output();
    const api = await ctx.api();
    const shop = await ctx.spin('Fetching the shop…', () => api.shop.info());
    await out.item(shop, shopView);
  },
});
