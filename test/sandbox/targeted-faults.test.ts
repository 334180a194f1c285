// Targeted faults over real HTTP: rules given at start, changed at run time through
// /_sandbox/faults, and a request's own X-Sandbox-Fault header when the sandbox allows it.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { startSandbox, SandboxUsageError, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { call, createCard, withSandbox } from './helpers.js';
import { ALL_SCOPES } from '../../src/sandbox/http/auth.js';

const faults = (sandbox: RunningSandbox) => `${sandbox.baseUrl}/_sandbox/faults`;
const card = () => ({ giftCard: { code: `FAULT${Math.random().toString(36).slice(2, 10).toUpperCase()}`, initialValue: '5' } });

/** Status by status, 'reset' where the connection was dropped. */
async function outcomes(
  sandbox: RunningSandbox,
  count: number,
  path = '/gift_cards/count',
  headers: Record<string, string> = {},
): Promise<Array<number | 'reset'>> {
  const seen: Array<number | 'reset'> = [];
  for (let index = 0; index < count; index += 1) {
    try {
      seen.push((await call(sandbox, 'GET', path, { headers })).status);
    } catch {
      seen.push('reset');
    }
  }
  return seen;
}

describe('targeted fault rules', () => {
  it('answer the status asked for, with the error body and the rule named', async () => {
    await withSandbox(
      { faults: ['GET /api/202412/gift_cards/count 503', 'GET /api/202412/gift_cards/search 418', 'POST /api/202412/gift_cards 429'] },
      async (sandbox) => {
        const unavailable = await call(sandbox, 'GET', '/gift_cards/count');
        expect(unavailable.status).toBe(503);
        expect(unavailable.json).toEqual({ code: 'unavailable', message: expect.stringContaining('rule 1, GET /api/202412/gift_cards/count 503'), errors: [] });
        const teapot = await call(sandbox, 'GET', '/gift_cards/search');
        expect(teapot.status).toBe(418);
        expect(teapot.json.code).toBe('client_error');
        const limited = await call(sandbox, 'POST', '/gift_cards', { body: card() });
        expect(limited.status).toBe(429);
        expect(limited.headers.get('retry-after')).toBe('1');
        expect(limited.json.code).toBe('rate_limited');
      },
    );
  });

  it('keep the dialect: {"error"} bodies and no Retry-After in the real one, the status as asked', async () => {
    await withSandbox({ dialect: 'real', faults: ['GET /api/202412/gift_cards/count 429', 'GET /api/202412/gift_cards/search 418'] }, async (sandbox) => {
      const limited = await call(sandbox, 'GET', '/gift_cards/count');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeNull();
      expect(Object.keys(limited.json)).toEqual(['error']);
      expect((await call(sandbox, 'GET', '/gift_cards/search')).status).toBe(418);
    });
  });

  it('reset drops the connection without an answer', async () => {
    const lines: number[] = [];
    await withSandbox({ faults: ['* ** reset'], onRequest: (line) => lines.push(line.status) }, async (sandbox) => {
      await expect(call(sandbox, 'GET', '/gift_cards/count')).rejects.toBeInstanceOf(TypeError);
      expect(lines).toEqual([0]);
    });
  });

  it('a 2xx rule answers normally after its latency, and so does a delayed fault', async () => {
    await withSandbox({ faults: ['GET /api/202412/gift_cards/** 200+300ms', 'POST /api/202412/gift_cards 500+300ms'] }, async (sandbox) => {
      let started = performance.now();
      const delayed = await call(sandbox, 'GET', '/gift_cards/count');
      expect(delayed.status).toBe(200);
      expect(delayed.json.count).toBe('0');
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      started = performance.now();
      expect((await call(sandbox, 'POST', '/gift_cards', { body: card() })).status).toBe(500);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    });
  });

  it('match by method and glob only: other paths and methods go through', async () => {
    await withSandbox({ faults: ['POST /api/202412/metafields/* 503', 'GET /api/202412/gift_cards/*/nothing 500'] }, async (sandbox) => {
      expect((await call(sandbox, 'POST', '/metafields/products', { body: {} })).status).toBe(503);
      expect((await call(sandbox, 'GET', '/metafields/products/1')).status).not.toBe(503);
      expect((await call(sandbox, 'POST', '/metafields/products/1', { body: {} })).status).not.toBe(503);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
      // Before routing: a path no route serves is faulted all the same.
      expect((await call(sandbox, 'GET', '/gift_cards/1/nothing')).status).toBe(500);
    });
  });

  it('apply before any state changes: a faulted create creates nothing and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'targeted-faults-'));
    const dataFile = join(dir, 'state.json');
    try {
      await withSandbox(
        { tokens: [{ token: 'given-test-token-0001', scopes: [...ALL_SCOPES] }], dataFile, faults: ['POST /api/202412/gift_cards 503'] },
        async (sandbox) => {
          for (let attempt = 0; attempt < 3; attempt += 1) expect((await call(sandbox, 'POST', '/gift_cards', { body: card() })).status).toBe(503);
          expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('0');
        },
      );
      // A given token (a generated one is kept in the data file): nothing else would write it.
      expect(existsSync(dataFile)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the first rule that fires wins; a rule that does not fire leaves the request to the next', async () => {
    await withSandbox({ faults: ['GET /api/202412/gift_cards/count 500@0', 'GET /api/202412/gift_cards/** 502', 'GET ** 503'] }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(502);
      expect((await call(sandbox, 'GET', '/metafields/products/1')).status).toBe(503);
    });
  });

  it('are deterministic with --fail-seed, drawing from the same generator as --fail-rate', async () => {
    const run = (seed: number) =>
      withSandbox({ failSeed: seed, failRate: 0.3, failKinds: ['500'], faults: ['GET /api/202412/gift_cards/count 503@0.5'] }, (sandbox) =>
        outcomes(sandbox, 40),
      );
    const first = await run(7);
    expect(await run(7)).toEqual(first);
    expect(await run(8)).not.toEqual(first);
    // The rule's 503s, the fail rate's 500s for what the rule spared, and requests that passed.
    expect(new Set(first)).toEqual(new Set([200, 500, 503]));
  });

  it('never touch the control endpoints', async () => {
    await withSandbox({ faults: ['* ** 503', '* /_sandbox/** 500'] }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(503);
      expect((await call(sandbox, 'GET', faults(sandbox))).status).toBe(200);
    });
  });

  it('a bad rule in the options fails the start, naming the rule and its part', async () => {
    const start = (options: SandboxOptions) => startSandbox(options).then((sandbox) => sandbox.close());
    await expect(start({ faults: ['GET /x 503', 'GET /x 302'] })).rejects.toThrow(SandboxUsageError);
    await expect(start({ faults: ['GET /x 503', 'GET /x 302'] })).rejects.toThrow(/^faults\[1\] "GET \/x 302": the status '302' must be/);
  });
});

describe('/_sandbox/faults at run time', () => {
  it('lists, adds (201), removes one and clears', async () => {
    await withSandbox({ faults: ['GET /api/202412/gift_cards/count 503'] }, async (sandbox) => {
      expect((await call(sandbox, 'GET', faults(sandbox))).json).toEqual({
        faults: [
          {
            id: '1',
            method: 'GET',
            path: '/api/202412/gift_cards/count',
            status: 503,
            probability: 1,
            latencyMs: 0,
            rule: 'GET /api/202412/gift_cards/count 503',
          },
        ],
      });
      const added = await call(sandbox, 'POST', faults(sandbox), { body: { rule: 'post /api/202412/gift_cards 500@0.5+10ms' } });
      expect(added.status).toBe(201);
      expect(added.json.fault).toMatchObject({ id: '2', rule: 'POST /api/202412/gift_cards 500@0.5+10ms', latencyMs: 10 });
      expect((await call(sandbox, 'DELETE', `${faults(sandbox)}/1`)).json.fault.id).toBe('1');
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
      const missing = await call(sandbox, 'DELETE', `${faults(sandbox)}/1`);
      expect(missing.status).toBe(404);
      expect(missing.json.message).toContain('No fault rule has the id 1');
      expect((await call(sandbox, 'DELETE', faults(sandbox))).json.faults.map((entry: { id: string }) => entry.id)).toEqual(['2']);
      expect((await call(sandbox, 'GET', faults(sandbox))).json).toEqual({ faults: [] });
    });
  });

  it('an added rule takes effect on the next request; PUT replaces all rules or none', async () => {
    await withSandbox({}, async (sandbox) => {
      await createCard(sandbox);
      expect((await call(sandbox, 'POST', faults(sandbox), { body: { rule: 'GET /api/202412/gift_cards/* 504' } })).status).toBe(201);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(504);
      const bad = await call(sandbox, 'PUT', faults(sandbox), { body: { rules: ['GET ** 500', 'GET ** 999'] } });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([{ field: 'rules[1]', message: expect.stringContaining("the status '999'") }]);
      expect((await call(sandbox, 'GET', faults(sandbox))).json.faults.map((entry: { rule: string }) => entry.rule)).toEqual([
        'GET /api/202412/gift_cards/* 504',
      ]);
      const replaced = await call(sandbox, 'PUT', faults(sandbox), { body: { rules: ['DELETE ** 500'] } });
      expect(replaced.status).toBe(200);
      expect(replaced.json.faults).toMatchObject([{ id: '2', rule: 'DELETE ** 500' }]);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(200);
    });
  });

  it('refuses a bad rule with 400 naming the field and the part', async () => {
    await withSandbox({}, async (sandbox) => {
      const bad = await call(sandbox, 'POST', faults(sandbox), { body: { rule: 'GET /x 503@2' } });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([{ field: 'rule', message: "is not a fault rule: the probability '2' must be a number from 0 to 1, such as 0.3" }]);
      expect((await call(sandbox, 'POST', faults(sandbox), { body: { rule: 42 } })).json.errors[0].field).toBe('rule');
      expect((await call(sandbox, 'POST', faults(sandbox), { body: ['GET ** 500'] })).json.errors[0].field).toBe('body');
      expect((await call(sandbox, 'GET', faults(sandbox))).json.faults).toEqual([]);
      expect((await call(sandbox, 'GET', faults(sandbox), { token: 'wrong' })).status).toBe(401);
    });
  });
});

describe('the X-Sandbox-Fault header', () => {
  it('is ignored without allowFaultHeader, as a real store ignores unknown headers', async () => {
    await withSandbox({}, async (sandbox) => {
      expect(await outcomes(sandbox, 2, '/gift_cards/count', { 'X-Sandbox-Fault': '503' })).toEqual([200, 200]);
      expect((await call(sandbox, 'GET', '/gift_cards/count', { headers: { 'X-Sandbox-Fault': 'nonsense' } })).status).toBe(200);
    });
  });

  it('with allowFaultHeader gives that request its fault, before the rules', async () => {
    await withSandbox({ allowFaultHeader: true, faults: ['GET ** 500'] }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/gift_cards/count', { headers: { 'X-Sandbox-Fault': '503' } })).status).toBe(503);
      expect((await call(sandbox, 'GET', '/gift_cards/count', { headers: { 'x-sandbox-fault': '429@1' } })).status).toBe(429);
      expect(await outcomes(sandbox, 1, '/gift_cards/count', { 'X-Sandbox-Fault': 'reset' })).toEqual(['reset']);
      // A header that does not fire leaves the request to the rules.
      expect((await call(sandbox, 'GET', '/gift_cards/count', { headers: { 'X-Sandbox-Fault': '503@0' } })).status).toBe(500);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).status).toBe(500);
    });
    await withSandbox({ allowFaultHeader: true }, async (sandbox) => {
      const started = performance.now();
      expect((await call(sandbox, 'GET', '/gift_cards/count', { headers: { 'X-Sandbox-Fault': '200+250ms' } })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    });
  });

  it('with allowFaultHeader, a malformed header is a 400 naming it, and nothing is done', async () => {
    await withSandbox({ allowFaultHeader: true }, async (sandbox) => {
      const bad = await call(sandbox, 'POST', '/gift_cards', { body: card(), headers: { 'X-Sandbox-Fault': '503+1s' } });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([{ field: 'X-Sandbox-Fault', message: expect.stringContaining("the latency '+1s'") }]);
      expect((await call(sandbox, 'GET', '/gift_cards/count')).json.count).toBe('0');
    });
  });
});
