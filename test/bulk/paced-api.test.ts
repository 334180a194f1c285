// A bulk run's Ctrl-C (src/bulk/engine/paced-api.ts): new requests stop at once; those in flight
// end at once while the run has written nothing (they are reads whose answers it no longer
// needs), and get a moment to finish once it has (so the summary counts what the store did).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../src/api/index.js';
import type { ApiTuning } from '../../src/core/transport.js';
import { openPacedApi } from '../../src/bulk/engine/paced-api.js';
import { SimClock } from './sim-clock.js';

/** A run's paced API whose context only keeps the tuning it was asked for. */
async function paced(): Promise<{ ctrlC: AbortController; tuning: ApiTuning }> {
  const ctrlC = new AbortController();
  let tuning: ApiTuning | undefined;
  await openPacedApi({ signal: ctrlC.signal, clock: new SimClock(), api: async (asked) => ((tuning = asked), {} as Api) }, 4);
  return { ctrlC, tuning: tuning! };
}

describe('openPacedApi: Ctrl-C and the requests in flight', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('before any write, ends the requests in flight at once', async () => {
    const { ctrlC, tuning } = await paced();
    expect(tuning.signal?.aborted).toBe(false);
    ctrlC.abort();
    expect(tuning.signal?.aborted).toBe(true);
  });

  it('once a write was sent, lets those in flight finish for five seconds, then ends them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { ctrlC, tuning } = await paced();
    tuning.onWrite?.();
    ctrlC.abort();
    expect(tuning.signal?.aborted).toBe(false);
    vi.advanceTimersByTime(4_999);
    expect(tuning.signal?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(tuning.signal?.aborted).toBe(true);
  });
});
