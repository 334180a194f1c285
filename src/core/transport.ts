// The seam between the API modules and the HTTP client: what a module may ask of the layer below
// (one request, JSON back), so that a layer can sit in between unseen by both (a dry run's, which
// sends no write; a rehearsal's). ApiTuning: how a client for bulk work differs from a command's.
import { RuntimeError } from './errors.js';
import type { JsonResponse, RawAnswer, RawRequestSpec, RequestSpec, RequestView } from './http.js';
import type { RateGovernor } from './rate-governor.js';
import type { RetryPolicy } from './retry.js';

/** What an API module needs from the HTTP layer: one request at a time, JSON back. */
export interface Transport {
  /**
   * `view`: how a dry run shows the request instead of sending it (its body with secrets
   * masked); a layer between a module and the HTTP client hands it on as it is.
   */
  request(spec: RequestSpec, view?: RequestView): Promise<JsonResponse>;
  /** A raw request (the api command, doctor's probes), where the transport can send one. */
  requestRaw?(spec: RawRequestSpec): Promise<RawAnswer>;
  /** The store's base URL, where the transport knows it (the api command checks absolute URLs against it). */
  baseUrl?(): Promise<string>;
}

/** The transport's raw path; a transport without one (a test's fake) cannot take raw requests. */
export function rawPath(transport: Transport): (spec: RawRequestSpec) => Promise<RawAnswer> {
  if (!transport.requestRaw) throw new RuntimeError('This connection to the store sends no raw requests.');
  return (spec) => transport.requestRaw!(spec);
}

/** A client tuned for bulk work: its own pool size, retry policy, rate governor, and a layer of its own. */
export interface ApiTuning {
  /** Keep-alive connections in the pool (default 8): as many as requests kept in flight. */
  connections?: number;
  /** What is sent again and when (default: a command's, defaultRetryPolicy; a bulk run's: bulkRetryPolicy). */
  retry?: RetryPolicy;
  /** The run's own rate governor (its concurrency, AIMD pacing, counts); default: the context's, shared by its clients. */
  governor?: RateGovernor;
  /** A layer between the API modules and the HTTP client, e.g. a dry run's, which sends no write. */
  wrap?: (transport: Transport) => Transport;
  /** Ends requests in flight instead of Ctrl-C's signal: a bulk run lets them finish first. */
  signal?: AbortSignal;
  /** Told as each attempt of a write is sent (the HTTP client's onWrite). */
  onWrite?: () => void;
}
