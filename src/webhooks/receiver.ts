// The local receiver behind `webhook listen`: a node:http server that checks each
// delivery's signature over the raw body, optionally forwards it unchanged to a local
// app, answers the sender, and reports what arrived.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../core/errors.js';
import { shownUrl } from '../core/secrets.js';
import type { LoggedDelivery } from './delivery-log.js';
import { BRANDS, type Brand } from '../core/brand.js';
import { brandOf, deliveryFacts, header, parsePayload, type DeliveryFacts } from './incoming.js';
import { PostFailure, postRaw } from './post.js';
import { hasValidSignature } from './signature.js';
import { eitherName, webhookHeaders } from './wire.js';

/** Larger bodies get 413 unread: a product with 100 variants is far below this. */
const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;

export interface ReceivedDelivery extends DeliveryFacts {
  receivedAt: string;
  /** True when --secret is set (a bad signature is refused, never reported as received). */
  verified: boolean;
  /** What the receiver answered the sender. */
  status: number;
  /** With forwarding: the local app's status, or null when it could not be reached. */
  forwardStatus?: number | null;
  payload: unknown;
}

export interface ReceiverOptions {
  host: string;
  port: number;
  secret?: string;
  forwardTo?: URL;
  forwardTimeoutMs: number;
  now: () => Date;
  onDelivery(delivery: ReceivedDelivery): void;
  /** Keeps an accepted delivery before it is answered (or forwarded): the sender hears 2xx only once this resolves. */
  keep?: (delivery: LoggedDelivery) => Promise<void>;
  /** A delivery refused or not forwarded, in one sentence. */
  onWarning(message: string): void;
}

export interface RunningReceiver {
  url: string;
  close(): Promise<void>;
}

// Hop-by-hop headers describe one connection, not the message: a proxy never passes
// them on. Host and Content-Length are rewritten for the app's connection.
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length']);

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const closing = new AbortController();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      refuse(res, 500, 'The receiver failed to handle the delivery.');
      options.onWarning(`Failed to handle a request to ${req.url ?? '/'}: ${error instanceof Error ? error.message : String(error)} (answered 500).`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    if (req.method !== 'POST') {
      req.resume();
      refuse(res, 405, 'Webhook deliveries are POST requests.', { Allow: 'POST' });
      options.onWarning(`Refused a ${req.method} request to ${path}: webhook deliveries are POST requests (answered 405).`);
      return;
    }
    const claimed = brandOf(req.headers);
    const names = claimed === undefined ? undefined : webhookHeaders(claimed);
    const label = describe(names && header(req.headers, names.topic), names && header(req.headers, names.webhookId), claimed);
    if (options.secret === undefined) {
      // Unsigned deliveries are taken on trust, so nothing a web page can send gets through:
      // a browser names itself with Origin, and it can post only text, forms or blobs
      // without asking first (CORS "simple requests"); a store posts JSON and no Origin.
      const origin = header(req.headers, 'origin');
      if (origin !== undefined) {
        req.resume();
        refuse(res, 403, 'Requests from a web page (with an Origin header) are refused.', { Connection: 'close' });
        options.onWarning(
          `Refused ${label}: it carries an Origin header (${origin.slice(0, 80)}), as a web page's request does, ` +
            `and without --secret nothing proves it came from a store (answered 403).`,
        );
        return;
      }
      const type = header(req.headers, 'content-type');
      if (!isJsonMediaType(type)) {
        req.resume();
        refuse(res, 415, 'Webhook deliveries are application/json.', { Connection: 'close' });
        options.onWarning(
          `Refused ${label}: its Content-Type is ${type === undefined ? 'missing' : `'${type.slice(0, 80)}'`}, ` +
            `not application/json, and without --secret nothing proves it came from a store (answered 415).`,
        );
        return;
      }
    }
    const body = await readBody(req);
    if (body === undefined) {
      refuse(res, 413, `The body exceeds ${MAX_DELIVERY_BYTES} bytes.`, { Connection: 'close' });
      options.onWarning(`Refused ${label}: the body exceeds ${MAX_DELIVERY_BYTES} bytes (answered 413).`);
      return;
    }
    // The family the facts are read in: the one whose signature matched, else the one the headers show.
    let brand = claimed;
    if (options.secret !== undefined) {
      const signed = BRANDS.filter((b) => header(req.headers, webhookHeaders(b).signature) !== undefined);
      const verified = signed.find((b) => hasValidSignature(body, options.secret!, header(req.headers, webhookHeaders(b).signature)));
      if (verified === undefined) {
        const which = signed.map((b) => webhookHeaders(b).signature).join(' and ');
        const why =
          signed.length === 0 ? `it carries no ${eitherName('signature')} header` : `its ${which} signature does not match the body signed with --secret`;
        refuse(res, 401, signed.length === 0 ? `The ${eitherName('signature')} header is missing.` : `The ${which} signature does not match the body.`);
        options.onWarning(`Refused ${label}: ${why} (answered 401${options.forwardTo ? ', nothing forwarded' : ''}).`);
        return;
      }
      brand = verified;
    }
    let payload: unknown;
    try {
      payload = parsePayload(body);
    } catch (error) {
      refuse(res, 400, 'The body is not JSON.');
      options.onWarning(`Refused ${label}: ${(error as Error).message} (answered 400).`);
      return;
    }
    const receivedAt = options.now().toISOString();
    // A failure to keep it answers 500 (the handler's catch), so the sender retries.
    await options.keep?.({
      receivedAt,
      method: req.method,
      path,
      headers: headerPairs(req.rawHeaders),
      body: body.toString('utf8'),
      verified: options.secret !== undefined,
    });
    const facts = deliveryFacts(req.headers, payload, brand);
    const delivery: ReceivedDelivery = { receivedAt, ...facts, verified: options.secret !== undefined, status: 200, payload };
    if (options.forwardTo) {
      const forwarded = await forward(req, body, options.forwardTo, label);
      delivery.forwardStatus = forwarded.status ?? null;
      if (forwarded.status === undefined) {
        delivery.status = 502;
        refuse(res, 502, 'The local app could not be reached.');
      } else {
        // The sender sees the app's own answer, so it retries exactly when the app failed.
        delivery.status = forwarded.status;
        const type = forwarded.contentType;
        res.writeHead(forwarded.status, type ? { 'Content-Type': type, 'Content-Length': forwarded.body.length } : { 'Content-Length': forwarded.body.length });
        res.end(forwarded.body);
      }
    } else {
      sendJson(res, 200, { received: true });
    }
    options.onDelivery(delivery);
  }

  async function forward(req: IncomingMessage, body: Buffer, target: URL, label: string): Promise<{ status?: number; contentType?: string; body: Buffer }> {
    try {
      const reply = await postRaw(target, { headers: forwardedHeaders(req.rawHeaders), body, timeoutMs: options.forwardTimeoutMs, signal: closing.signal });
      const type = reply.headers['content-type'];
      return { status: reply.status, ...(type ? { contentType: type } : {}), body: reply.body };
    } catch (error) {
      if (!(error instanceof PostFailure)) throw error;
      options.onWarning(`Could not forward ${label} to ${shownUrl(target)}: ${error.reason} (answered 502, so the sender retries).`);
      return { body: Buffer.alloc(0) };
    }
  }

  await listen(server, options.port, options.host);
  const url = `http://${urlHost(options.host)}:${(server.address() as AddressInfo).port}/`;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      closing.abort();
      const force = setTimeout(() => server.closeAllConnections(), 1000);
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      // Idle keep-alive connections (a sender's pool) would otherwise hold close() up.
      server.closeIdleConnections();
    }));
  return { url, close };
}

function headerPairs(rawHeaders: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}

/** rawHeaders minus what belongs to the connection, case and order kept. */
function forwardedHeaders(rawHeaders: readonly string[]): string[] {
  const pairs: string[] = [];
  const connectionTokens = new Set<string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'connection') for (const token of rawHeaders[i + 1]!.split(',')) connectionTokens.add(token.trim().toLowerCase());
  }
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (NOT_FORWARDED.has(name) || connectionTokens.has(name)) continue;
    pairs.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return pairs;
}

function describe(topic: string | undefined, webhookId: string | undefined, brand: Brand | undefined): string {
  const what = topic ? `a ${topic} delivery` : 'a delivery without a topic';
  const about = [...(brand ? [`${webhookHeaders(brand).topic.slice(0, -'Topic'.length)}* headers`] : []), ...(webhookId ? [`webhook id ${webhookId}`] : [])];
  return about.length ? `${what} (${about.join(', ')})` : what;
}

/** `application/json` or a `+json` type, parameters (charset) aside. */
function isJsonMediaType(type: string | undefined): boolean {
  const essence = type?.split(';')[0]!.trim().toLowerCase();
  return essence !== undefined && (essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence));
}

/** The whole body, or undefined when it is over the limit (the rest is drained, not kept). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_DELIVERY_BYTES) {
      req.resume();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_DELIVERY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_DELIVERY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('the sender closed the connection before the body was complete'));
    });
  });
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: message }, headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE')
        reject(new UsageError(`Cannot listen on ${where}: the port is in use (pick another with --port; 0 picks a free one).`, false));
      else if (error.code === 'EACCES') reject(new UsageError(`Not allowed to listen on ${where}: pick a port above 1023 with --port.`, false));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new UsageError(`Cannot listen on ${where}: --host is not a local address.`, false));
      else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** The address to show: a wildcard bind is reached through loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return reachable.includes(':') ? `[${reachable}]` : reachable;
}
