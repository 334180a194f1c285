import { describe, expect, it } from 'vitest';
import { PacedTransport } from '../../src/bulk/paced-transport.js';
import { Pacer } from '../../src/bulk/pacer.js';
import type { JsonResponse, RequestSpec } from '../../src/core/http.js';
import { ApiError, CancelledError, NetworkError } from '../../src/core/errors.js';
import { SimClock } from './sim-clock.js';

type Step = 'ok' | 429 | 500 | 503 | 400 | 'reset' | 'refused' | '429 empty bucket' | '429 tokens left' | '429 bare';

/** A transport answering each request with the next scripted step; records start times. */
function scripted(steps: Step[], clock: SimClock) {
  const starts: number[] = [];
  const specs: RequestSpec[] = [];
  const inner = {
    async request(spec: RequestSpec): Promise<JsonResponse> {
      starts.push(clock.now());
      specs.push(spec);
      const step = steps.shift() ?? 'ok';
      if (step === '429 empty bucket') throw new ApiError('429', 429, undefined, [], undefined, undefined, { used: 40, size: 40 });
      if (step === '429 tokens left') throw new ApiError('429', 429, undefined, [], undefined, undefined, { used: 12, size: 40 });
      if (step === '429 bare') throw new ApiError('429', 429, undefined, []);
      if (step === 'ok') return { status: 200, headers: {}, body: {} };
      if (step === 'reset') throw new NetworkError('reset', 'ECONNRESET');
      if (step === 'refused') throw new NetworkError('refused', 'ECONNREFUSED');
      throw new ApiError(`status ${step}`, step, undefined, [], step === 429 ? 2 : undefined);
    },
  };
  return { inner, starts, specs };
}

async function send(steps: Step[], spec: RequestSpec = { method: 'POST', path: '/x', body: {} }) {
  const clock = new SimClock();
  const { inner, starts, specs } = scripted(steps, clock);
  const pacer = new Pacer({ concurrency: 4, clock });
  const transport = new PacedTransport(inner, { pacer, clock, random: () => 0.5 });
  const done = transport.request(spec).then(
    (r) => ({ ok: r.status }),
    (e: unknown) => ({ error: e }),
  );
  await clock.run(600_000);
  return { result: await done, starts, specs, counts: transport.counts, pacer };
}

describe('PacedTransport', () => {
  it('retries a POST after 500, 503 and a reset connection: the import resolves a lost create by reading', async () => {
    const { result, counts, starts } = await send([500, 'reset', 503, 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 4, rateLimited: 0, bucketEmpty: 0, retried: 3 });
    // Exponential backoff with jitter: each wait longer than the one before.
    const waits = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThan(waits[1]!);
  });

  it('waits out Retry-After after a 429, and counts it', async () => {
    const { result, counts, starts } = await send([429, 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 1, bucketEmpty: 0, retried: 0 });
    expect(starts[1]! - starts[0]!).toBe(2000);
  });

  it('a 429 from an empty announced bucket: sent again at once, marked so the bucket model holds it for one token; the pacer judges nothing', async () => {
    const { result, counts, starts, specs, pacer } = await send(['429 empty bucket', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 1, bucketEmpty: 1, retried: 0 });
    expect(starts[1]).toBe(starts[0]);
    expect(specs.map((s) => s.afterRefusal)).toEqual([undefined, true]);
    expect(pacer.judged).toEqual({ faults: 0, limits: 0, unclear: 0 });
  });

  it('a 429 whose header says tokens were left is a transient failure: backed off, counted as a retry, not a refusal', async () => {
    const { result, counts, starts } = await send(['429 tokens left', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 0, bucketEmpty: 0, retried: 1 });
    expect(starts[1]! - starts[0]!).toBeGreaterThan(0);
  });

  it('a 429 without header or Retry-After backs off and goes to the pacer to judge', async () => {
    const { result, counts, starts, pacer } = await send(['429 bare', 'ok']);
    expect(result).toEqual({ ok: 200 });
    expect(counts).toEqual({ sent: 2, rateLimited: 1, bucketEmpty: 0, retried: 0 });
    expect(starts[1]! - starts[0]!).toBeGreaterThan(100);
    expect(pacer.judged.faults + pacer.judged.unclear).toBe(1);
  });

  it('hands a 4xx answer straight back', async () => {
    const { result, counts } = await send([400]);
    expect((result as { error: ApiError }).error.status).toBe(400);
    expect(counts.sent).toBe(1);
  });

  it('gives up after its attempts, with the last error', async () => {
    const { result, counts } = await send(['refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused']);
    expect((result as { error: unknown }).error).toBeInstanceOf(NetworkError);
    expect(counts.sent).toBe(6);
  });

  it('stops waiting when the run is interrupted', async () => {
    const clock = new SimClock();
    const controller = new AbortController();
    const { inner } = scripted([500, 500, 500], clock);
    const pacer = new Pacer({ concurrency: 1, clock, signal: controller.signal });
    const transport = new PacedTransport(inner, { pacer, clock, signal: controller.signal, random: () => 0.5 });
    const pending = transport.request({ method: 'GET', path: '/x' });
    await clock.run(10);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});
