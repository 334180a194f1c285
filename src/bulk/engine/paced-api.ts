// The API as a bulk run uses it (import and export alike): one pool of `concurrency`
// connections, a rate governor of the run's own (at most `concurrency` requests in flight,
// the store's bucket or AIMD for the pace) and the bulk retry policy (the rate limit is the
// run's pace, not a failure; a create is resent, and its 409 resolved by reading), both in
// the HTTP client (src/core). The run reads its counts from the governor. Ctrl-C stops new
// requests at once (the governor lets none go), but once the run has written, lets those in
// flight finish for a moment, so the summary counts what the store really did; before its
// first write they are reads whose answers it no longer needs, and end at once.
import { setMaxListeners } from 'node:events';
import type { Api } from '../../api/index.js';
import { RuntimeError, type NamedByField } from '../../core/errors.js';
import { RateGovernor, type RequestCounts } from '../../core/rate-governor.js';
import { bulkRetryPolicy } from '../../core/retry.js';
import type { BulkEnv } from './env.js';
import { formatDuration } from './import-progress.js';

export type { RequestCounts };

/** How long requests in flight may finish after Ctrl-C once the run has written (a second Ctrl-C ends the process at once). */
const IN_FLIGHT_GRACE_MS = 5_000;

/** The default of --give-up-after: five minutes of nothing but 429s. */
export const GIVE_UP_AFTER_MS = 5 * 60_000;

/** The store refused everything with 429 for the whole --give-up-after: the run stops (exit 1). */
/** The run gave up on 429s; its sentence names the give-up time by its field, `giveUpAfter`, which the verb renames by its flag. */
export class GaveUpError extends RuntimeError implements NamedByField {
  constructor(
    private readonly limit: string,
    private readonly input: string = 'giveUpAfter',
  ) {
    super(
      `The store refused every request with 429 (rate limited) for ${limit}, ` +
        `so the run gave up (${input} ${limit}); try again later, or with a longer ${input}.`,
    );
  }

  named(nameOf: (root: string) => string | undefined): GaveUpError {
    return new GaveUpError(this.limit, nameOf('giveUpAfter') ?? this.input);
  }
}

export interface PacedApi {
  api: Api;
  /** Requests sent so far, as the run's governor counted them. */
  counts(): RequestCounts | undefined;
}

/**
 * `giveUpAfterMs`: an import's --give-up-after: the run gives up (GaveUpError) once the store
 * has refused every request with 429 for this long; unset, it never gives up on 429s.
 */
export async function openPacedApi(env: Pick<BulkEnv, 'signal' | 'api' | 'clock'>, concurrency: number, giveUpAfterMs?: number): Promise<PacedApi> {
  const inFlight = new AbortController();
  let wrote = false;
  env.signal.addEventListener('abort', () => (wrote ? setTimeout(() => inFlight.abort(), IN_FLIGHT_GRACE_MS).unref() : inFlight.abort()), {
    once: true,
  });
  // Every request in flight listens on the signal: not a leak.
  setMaxListeners(concurrency + 16, env.signal);
  setMaxListeners(concurrency + 16, inFlight.signal);
  const governor = new RateGovernor({ concurrency, signal: env.signal, clock: env.clock });
  const api = await env.api({
    connections: concurrency,
    governor,
    retry: bulkRetryPolicy(giveUpAfterMs === undefined ? undefined : { afterMs: giveUpAfterMs, error: () => gaveUp(giveUpAfterMs) }),
    signal: inFlight.signal,
    onWrite: () => {
      wrote = true;
    },
  });
  return { api, counts: () => governor.counts };
}

function gaveUp(giveUpAfterMs: number): GaveUpError {
  return new GaveUpError(formatDuration(giveUpAfterMs));
}
