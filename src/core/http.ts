// The one HTTP client: keep-alive connections, the access-token header, timeouts, the one
// retry loop, lossless JSON and a redacted request log. Before each attempt it asks the rate
// governor (rate-governor.ts) and after each it tells it how the attempt ended; its retry
// policy (retry.ts) says what is sent again and when: a command's few quick tries, or a bulk
// run's patience. Its attempts go on a wire (http-wire.ts): node's http for a command, undici's
// pool for a bulk run's many connections. src/api modules are its only callers.
import { AnswerTooLargeError, ApiError, CancelledError, NetworkError, UnreachableError, UnreadableAnswerError, type RequestError } from './errors.js';
import { describeErrorBody } from './error-body.js';
import { parseJson, toJson } from './json.js';
import { RateGovernor, type Judgement } from './rate-governor.js';
import {
  ATTEMPT_DEADLINE,
  defaultRetryPolicy,
  isRetryable,
  mayHaveReachedStore,
  parseRetryAfter,
  retryDelayMs,
  type Attempt,
  type RateLimitBudget,
  type RetryPolicy,
} from './retry.js';
import { redactToken } from './secrets.js';
import { ACCESS_SCOPES_SUBPATH, apiRoot, DEFAULT_API_VERSION, TOKEN_HEADERS, type HeaderFamily } from './brand.js';
import { FamilyChoice } from './family-choice.js';
import { stripPeriod } from './words.js';
import type { Dispatcher } from 'undici';
import { drain, type Wire, type WireAnswer } from './http-wire.js';
import { nodeWire } from './node-wire.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A request of a typed API module: JSON in, JSON out. */
export interface RequestSpec {
  method: Method;
  /** Path below the base URL, e.g. /api/202412/gift_cards; segments already encoded. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Overrides the method's default: a POST the API defines as idempotent (disable) may be resent. */
  idempotent?: boolean;
  /**
   * A create of something without a unique key (a product, a discount): never sent again once
   * it may have reached the store, whatever the policy (a bulk run's resendWrites, which is
   * for creates the store refuses twice, included). A second send could make a second one.
   */
  once?: boolean;
}

/**
 * A request sent as the user gave it and answered as the store sent it (the api command,
 * doctor's probes): its own path through the client, so that the typed requests carry
 * nothing of it.
 */
export interface RawRequestSpec {
  method: Method;
  /** Path below the base URL, query included or in `query`; segments already encoded. */
  path: string;
  query?: Record<string, string | undefined>;
  /** JSON text, sent exactly as given. */
  bodyText?: string;
  /** Extra request headers (lower-case names); the access-token header is never taken from here. */
  headers?: Record<string, string>;
  idempotent?: boolean;
}

/** A 2xx answer as received. A non-2xx one is an ApiError that carries the same text and headers. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The body exactly as received ('' when there was none). */
  text: string;
}

/**
 * How a request is shown rather than sent (a --dry-run's plan): its body with secrets masked
 * (a gift card's code). Beside the request, not in it: the HTTP client never reads it.
 */
export interface RequestView {
  shownBody: unknown;
}

export interface JsonResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/**
 * The largest answer a command reads (docs/decisions.md): a typed command's answers are
 * pages of at most 250 objects, far below it; past it the answer is refused (exit 1)
 * rather than held in memory. The api command, which prints answers as they are, reads up
 * to API_MAX_ANSWER_BYTES.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
export const API_MAX_ANSWER_BYTES = 256 * 1024 * 1024;

export interface HttpClientOptions {
  baseUrl: string;
  token: () => Promise<string>;
  /** The most one attempt may take, from sending to the answer's last byte (--timeout). */
  timeoutMs: number;
  /** MAX_ANSWER_BYTES unless given (tests give a small one). */
  maxAnswerBytes?: number;
  userAgent: string;
  /**
   * Keep-alive connections kept for as many requests in flight: given (a bulk run's), they are
   * undici's pool; without, a command's requests go by node's http (up to 8 at once), which
   * starts faster (node-wire.ts).
   */
  connections?: number;
  /** What is sent again, and when (default: a command's, defaultRetryPolicy). */
  retry?: RetryPolicy;
  /** undici's dispatcher to send by (a test's MockAgent): the pool is then the caller's. */
  dispatcher?: Dispatcher;
  log?: (line: string) => void;
  /**
   * Ends the attempts in flight. Waits and attempts not yet sent end on the governor's
   * signal (Ctrl-C), which a bulk run sets apart so that requests in flight may finish.
   */
  signal?: AbortSignal;
  /** Told as each attempt of a write (any method but GET) is sent: a bulk run's Ctrl-C waits for requests in flight only once it has written. */
  onWrite?: () => void;
  now?: () => Date;
  random?: () => number;
  /**
   * Paces every attempt (default: a governor of this client's own, on `signal`). One for all
   * clients of a context, so that they pace together; a bulk run's own, whose counts it reads.
   */
  governor?: RateGovernor;
  /** The header family the token goes under (default: the spec's, X-Service-*, never switched). */
  family?: FamilyChoice;
  /** What a 401 asks with the other family's token header, below the base URL (default: the access scopes of API 202412). */
  probePath?: string;
}

export class HttpClient {
  private readonly origin: string;
  private readonly prefix: string;
  /** Made on the first request: its module (undici, or node's http) loads only then. */
  private wire: Promise<Wire> | undefined;
  private readonly policy: RetryPolicy;
  private readonly governor: RateGovernor;
  private readonly family: FamilyChoice;

  constructor(private readonly options: HttpClientOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.policy = options.retry ?? defaultRetryPolicy;
    this.governor = options.governor ?? new RateGovernor(options.signal ? { signal: options.signal } : {});
    this.family = options.family ?? new FamilyChoice('service', false);
  }

  get baseUrl(): string {
    return this.origin + this.prefix;
  }

  /** A typed module's request: the answer's body parsed as lossless JSON. */
  async request(spec: RequestSpec): Promise<JsonResponse> {
    const answer = await this.exchange({
      method: spec.method,
      path: spec.path,
      search: queryString(spec.query),
      raw: false,
      ...(spec.body === undefined ? {} : { body: toJson(spec.body) }),
      ...(spec.idempotent === undefined ? {} : { idempotent: spec.idempotent }),
      ...(spec.once === true ? { once: true } : {}),
    });
    return { status: answer.status, headers: answer.headers, body: parseBody(answer.text, spec) };
  }

  /** A raw request: sent as given, its answer's text unparsed; a final non-2xx ApiError carries its text and headers. */
  async requestRaw(spec: RawRequestSpec): Promise<RawAnswer> {
    return this.exchange({
      method: spec.method,
      path: spec.path,
      search: queryString(spec.query),
      raw: true,
      ...(spec.bodyText === undefined ? {} : { body: spec.bodyText }),
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.idempotent === undefined ? {} : { idempotent: spec.idempotent }),
    });
  }

  /** The wire every attempt goes on: undici's pool for a dispatcher or connections given (a bulk run), else node's http. */
  private connect(): Promise<Wire> {
    const { dispatcher, connections } = this.options;
    return (this.wire ??=
      dispatcher !== undefined || connections !== undefined
        ? import('./undici.js').then((undici) =>
            undici.undiciWire(dispatcher ?? undici.createPool(this.origin, connections ?? 8), this.origin, dispatcher === undefined),
          )
        : Promise.resolve(nodeWire(this.origin)));
  }

  /** The one retry loop: every attempt paced by the governor, every failure judged by the policy. */
  private async exchange(spec: Exchange): Promise<RawAnswer> {
    const token = await this.options.token();
    const wire = await this.connect();
    const { policy, governor } = this;
    const idempotent = spec.idempotent ?? spec.method !== 'POST';
    // What may go again after a failure that may have reached the store: an idempotent
    // request; a bulk run's write the store refuses twice (resendWrites); never a create `once`.
    const resendable = idempotent || (this.policy.resendWrites === true && spec.once !== true);
    const path = this.prefix + spec.path + spec.search;
    const { body } = spec;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(spec.headers ?? {})) headers[name.toLowerCase()] = value;
    // No extra header can replace or duplicate the token, under either family's name.
    for (const name of TOKEN_HEADERS) delete headers[name.toLowerCase()];

    // Failed attempts, which the policy's maxAttempts bounds (a bulk run's 429s of the rate
    // limit aside, and a 401 that found the other header family: no failure of the request).
    let failures = 0;
    let waited = 0;
    let refused = 0;
    let afterRefusal = false;
    // Once any attempt may have reached the store, the final error says so, whatever it is.
    let mayHaveApplied = false;
    const fail = (error: RequestError): RequestError => {
      error.mayHaveApplied = mayHaveApplied;
      return error;
    };
    // For the final network error: how long the attempts took, and how many of the last ones failed alike.
    const firstSent = governor.clock.now();
    let alike = { code: undefined as string | undefined, count: 0 };
    for (let attempt = 1; ; attempt++) {
      const permit = await governor.acquire(afterRefusal);
      afterRefusal = false;
      // Set per attempt: a 401 may have switched the family since the last one.
      const family = this.family.family;
      this.log(`> ${spec.method} ${this.origin}${path}`);
      this.log(`> ${family.token}: ${redactToken(token)}`);
      const started = Date.now();
      let outcome: Attempt;
      let response: WireAnswer;
      let text: string;
      // One deadline for the whole attempt, from sending to the answer's last byte: undici's
      // timeouts are between bytes, so an answer that trickles a byte at a time would
      // otherwise never time out.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), this.options.timeoutMs);
      const signal = this.options.signal ? AbortSignal.any([this.options.signal, deadline.signal]) : deadline.signal;
      let headed = false;
      if (spec.method !== 'GET') this.options.onWrite?.();
      try {
        response = await wire.send({
          method: spec.method,
          path,
          headers: { ...headers, [family.token]: token },
          ...(body === undefined ? {} : { body }),
          signal,
          timeoutMs: this.options.timeoutMs,
        });
        headed = true;
        // The body is read inside the same try: a connection lost mid-body is a network
        // failure of this attempt, retried by the same rules.
        text = await this.readBody(response, spec);
      } catch (error) {
        governor.settle(permit, { kind: 'unanswered' });
        if (this.options.signal?.aborted) throw new CancelledError();
        if (error instanceof AnswerTooLargeError) throw error;
        // Past the deadline before the headers came: no answer at all, as undici says it.
        const code = deadline.signal.aborted ? (headed ? ATTEMPT_DEADLINE : 'UND_ERR_HEADERS_TIMEOUT') : errorCode(error);
        this.log(`< network error ${code ?? ''} after ${Date.now() - started} ms`);
        outcome = { kind: 'network', code };
        mayHaveApplied ||= mayHaveReachedStore(outcome);
        alike = { code, count: alike.code === code ? alike.count + 1 : 1 };
        failures += 1;
        const delay = this.nextDelay(outcome, resendable, failures, waited);
        if (delay === undefined) {
          const tries = { attempts: attempt, alike: alike.count, elapsedMs: governor.clock.now() - firstSent, timeoutMs: this.options.timeoutMs };
          throw fail(networkError(this.origin, spec.method, code, error, tries));
        }
        governor.retrying();
        waited += await this.wait(delay, `${code ?? 'network error'}`, failures);
        continue;
      } finally {
        clearTimeout(timer);
      }

      alike = { code: undefined, count: 0 };
      const responseHeaders = flattenHeaders(response.headers);
      const judged = governor.settle(permit, { kind: 'answer', status: response.statusCode, headers: responseHeaders });
      this.log(`< ${response.statusCode} (${Date.now() - started} ms)`);
      if (judged.announced) this.log(`< rate limit: ${governor.describe()}`);
      if (response.statusCode >= 200 && response.statusCode < 300) return { status: response.statusCode, headers: responseHeaders, text };
      const retryAfter = parseRetryAfter(responseHeaders['retry-after'], this.now());
      outcome = { kind: 'status', status: response.statusCode, ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }) };
      mayHaveApplied ||= mayHaveReachedStore(outcome);
      const failed = () =>
        fail(apiError(response.statusCode, text, responseHeaders['content-type'], retryAfter, spec.raw ? { text, headers: responseHeaders } : undefined));
      // A 401 under a family nothing named may be the wrong header: the other family is
      // asked once, and the refused request (which the store did not take) goes again under it.
      if (response.statusCode === 401 && (await this.family.recover(family.brand, (other) => this.probe(other, token)))) continue;
      const budget = policy.rateLimits;
      if (judged.rateLimited && budget) {
        // A bulk run's pace, not a failure: budgeted apart, and never asleep past the moment
        // the run gives up (the next refusal then ends it).
        const left = budget.giveUp ? governor.refusedOnlyLeftMs(budget.giveUp.afterMs) : Number.POSITIVE_INFINITY;
        if (left <= 0) {
          const gaveUp = budget.giveUp!.error();
          governor.halt(gaveUp);
          throw gaveUp;
        }
        if (++refused >= budget.maxRefused) throw failed();
        afterRefusal = judged.bucketEmpty;
        const wait = Math.min(left, this.refusalWaitMs(judged, retryAfter, refused, budget));
        if (wait > 0) await this.wait(wait, '429 (rate limited)', refused, budget.maxRefused);
        continue;
      }
      failures += 1;
      const delay = this.nextDelay(outcome, resendable, failures, waited, judged.bucketEmpty);
      if (delay === undefined) throw failed();
      afterRefusal = judged.bucketEmpty;
      governor.retrying();
      waited += await this.wait(delay, String(response.statusCode), failures);
    }
  }

  /**
   * GET of the probe path with the token under `family`'s header, to this client's origin
   * only: true when the store accepts it (2xx). Any failure is simply "not accepted".
   */
  private async probe(family: HeaderFamily, token: string): Promise<boolean> {
    const path = this.prefix + (this.options.probePath ?? apiRoot(DEFAULT_API_VERSION) + ACCESS_SCOPES_SUBPATH);
    const wire = await this.connect();
    const permit = await this.governor.acquire();
    this.log(`> GET ${this.origin}${path} (the store refused the token: trying the ${family.brand} header family)`);
    this.log(`> ${family.token}: ${redactToken(token)}`);
    // Bounded as an attempt is: a probe that never answers is "not accepted".
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.options.timeoutMs);
    try {
      const response = await wire.send({
        method: 'GET',
        path,
        headers: { accept: 'application/json', 'user-agent': this.options.userAgent, [family.token]: token },
        signal: this.options.signal ? AbortSignal.any([this.options.signal, deadline.signal]) : deadline.signal,
        timeoutMs: this.options.timeoutMs,
      });
      await drain(response.body);
      this.governor.settle(permit, { kind: 'answer', status: response.statusCode, headers: flattenHeaders(response.headers) });
      this.log(`< ${response.statusCode}`);
      return response.statusCode >= 200 && response.statusCode < 300;
    } catch {
      this.governor.settle(permit, { kind: 'unanswered' });
      if (this.options.signal?.aborted) throw new CancelledError();
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The answer's text, read no further than the cap: past it the body is dropped and the
   * request fails (exit 1), the store's answer unread, rather than held whole in memory.
   */
  private async readBody(response: WireAnswer, spec: Exchange): Promise<string> {
    const cap = spec.raw ? Math.max(API_MAX_ANSWER_BYTES, this.options.maxAnswerBytes ?? 0) : (this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES);
    const announced = Number(response.headers['content-length']);
    // An answer of announced length is read into one buffer of that size, each chunk let go as
    // it is copied: a large answer is held once as bytes, then once as text, not twice as bytes.
    let whole = Number.isSafeInteger(announced) && announced > 0 && announced <= cap ? Buffer.allocUnsafe(announced) : undefined;
    let chunks: Buffer[] = [];
    let size = 0;
    if (!(announced > cap)) {
      for await (const chunk of response.body) {
        if (whole && size + chunk.length > whole.length) {
          // Longer than it said: gathered as chunks from here on.
          chunks = [whole.subarray(0, size)];
          whole = undefined;
        }
        if (whole) chunk.copy(whole, size);
        size += chunk.length;
        if (size > cap) break;
        if (!whole) chunks.push(chunk);
      }
    }
    if (announced > cap || size > cap) {
      // Dropped unread: the abort it causes is no one's error.
      response.body.on('error', () => undefined);
      response.body.destroy();
      throw new AnswerTooLargeError(
        `The store's answer to ${spec.method} ${spec.path} is larger than ${formatBytes(cap)}, ` +
          `the most${spec.raw ? ' the api command' : ' a command'} reads: stopped reading it.`,
      );
    }
    return (whole ?? Buffer.concat(chunks, size)).toString('utf8', 0, size);
  }

  /** Called once the command is over: idle keep-alive connections are cut (a dispatcher given is left open). */
  async close(): Promise<void> {
    if (this.wire) await (await this.wire).close();
  }

  /**
   * How long a failed attempt waits before it goes again; undefined: it does not. `bucketRefusal`:
   * a 429 while the store's header says its bucket is empty: without Retry-After it waits
   * one token's refill. A 429 with tokens left is a transient fault, backed off like a 503.
   */
  private nextDelay(outcome: Attempt, resendable: boolean, failures: number, waited: number, bucketRefusal = false): number | undefined {
    if (failures >= this.policy.maxAttempts || !isRetryable(outcome, resendable)) return undefined;
    const retryAfter = outcome.kind === 'status' ? outcome.retryAfterSeconds : undefined;
    const tokenMs = this.governor.tokenMs();
    const delay =
      bucketRefusal && retryAfter === undefined && tokenMs !== undefined
        ? Math.ceil(tokenMs)
        : retryDelayMs(failures, this.policy, retryAfter, this.options.random ?? Math.random);
    return waited + delay > this.policy.maxTotalWaitMs ? undefined : delay;
  }

  /**
   * A bulk run's wait after a 429 of the rate limit: the store's Retry-After (capped); else,
   * with the bucket header, nothing here (the governor holds the request for one token); else
   * an exponential backoff, while AIMD judges the 429.
   */
  private refusalWaitMs(judged: Judgement, retryAfterSeconds: number | undefined, refusals: number, budget: RateLimitBudget): number {
    if (retryAfterSeconds !== undefined) return Math.min(budget.maxRetryAfterMs, retryAfterSeconds * 1000);
    if (judged.bucketEmpty) return 0;
    return retryDelayMs(refusals, this.policy, undefined, this.options.random ?? Math.random);
  }

  /** Sleeps before the next attempt; Ctrl-C (the governor's signal) ends the wait. */
  private async wait(delay: number, reason: string, failed: number, of = this.policy.maxAttempts): Promise<number> {
    this.log(`! ${reason}: retrying in ${delay} ms (attempt ${failed + 1} of ${of})`);
    await this.governor.clock.sleep(delay, this.governor.signal);
    return delay;
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

export function queryString(query: RequestSpec['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** One request as the client sends it, whichever path it came by. */
interface Exchange {
  method: Method;
  /** Below the base URL, without the query. */
  path: string;
  /** The query string, `?` included ('' without). */
  search: string;
  /** JSON text. */
  body?: string;
  headers?: Record<string, string>;
  idempotent?: boolean;
  once?: boolean;
  /** The raw path: the body unparsed, a larger cap, and a final ApiError carrying the answer. */
  raw: boolean;
}

function parseBody(text: string, spec: RequestSpec): unknown {
  if (text.trim() === '') return {};
  try {
    return parseJson(text);
  } catch {
    throw new UnreadableAnswerError(`The store answered ${spec.method} ${spec.path} with a body that is not JSON.`);
  }
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function flattenHeaders(headers: WireAnswer['headers']): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer came within the timeout (--timeout {timeout})',
  UND_ERR_BODY_TIMEOUT: 'the answer stalled past the timeout (--timeout {timeout})',
  [ATTEMPT_DEADLINE]: 'the answer did not arrive whole within the timeout (--timeout {timeout})',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
};

/** The attempts behind a final network error. */
interface Tries {
  /** Attempts made, the first included. */
  attempts: number;
  /** How many of the last attempts failed with this same error. */
  alike: number;
  /** From the first attempt's start to the last one's failure, waits included. */
  elapsedMs: number;
  timeoutMs: number;
}

/** Failures that leave no connection made: the store is not there (down, or a wrong address). */
const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function networkError(origin: string, method: Method, code: string | undefined, error: unknown, tries: Tries): NetworkError {
  const known = code ? NETWORK_WORDS[code] : undefined;
  const words = known?.replace('{timeout}', `${tries.timeoutMs} ms`) ?? (error instanceof Error ? error.message : 'the request failed');
  const detail = `${words}${triesText(tries)}${code ? ` (${code})` : ''}`;
  // Every attempt failed before a connection was made: no request to this store can fare better.
  if (code !== undefined && UNREACHED.has(code) && tries.alike >= tries.attempts)
    return new UnreachableError(`The store could not be reached at ${new URL(origin).host}: ${detail}.`, code);
  return new NetworkError(`Could not complete the ${method} request to the store at ${origin}: ${detail}.`, code);
}

/** " on each of 5 attempts over 25 s"; nothing for a single attempt. */
function triesText({ attempts, alike, elapsedMs }: Tries): string {
  if (attempts <= 1) return '';
  const over = elapsedMs < 1000 ? `${Math.round(elapsedMs)} ms` : `${Number((elapsedMs / 1000).toFixed(elapsedMs < 10_000 ? 1 : 0))} s`;
  if (alike >= attempts) return ` on each of ${attempts} attempts over ${over}`;
  return ` on the last${alike === 1 ? '' : ` ${alike}`} of ${attempts} attempts over ${over}`;
}

const STATUS_WORDS: Record<number, string> = {
  400: 'The store rejected the request as invalid',
  401: 'The store refused the access token',
  403: 'The access token lacks the permission (scope) for this request',
  404: 'The store found no such resource',
  409: 'The store refused the request as a conflict',
  413: 'The request was too large for the store',
  429: 'The store kept rate-limiting the request',
};

function apiError(
  status: number,
  text: string,
  contentType: string | undefined,
  retryAfterSeconds: number | undefined,
  raw: { text: string; headers: Record<string, string | undefined> } | undefined,
): ApiError {
  const description = describeErrorBody(text, contentType);
  const lead = STATUS_WORDS[status] ?? (status >= 500 ? 'The store failed with a server error' : 'The store refused the request');
  const tag = description.code ? `${status} ${description.code}` : String(status);
  const detail = description.message ? `: ${stripPeriod(description.message)}` : '';
  // Stores often repeat a field's problem in the message: list only what it did not say.
  const fields = description.fields
    .map((f) => (f.field ? `${f.field}: ${stripPeriod(f.message)}` : stripPeriod(f.message)))
    .filter((text, i) => !detail.includes(stripPeriod(description.fields[i]!.message)))
    .join('; ');
  let message = `${lead} (${tag})${detail}${fields ? ` [${fields}]` : ''}.`;
  if (status === 401) message += " Run 'store-cli auth login' or set STORE_CLI_TOKEN.";
  return new ApiError(message, {
    status,
    code: description.code,
    fields: description.fields,
    retryAfterSeconds,
    responseText: raw?.text,
    responseHeaders: raw?.headers,
  });
}
