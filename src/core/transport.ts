import type { JsonResponse, RequestSpec } from './http.js';

/** What an API module needs from the HTTP layer: one request at a time, JSON back. */
export interface Transport {
  request(spec: RequestSpec): Promise<JsonResponse>;
  /** The store's base URL, where the transport knows it (the api command checks absolute URLs against it). */
  baseUrl?(): Promise<string>;
}
