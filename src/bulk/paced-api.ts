// The API as a bulk run uses it (import and export alike): requests paced over one pool of
// `concurrency` connections, retried by the paced transport rather than by the HTTP client,
// and counted. Ctrl-C stops new requests at once (the pacer admits none), but lets those in
// flight finish for a moment, so the summary counts what the store really did.
import { setMaxListeners } from 'node:events';
import type { Api } from '../api/index.js';
import type { ApiTuning } from '../core/transport.js';
import { PacedTransport, SINGLE_ATTEMPT, type RequestCounts } from './paced-transport.js';
import { Pacer } from './pacer.js';

/** How long requests in flight may finish after Ctrl-C (a second Ctrl-C ends the process at once). */
const IN_FLIGHT_GRACE_MS = 5_000;

export interface PacedApiEnv {
  /** Ctrl-C. */
  signal: AbortSignal;
  api(tuning: ApiTuning): Promise<Api>;
}

export interface PacedApi {
  api: Api;
  /** Requests sent so far; undefined until the first request resolved the credentials. */
  counts(): RequestCounts | undefined;
}

/** `giveUpAfterMs`: an import's --give-up-after (see PacedTransportOptions); unset, the run never gives up on 429s. */
export async function openPacedApi(env: PacedApiEnv, concurrency: number, giveUpAfterMs?: number): Promise<PacedApi> {
  const inFlight = new AbortController();
  env.signal.addEventListener('abort', () => setTimeout(() => inFlight.abort(), IN_FLIGHT_GRACE_MS).unref(), { once: true });
  // Every request in flight listens on the signal: not a leak.
  setMaxListeners(concurrency + 16, env.signal);
  setMaxListeners(concurrency + 16, inFlight.signal);
  const pacer = new Pacer({ concurrency, signal: env.signal });
  let transport: PacedTransport | undefined;
  const api = await env.api({
    connections: concurrency,
    retry: SINGLE_ATTEMPT,
    signal: inFlight.signal,
    wrap: (inner) => (transport = new PacedTransport(inner, { pacer, signal: env.signal, ...(giveUpAfterMs === undefined ? {} : { giveUpAfterMs }) })),
  });
  return { api, counts: () => transport?.counts };
}
