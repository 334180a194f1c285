// The sandbox's outgoing webhooks: every event a resource emits, posted to each --webhook URL and
// each subscriber of its topic, signed and retried, in the order and with the give-up rule of the
// dialect, never holding up the request that caused it.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookHeaderNames, WebhookPolicy } from './dialect.js';
import { serializeJson, type IdsAs } from './body-json.js';
import type { ResourceEvent } from '../resources/resource.js';

/**
 * Webhooks: each event the store emits is POSTed to every URL given at start (the `--webhook`
 * shortcut: all topics) and to every subscription of its topic, once per URL, signed with the shared
 * secret, and retried with exponential backoff and jitter until a 2xx answer or the last
 * attempt. Delivery never holds up the request that caused it. The dialect's policy says
 * how events are ordered: by default one URL gets one product's events in order (the next
 * waits until the previous one was delivered or given up); with a shuffle window, events
 * are held that long and then sent at once in a random order, as a store that guarantees
 * no order would. It also says after how many consecutive failures a URL is dropped.
 */

export const API_VERSION = '202412';
/**
 * The shop-domain header's value. A real store sends its own domain (`{shop}.genmystore.com`);
 * the sandbox has no domain of its own, and a `.localhost` name (RFC 6761) can never be a
 * real store's.
 */
export const SANDBOX_SHOP_DOMAIN = 'sandbox.localhost';
export const MAX_ATTEMPTS = 8;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

export interface WebhookLogLine {
  topic: string;
  /** The subscriber, without any user:password part. */
  url: string;
  webhookId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  /** The subscriber's HTTP status, or 0 when none came (refused connection, timeout). */
  status: number;
  /** What went wrong when no status came. */
  error?: string;
  /** 'stopped': this failure was one too many in a row, and the URL gets no more deliveries. */
  outcome: 'delivered' | 'retrying' | 'gave-up' | 'stopped';
  /** When retrying: the wait before the next attempt. */
  retryInMs?: number;
  /** When stopped: the consecutive failures that stopped the URL. */
  failures?: number;
  ms: number;
}

export interface WebhookSettings {
  /** The `--webhook` shortcut: these URLs get every topic (not stored). */
  urls: readonly string[];
  /** The addresses subscribed to a topic (`/app/webhooks`), asked at each event. */
  subscribers?: (topic: string) => readonly string[];
  secret: string;
  idsAs: IdsAs;
  /** The first wait between attempts; each later wait doubles it (before jitter). */
  backoffMs: number;
  /** A subscriber that has not answered within this time has failed that attempt. */
  attemptTimeoutMs: number;
  /** Ordering and when to stop delivering to a URL (from the dialect). */
  policy: WebhookPolicy;
  /** The header names of the dialect's family. */
  headers: WebhookHeaderNames;
  /** The trigger time header's value, as the dialect writes times. */
  triggeredAt: (at: Date) => string;
  onDelivery?: (line: WebhookLogLine) => void;
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** base64 HMAC-SHA256 of the raw body: what the signature header (X-Service-Hmac-Sha256, X-Genstore-Hmac-Sha256) carries. */
export function signBody(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** "Equal jitter": half the exponential wait for sure, the other half at random, so retries spread out. */
export function backoffDelay(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const full = baseMs * 2 ** (attempt - 1);
  return Math.round(full / 2 + random() * (full / 2));
}

function shownUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

interface Delivery {
  topic: string;
  url: string;
  webhookId: string;
  body: Buffer;
  headers: Record<string, string>;
}

interface AttemptResult {
  status: number;
  error?: string;
}

function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  return error instanceof Error ? error.message : String(error);
}

export class WebhookDispatcher {
  /** Pending deliveries per subscriber and product, the first one in progress. */
  private readonly queues = new Map<string, Delivery[]>();
  private readonly running = new Set<Promise<void>>();
  private readonly waits = new Set<() => void>();
  private readonly requests = new Set<AbortController>();
  /** Events held per URL until their shuffle window ends, and the window's timer. */
  private readonly windows = new Map<string, { held: Delivery[]; timer: NodeJS.Timeout }>();
  /** Failed attempts in a row per URL (a 2xx resets it). */
  private readonly failuresInRow = new Map<string, number>();
  private readonly stopped = new Set<string>();
  private closed = false;

  constructor(private readonly settings: WebhookSettings) {}

  /** Queues the event for every subscriber and returns at once. */
  enqueue(event: ResourceEvent): void {
    if (this.closed) return;
    // A URL both given at start and subscribed gets the event once.
    const targets = new Set([...this.settings.urls, ...(this.settings.subscribers?.(event.topic) ?? [])]);
    // Nobody to tell (most bulk runs): no body to present, sign or send.
    if (targets.size === 0) return;
    const body = Buffer.from(serializeJson(event.payload(), this.settings.idsAs), 'utf8');
    const webhookId = randomUUID();
    const names = this.settings.headers;
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'store-cli-sandbox',
      [names.topic]: event.topic,
      [names.webhookId]: webhookId,
      [names.triggeredAt]: this.settings.triggeredAt(event.at),
      [names.apiVersion]: API_VERSION,
      [names.shopDomain]: SANDBOX_SHOP_DOMAIN,
      [names.signature]: signBody(body, this.settings.secret),
    };
    for (const url of targets) {
      if (this.stopped.has(url)) continue;
      const delivery: Delivery = { topic: event.topic, url, webhookId, body, headers };
      if (this.settings.policy.shuffleWindowMs > 0) {
        this.hold(delivery);
        continue;
      }
      const key = `${url}\n${event.key}`;
      const queue = this.queues.get(key);
      if (queue !== undefined) {
        queue.push(delivery);
        continue;
      }
      this.queues.set(key, [delivery]);
      // Started on the next turn of the event loop, after the reply to the request is on its way.
      const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain(key));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
  }

  /**
   * Delivers to a URL again after the dialect's policy stopped it (a subscription to it was
   * made or changed since), its count of failures in a row starting afresh.
   */
  resume(url: string): void {
    this.stopped.delete(url);
    this.failuresInRow.delete(url);
  }

  /** Stops at once: waits between attempts end, requests in flight are cut, queued and held events are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
    for (const wake of this.waits) wake();
    for (const controller of this.requests) controller.abort();
    await Promise.all(this.running);
    this.queues.clear();
  }

  /** Adds a delivery to its URL's open window, opening one if none is. */
  private hold(delivery: Delivery): void {
    const open = this.windows.get(delivery.url);
    if (open !== undefined) {
      open.held.push(delivery);
      return;
    }
    const timer = setTimeout(() => this.release(delivery.url), this.settings.policy.shuffleWindowMs);
    this.windows.set(delivery.url, { held: [delivery], timer });
  }

  /** Ends a URL's window: its deliveries start together, in a random order, each on its own. */
  private release(url: string): void {
    const held = this.windows.get(url)?.held ?? [];
    this.windows.delete(url);
    for (let index = held.length - 1; index > 0; index -= 1) {
      const other = Math.floor(Math.random() * (index + 1));
      [held[index], held[other]] = [held[other] as Delivery, held[index] as Delivery];
    }
    for (const delivery of held) {
      const run = this.deliver(delivery);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
  }

  private async drain(key: string): Promise<void> {
    const queue = this.queues.get(key) as Delivery[];
    while (queue.length > 0 && !this.closed) {
      await this.deliver(queue[0] as Delivery);
      queue.shift();
    }
    this.queues.delete(key);
  }

  private async deliver(delivery: Delivery): Promise<void> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !this.closed; attempt += 1) {
      // Another delivery to the same URL may have stopped it meanwhile.
      if (this.stopped.has(delivery.url)) return;
      const started = performance.now();
      const result = await this.post(delivery);
      if (this.closed || this.stopped.has(delivery.url)) return;
      const ok = result.status >= 200 && result.status < 300;
      const failures = ok ? 0 : (this.failuresInRow.get(delivery.url) ?? 0) + 1;
      this.failuresInRow.set(delivery.url, failures);
      const limit = this.settings.policy.stopAfterFailures;
      const stop = limit !== undefined && failures >= limit;
      if (stop) this.stopped.add(delivery.url);
      const outcome = ok ? 'delivered' : stop ? 'stopped' : attempt === MAX_ATTEMPTS ? 'gave-up' : 'retrying';
      const retryInMs = outcome === 'retrying' ? backoffDelay(attempt, this.settings.backoffMs) : undefined;
      this.report({
        topic: delivery.topic,
        url: shownUrl(delivery.url),
        webhookId: delivery.webhookId,
        attempt,
        maxAttempts: MAX_ATTEMPTS,
        status: result.status,
        ...(result.error === undefined ? {} : { error: result.error }),
        outcome,
        ...(retryInMs === undefined ? {} : { retryInMs }),
        ...(stop ? { failures } : {}),
        ms: Math.round(performance.now() - started),
      });
      if (retryInMs === undefined) return;
      await this.sleep(retryInMs);
    }
  }

  private report(line: WebhookLogLine): void {
    try {
      this.settings.onDelivery?.(line);
    } catch {
      // A broken log hook must not stop deliveries.
    }
  }

  /** Resolves after `ms`, or at once when the dispatcher closes. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waits.add(wake);
    });
  }

  private post(delivery: Delivery): Promise<AttemptResult> {
    return new Promise((resolve) => {
      const controller = new AbortController();
      let timedOut = false;
      let settled = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.settings.attemptTimeoutMs);
      const finish = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.requests.delete(controller);
        resolve(result);
      };
      this.requests.add(controller);
      const send = delivery.url.startsWith('https:') ? httpsRequest : httpRequest;
      // agent: false gives a connection of its own that closes after the answer, so nothing
      // lingers to keep the process alive once the sandbox stops.
      const req = send(
        delivery.url,
        { method: 'POST', headers: { ...delivery.headers, 'Content-Length': String(delivery.body.length) }, agent: false, signal: controller.signal },
        (res) => {
          const status = res.statusCode ?? 0;
          res.on('error', () => finish({ status }));
          res.on('end', () => finish({ status }));
          res.resume();
        },
      );
      req.on('error', (error) => finish({ status: 0, error: describeFailure(error, timedOut, this.settings.attemptTimeoutMs) }));
      req.end(delivery.body);
    });
  }
}
