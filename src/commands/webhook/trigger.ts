// `webhook trigger`: a realistic, signed sample event of a topic, sent to a handler to try it
// without a store. The samples are the store's documented objects (a discount in the shape of the
// family it goes to), changed by --file, --product-id and --set and checked by the topic's
// schema before anything is sent.
import type { Context } from '../../root/context.js';
import { UsageError } from '../../core/errors.js';
import { nearest, orList } from '../../core/words.js';
import { VERSION } from '../../version.js';
import { BRANDS, type Brand } from '../../core/brand.js';
import { hasSample, isProductTopic, isWellFormedTopic, SAMPLE_TOPICS, UNDOCUMENTED_TOPICS, type SampleTopic } from '../../webhooks/wire.js';
import { arg, defineVerb, list, oneOf, text } from '../verb.js';
import { BRAND_HELP, httpUrlFlag, profileShopDomain, secretFlag, sendingBrand } from './flags.js';
import { shownUrl } from '../../core/secrets.js';
import { sendDelivery, warnUnsigned } from './send.js';
import { SENT_FIELDS, sentView } from './view.js';

export default defineVerb({
  mutates: true,
  name: 'trigger',
  summary: 'Send a realistic signed sample event of a topic to a URL, to test a webhook handler without a store',
  args: { topic: arg(`the topic of the sample to send: ${SAMPLE_TOPICS.join(', ')}`) },
  flags: {
    to: text('<url>', 'the handler to send it to (absolute http or https URL)', { required: true }),
    secret: text(
      '<secret>',
      'sign it with this shared secret (X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256; ' +
        'default: STORE_CLI_WEBHOOK_SECRET); without one the event goes unsigned',
    ),
    brand: oneOf('<brand>', BRAND_HELP, BRANDS),
    productId: text('<id>', 'product topics: put this product id on the payload (the product, its variants and images) instead of its own'),
    file: text('<file>', 'send this JSON payload (- for stdin) instead of the sample; checked like the sample'),
    set: list(
      '<field=value>',
      'change one field of the payload, e.g. title=Sweater or variants.0.price=19.99 (value read as JSON when it is JSON); repeatable',
    ),
  },
  json: { fields: SENT_FIELDS, what: '{topic, webhookId, productId, url, status} as JSON' },
  examples: [
    'store-cli webhook trigger products/create --to http://127.0.0.1:3000/webhooks --secret s3cret',
    'store-cli webhook trigger products/update --to http://127.0.0.1:4343/ --product-id 4000000000000000123 --set title=Sweater --set variants.0.price=59.00',
    'store-cli webhook trigger customers/create --to http://127.0.0.1:3000/webhooks --set email=grace@example.com',
  ],
  notes: `
Sends the topic's object as the store's docs show it: a product as GET /products/{id}
returns it, an order, a customer, or a discount in the shape of the family it goes to
(Genstore's nested, its type, method and code in promotionType; the service's flat); a
deletion names only the id ({"productId"}, {"orderId"}, {"id"} of a customer, a discount's
{"discountId"} on Genstore, {"id"} on the service); shop/update the shop
({"shop"}), the app topics their docs' event data ({"authScope"}, {"uninstalled"},
{"authCode"}); the compliance topics (customers/data_request, customers/redact,
shop/redact) the shop, the customer and the orders concerned. Each goes with a fresh
webhook id and trigger time, and the receiver's status is printed. The headers are the
profile's family (X-Service-* by default, X-Genstore-* for a Genstore store; --brand
chooses), with the profile's store host as the shop domain when a store is set.
Every documented topic but the collections' has a sample (the sandbox sends those), and
orders/delete, which the store's docs do not list: it goes with a warning. Another topic
exits 2 (webhook subscribe takes any).
--file gives the whole payload (at most 1 MiB); --product-id, then each --set in order,
apply on top of the sample or the file. A number or true/false set where the payload has a
string stays the text typed (ids and amounts digit-exact). The result must match the
topic's sample schema: a problem names the --set or file and the JSON path (exit 2, nothing sent).
Exit 0 when the receiver answers 2xx; 1 when it answers anything else or cannot be reached.
`,
  async run(options, ctx) {
    const topic = options.topic;
    if (!hasSample(topic)) {
      const near = nearest(topic, SAMPLE_TOPICS);
      if (near.length > 0) throw new UsageError(`Cannot trigger ${topic}: did you mean ${orList(near)}? Nothing was sent.`);
      const why = isWellFormedTopic(topic) ? `there is no sample payload for '${topic}'` : `'${topic}' is not a topic`;
      throw new UsageError(`Cannot trigger ${topic}: ${why}; trigger sends the samples of ${SAMPLE_TOPICS.join(', ')}.`);
    }
    const to = httpUrlFlag(options.to, '--to');
    const secret = secretFlag(options.secret, ctx.env);
    if (options.productId !== undefined && !isProductTopic(topic))
      throw new UsageError(`--product-id is for the product topics; ${topic} carries no product (use --set to change its fields).`);
    if (options.productId !== undefined && !/^\d{1,20}$/.test(options.productId)) {
      throw new UsageError(`--product-id must be a numeric id of at most 20 digits (got '${options.productId}').`);
    }
    if (UNDOCUMENTED_TOPICS.includes(topic))
      ctx.warn(`${topic} is not a topic the store documents: a store may never send it; the sample is sent all the same.`);
    const out = await ctx.output();
    // The family first: a discount's sample (and a --file or --set on it) takes its shape.
    const [brand, shopDomain] = await Promise.all([sendingBrand(options.brand, ctx), profileShopDomain(ctx)]);
    const payload = await payloadOf(topic, options, brand.value, ctx);
    const [{ randomUUID }, { buildDelivery }] = await Promise.all([import('node:crypto'), import('../../webhooks/delivery.js')]);

    const webhookId = randomUUID();
    const delivery = buildDelivery({
      brand: brand.value,
      ...(shopDomain === undefined ? {} : { shopDomain }),
      topic,
      payload,
      webhookId,
      triggeredAt: ctx.now(),
      ...(secret === undefined ? {} : { secret }),
      userAgent: `store-cli/${VERSION}`,
    });
    if (secret === undefined) warnUnsigned(ctx, brand.value);
    const status = await sendDelivery(ctx, to, delivery, `the ${topic} event`);
    await out.item({ topic, webhookId, ...(payload.productId === undefined ? {} : { productId: payload.productId }), url: shownUrl(to), status }, sentView);
  },
});

/** The family's sample, or --file; then --product-id and the --set changes; checked by the topic's schema (a discount's in the family's shape). */
async function payloadOf(
  topic: SampleTopic,
  options: { file?: string | undefined; set?: string[] | undefined; productId?: string | undefined },
  brand: Brand,
  ctx: Context,
): Promise<{ productId?: string }> {
  const [{ samplePayload, putProductId }, { shapeOf }] = await Promise.all([import('../../webhooks/samples.js'), import('../../api/discounts/wire-shape.js')]);
  if (options.file === undefined && options.set === undefined) return samplePayload(topic, options.productId, brand);
  const [{ applyFieldSets, checkCustomPayload, parseFieldSets }, { parseJsonInput, readInputText }] = await Promise.all([
    import('../../webhooks/custom-payload.js'),
    import('../../core/input-text.js'),
  ]);
  const sets = parseFieldSets(options.set ?? []);
  const file = options.file === undefined ? undefined : options.file === '-' ? 'stdin' : options.file;
  let payload: unknown;
  if (file === undefined) payload = samplePayload(topic, undefined, brand);
  else {
    const text = await readInputText(options.file!, ctx.io.stdin, `--file ${file}`);
    if (text.trim() === '') throw new UsageError(`--file ${file} is empty: it must be the JSON payload.`, false);
    payload = parseJsonInput(text, `--file ${file}`);
  }
  if (options.productId !== undefined) putProductId(payload, options.productId);
  applyFieldSets(payload, sets);
  checkCustomPayload(topic, payload, { ...(file === undefined ? {} : { file }), sets, discountShape: shapeOf(brand) });
  return payload as { productId?: string };
}
