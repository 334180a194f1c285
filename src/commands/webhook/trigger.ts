import { DEFAULT_TIMEOUT_MS, type Context } from '../../core/context.js';
import { CancelledError, NetworkError, RuntimeError, UsageError } from '../../core/errors.js';
import { VERSION } from '../../version.js';
import { isWebhookTopic, WEBHOOK_HEADERS, WEBHOOK_TOPICS } from '../../webhooks/wire.js';
import { arg, defineVerb, text, type OptionsOf } from '../verb.js';
import { httpUrlFlag, secretFlag } from './flags.js';
import { shownUrl } from '../../core/secrets.js';
import { SENT_FIELDS, sentView } from './view.js';

const verb = defineVerb({
  name: 'trigger',
  summary: 'Send a realistic signed sample event of a topic to a URL, to test a webhook handler without a store',
  args: { topic: arg(WEBHOOK_TOPICS.join(', ')) },
  flags: {
    to: text('<url>', 'the handler to send it to (absolute http or https URL)', { required: true }),
    secret: text('<secret>', 'sign it with this shared secret (X-Service-Hmac-Sha256; default: STORE_CLI_WEBHOOK_SECRET); without one the event goes unsigned'),
    productId: text('<id>', "put this product id in the sample instead of the sample's own"),
  },
  json: { fields: SENT_FIELDS, what: '{topic, webhookId, productId, url, status} as JSON' },
  examples: [
    'store-cli webhook trigger products/create --to http://127.0.0.1:3000/webhooks --secret s3cret',
    'store-cli webhook trigger products/delete --to http://127.0.0.1:4343/ --secret s3cret --product-id 4000000000000000123',
    'store-cli webhook trigger products/update --to http://127.0.0.1:4343/ --json status',
  ],
  notes: `
Sends a product as GET /products/{id} returns it (products/delete: {"productId": ...}) with
a fresh X-Service-Webhook-Id and X-Service-Triggered-At, and prints the receiver's status.
Exit 0 when the receiver answers 2xx; 1 when it answers anything else or cannot be reached.
`,
});

export type TriggerOptions = OptionsOf<typeof verb>;
export const register = verb.register;

export async function run(options: TriggerOptions, ctx: Context): Promise<void> {
  const topic = options.topic;
  if (!isWebhookTopic(topic)) throw new UsageError(`Unknown topic '${topic}': the topics are ${WEBHOOK_TOPICS.join(', ')}.`);
  const to = httpUrlFlag(options.to, '--to');
  const where = shownUrl(to);
  const secret = secretFlag(options.secret, ctx.env);
  if (options.productId !== undefined && !/^\d{1,20}$/.test(options.productId)) {
    throw new UsageError(`--product-id must be a numeric id of at most 20 digits (got '${options.productId}').`);
  }
  const out = await ctx.output(options, verb.json.fields);
  const [{ randomUUID }, { samplePayload }, { buildDelivery }, { PostFailure, postRaw }] = await Promise.all([
    import('node:crypto'),
    import('../../webhooks/samples.js'),
    import('../../webhooks/delivery.js'),
    import('../../webhooks/post.js'),
  ]);

  const payload = samplePayload(topic, options.productId);
  const webhookId = randomUUID();
  const delivery = buildDelivery({
    topic,
    payload,
    webhookId,
    triggeredAt: ctx.now(),
    ...(secret === undefined ? {} : { secret }),
    userAgent: `store-cli/${VERSION}`,
  });
  if (secret === undefined) {
    ctx.warn(`no --secret (nor STORE_CLI_WEBHOOK_SECRET): the event goes unsigned (no ${WEBHOOK_HEADERS.signature} header), and a receiver that checks signatures refuses it.`);
  }
  if (ctx.globals.verbose) {
    ctx.say(`> POST ${where}`);
    for (let i = 0; i < delivery.headers.length; i += 2) ctx.say(`> ${delivery.headers[i]}: ${delivery.headers[i + 1]}`);
  }

  let reply;
  try {
    reply = await ctx.spin(`Sending ${topic} to ${where}…`, () =>
      postRaw(to, { headers: delivery.headers, body: delivery.body, timeoutMs: ctx.globals.timeout ?? DEFAULT_TIMEOUT_MS, signal: ctx.signal }),
    );
  } catch (error) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (error instanceof PostFailure) {
      throw new NetworkError(`Could not deliver the ${topic} event to ${where}: ${error.reason}${error.code ? ` (${error.code})` : ''}.`, error.code);
    }
    throw error;
  }
  if (ctx.globals.verbose) ctx.say(`< ${reply.status}`);
  if (reply.status < 200 || reply.status > 299) {
    const said = reply.body.toString('utf8').replace(/\s+/g, ' ').trim();
    throw new RuntimeError(`The receiver at ${where} answered ${reply.status} to the ${topic} event${said ? `: ${said.length > 200 ? `${said.slice(0, 200)}…` : said}` : ''}.`);
  }
  await out.item({ topic, webhookId, productId: payload.productId, url: where, status: reply.status }, sentView);
}
