import { RuntimeError } from './errors.js';
import type { JsonResponse, RawAnswer, RawRequestSpec, RequestSpec, RequestView } from './http.js';

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
