// `webhook listen`: a local receiver for webhook deliveries of either header family, one line
// each on stdout, signatures checked with --secret (a bad one refused with 401). --forward-to
// passes each on to the app and answers with its status; --log keeps each, synced before the
// sender hears 2xx, for `webhook resend`.
import { EventEmitter, on } from 'node:events';
import { DEFAULT_TIMEOUT_MS, type Context } from '../../root/context.js';
import { defineVerb, text, whole } from '../verb.js';
import { DELIVERY_FIELDS, deliveryView } from './view.js';
import { httpUrlFlag, secretFlag } from './flags.js';
import { shownUrl } from '../../core/secrets.js';

const DEFAULT_LISTEN_PORT = 4343;

export default defineVerb({
  mutates: true,
  name: 'listen',
  summary: 'Receive webhook deliveries locally (X-Service-* or X-Genstore-*): one line each, signatures checked, optionally forwarded to your app',
  flags: {
    port: whole('<n>', 'port to listen on, 0 for any free port', { min: 0, max: 65535, default: DEFAULT_LISTEN_PORT }),
    host: text('<host>', 'address to listen on', { default: '127.0.0.1' }),
    secret: text(
      '<secret>',
      'check X-Service-Hmac-Sha256 or X-Genstore-Hmac-Sha256 with this shared secret ' +
        '(default: STORE_CLI_WEBHOOK_SECRET); refuse a bad or missing signature with 401',
    ),
    forwardTo: text('<url>', "forward each accepted delivery, headers and body unchanged, to this URL, and answer the sender with the app's status"),
    log: text(
      '<file>',
      'append each accepted delivery to FILE as a JSON line (all headers, exact body), on disk before the sender is answered; webhook resend replays them',
    ),
  },
  json: { fields: DELIVERY_FIELDS, what: 'one JSON object per delivery (NDJSON)', jsonl: 'the same as --json' },
  examples: [
    'store-cli webhook listen --secret "$WEBHOOK_SECRET"',
    'store-cli webhook listen --port 0 --secret s3cret --forward-to http://127.0.0.1:3000/webhooks',
    'store-cli webhook listen --secret "$WEBHOOK_SECRET" --log deliveries.jsonl --json topic,productId,title',
  ],
  notes: `
Pair it with a sandbox that delivers to it: store-cli sandbox serve --webhook http://127.0.0.1:4343/
Deliveries of either header family are accepted: X-Service-* (the spec's names) or
X-Genstore-* (a Genstore store's), each read and checked under its own names.
Prints one line per accepted delivery on stdout (time, topic, product id, title,
signature, header family, forward status); --json prints {receivedAt, topic, webhookId,
triggeredAt, apiVersion, brand, shopDomain, productId, title, verified, status,
forwardStatus, payload} per line instead.
Refusals and failed forwards are warnings on stderr. Answers: 200, or with --forward-to the
app's own status (502 when it cannot be reached), so the sender retries when the app
failed; 401 for a bad signature, 400 for a body that is not JSON, 405 for anything but POST.
Without a secret nothing proves a delivery came from a store, so what a web page can send
is refused: 403 for a request with an Origin header, 415 for a body not sent as
application/json. A signature carries no time: a delivery captured once verifies again
when replayed, so a handler should skip webhook ids it has handled.
--log FILE appends {receivedAt, method, path, headers, body, verified} per accepted delivery
(file mode 0600, never truncated: runs add up), synced before the sender hears 2xx, so an
acknowledged delivery survives even kill -9. A directory or unwritable FILE exits 2.
The address it listens on goes to stderr; Ctrl-C or SIGTERM stops it cleanly (exit 0).
`,
  async run(options, ctx) {
    const port = options.port;
    const forwardTo = options.forwardTo === undefined ? undefined : httpUrlFlag(options.forwardTo, '--forward-to');
    const secret = secretFlag(options.secret, ctx.env);
    // --json and --jsonl are the same here: one object a line, optionally only some fields.
    const ndjson = options.json !== undefined || options.jsonl !== undefined;
    const out = await ctx.output(ndjson ? { json: options.json ?? true, jsonl: options.jsonl ?? true } : {});
    const log = options.log === undefined ? undefined : await openLog(options.log, ctx);
    const { startReceiver } = await import('../../webhooks/receiver.js');
    const warn = (message: string) => ctx.warn(message);

    const arrivals = new EventEmitter();
    let receiver;
    try {
      receiver = await startReceiver({
        host: options.host,
        port,
        ...(secret === undefined ? {} : { secret }),
        ...(forwardTo ? { forwardTo } : {}),
        ...(log ? { keep: (delivery) => log.append(delivery) } : {}),
        forwardTimeoutMs: ctx.globals.timeout ?? DEFAULT_TIMEOUT_MS,
        now: () => ctx.now(),
        onDelivery: (delivery) => arrivals.emit('delivery', delivery),
        onWarning: warn,
      });
    } catch (error) {
      await log?.close();
      throw error;
    }
    ctx.say(
      `Listening for webhook deliveries on ${receiver.url}${forwardTo ? `, forwarding them to ${shownUrl(forwardTo)}` : ''}` +
        `${log ? `, keeping them in ${options.log}` : ''}. Ctrl-C stops it.`,
    );
    if (secret === undefined) warn('no --secret (nor STORE_CLI_WEBHOOK_SECRET): signatures are not checked, and every delivery is shown as unchecked.');

    // Deliveries stream to the exporter as they arrive, until Ctrl-C or SIGTERM.
    async function* deliveries() {
      try {
        for await (const [delivery] of on(arrivals, 'delivery', { signal: ctx.signal })) yield [delivery];
      } catch (error) {
        if (!ctx.signal.aborted) throw error;
      }
    }
    try {
      await out.list(deliveries(), deliveryView(forwardTo !== undefined), 'No deliveries arrived.');
    } finally {
      await receiver.close();
      await log?.close();
      ctx.say('Stopped listening.');
    }
  },
});

/** The --log file, opened before listening: it must not be where stdout or stderr go. */
async function openLog(path: string, ctx: Context) {
  const [{ openDeliveryLog }, { identityOfStream }] = await Promise.all([import('../../webhooks/delivery-log.js'), import('../../core/file-identity.js')]);
  return openDeliveryLog(path, [
    { identity: identityOfStream(ctx.io.stdout), what: 'the file stdout goes to' },
    { identity: identityOfStream(ctx.io.stderr), what: 'the file stderr goes to' },
  ]);
}
