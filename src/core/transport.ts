import type { JsonResponse, RequestSpec } from './http.js';
import type { RetryPolicy } from './retry.js';

/** What an API module needs from the HTTP layer: one request at a time, JSON back. */
export interface Transport {
  request(spec: RequestSpec): Promise<JsonResponse>;
  /** The store's base URL, where the transport knows it (the api command checks absolute URLs against it). */
  baseUrl?(): Promise<string>;
}

/** A client tuned for bulk work: its own pool size, retries and a layer of its own. */
export interface ApiTuning {
  /** Keep-alive connections in the pool (default 8): as many as requests kept in flight. */
  connections?: number;
  /** The HTTP client's own retries; a caller that retries (and paces) by itself asks for one attempt. */
  retry?: RetryPolicy;
  /** A layer between the API modules and the HTTP client, e.g. pacing and retries of a bulk run. */
  wrap?: (transport: Transport) => Transport;
  /** Ends requests in flight instead of Ctrl-C's signal: a bulk run lets them finish first. */
  signal?: AbortSignal;
}
