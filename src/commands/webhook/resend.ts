// `webhook resend`: sends a delivery `webhook listen --log` kept to a URL again: its body byte
// for byte, its headers renamed into the family it goes in, re-signed, with a fresh trigger time.
// The webhook id is kept, as a store's own retry keeps it, so a handler's de-duplication holds.
import { UsageError } from '../../core/errors.js';
import { shownUrl } from '../../core/secrets.js';
import { VERSION } from '../../version.js';
import { BRANDS } from '../../core/brand.js';
import { plural, pluralWord } from '../../core/words.js';
import { familyOf, webhookHeaders } from '../../webhooks/wire.js';
import { arg, defineVerb, oneOf, text } from '../verb.js';
import { BRAND_HELP, httpUrlFlag, secretFlag, sendingBrand } from './flags.js';
import { sendDelivery, warnUnsigned } from './send.js';
import { SENT_FIELDS, sentView } from './view.js';

export default defineVerb({
  mutates: true,
  name: 'resend',
  summary: 'Send a delivery kept by webhook listen --log again, re-signed, to a URL',
  args: {
    webhookId: arg('the webhook id of the delivery, X-Service-Webhook-Id or X-Genstore-Webhook-Id (the last one in the log when it came several times)'),
  },
  flags: {
    log: text('<file>', 'the file webhook listen --log wrote', { required: true }),
    to: text('<url>', 'the handler to send it to (absolute http or https URL)', { required: true }),
    secret: text(
      '<secret>',
      'sign it with this shared secret (X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256; default: STORE_CLI_WEBHOOK_SECRET); without one it goes unsigned',
    ),
    brand: oneOf('<brand>', `${BRAND_HELP}; without any of those, the family it was logged in`, BRANDS),
  },
  json: { fields: SENT_FIELDS, what: '{topic, webhookId, productId, url, status} as JSON' },
  examples: [
    'store-cli webhook resend 3f6c1a52-8d0e-4c1b-9a57-2b1f0e6d4c10 --log deliveries.jsonl --to http://127.0.0.1:3000/webhooks --secret s3cret',
    'store-cli webhook resend 3f6c1a52-8d0e-4c1b-9a57-2b1f0e6d4c10 --log deliveries.jsonl --to http://127.0.0.1:3000/webhooks --json status',
  ],
  notes: `
Sends the logged body byte for byte, with the logged X-Service-* or X-Genstore-* headers
renamed into the family it sends in (the profile's brand or --brand), a fresh trigger time
and a new signature over the body. The webhook id is kept, as a store's own retry or
resend keeps it: a handler that skips ids it has handled skips it too.
Exit 0 when the receiver answers 2xx; 1 when it answers anything else or cannot be reached;
2 when the log has no delivery with that id. The ids in a log:
  jq -r '.headers[] | select(.[0] | ascii_downcase | test("^x-(service|genstore)-webhook-id$")) | .[1]' deliveries.jsonl
`,
  async run(options, ctx) {
    const to = httpUrlFlag(options.to, '--to');
    const secret = secretFlag(options.secret, ctx.env);
    const out = await ctx.output();
    const [{ findLoggedDelivery, loggedHeader }, { replayDelivery }, { deliveryFacts, parsePayload }] = await Promise.all([
      import('../../webhooks/delivery-log.js'),
      import('../../webhooks/delivery.js'),
      import('../../webhooks/incoming.js'),
    ]);
    const search = await findLoggedDelivery(
      options.log,
      options.webhookId,
      BRANDS.map((b) => webhookHeaders(b).webhookId),
    );
    const skipped = search.skipped;
    if (skipped.length) {
      const lines = skipped.slice(0, 5).join(', ') + (skipped.length > 5 ? ', …' : '');
      ctx.warn(
        `${options.log}: skipped ${plural(skipped.length, 'line that is', 'lines that are')} ` +
          `not a logged delivery (${pluralWord(skipped.length, 'line')} ${lines}).`,
      );
    }
    const logged = search.found;
    if (!logged) throw new UsageError(`No delivery with webhook id ${options.webhookId} in ${options.log}; nothing was sent.`, false);
    if (!logged.verified)
      ctx.warn(
        `the logged delivery was not checked when received (listen had no secret): ` +
          `it is resent as it came, ${secret === undefined ? 'unsigned' : 're-signed'}.`,
      );

    // Nothing names a family (no flag, environment, profile or store host): the logged one's.
    const chosen = await sendingBrand(options.brand, ctx);
    const logFamily = familyOf((name) => loggedHeader(logged, name) !== undefined);
    const brand = chosen.source === 'default' && logFamily !== undefined ? logFamily : chosen.value;
    const delivery = replayDelivery({ logged, brand, triggeredAt: ctx.now(), ...(secret === undefined ? {} : { secret }), userAgent: `store-cli/${VERSION}` });
    if (secret === undefined) warnUnsigned(ctx, brand);

    const topic = loggedHeader(logged, webhookHeaders(logFamily ?? brand).topic) ?? '';
    const status = await sendDelivery(ctx, to, delivery, `the resent ${topic || 'delivery'}${topic ? ' event' : ''} (webhook id ${options.webhookId})`);
    let productId = '';
    try {
      productId = deliveryFacts({}, parsePayload(delivery.body)).productId ?? '';
    } catch {
      // A body that no longer parses was accepted as JSON once; it is resent as it is, without an id to show.
    }
    await out.item({ topic, webhookId: options.webhookId, productId, url: shownUrl(to), status }, sentView);
  },
});
