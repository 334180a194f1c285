// An HttpClient over undici's MockAgent, for the HTTP layer's own tests: no network, each
// test's answers set up on `pool`, a fresh agent before each test and closed after it.
import { MockAgent, type MockPool } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import { HttpClient, type HttpClientOptions } from '../../src/core/http.js';
import type { RetryPolicy } from '../../src/core/retry.js';

export const ORIGIN = 'http://store.test';
export const TOKEN = 'shpat_secret_token_WXYZ';
/** Three attempts, waits of a few ms. */
const FAST: RetryPolicy = { maxAttempts: 3, baseDelayMs: 2, maxDelayMs: 10, maxTotalWaitMs: 5_000 };

export interface MockStore {
  /** This test's agent, which refuses any request not intercepted. */
  readonly agent: MockAgent;
  /** Its pool for ORIGIN. */
  readonly pool: MockPool;
  /** A client at ORIGIN with TOKEN through the agent, fast retries and no jitter; `options` override. */
  client(options?: Partial<HttpClientOptions>): HttpClient;
}

/** Call at the top of a test file: registers the beforeEach and afterEach. */
export function useMockAgent(): MockStore {
  let agent: MockAgent;
  let pool: MockPool;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    pool = agent.get(ORIGIN);
  });
  afterEach(async () => {
    await agent.close();
  });
  return {
    get agent() {
      return agent;
    },
    get pool() {
      return pool;
    },
    client: (options = {}) =>
      new HttpClient({
        baseUrl: ORIGIN,
        token: async () => TOKEN,
        timeoutMs: 2_000,
        userAgent: 'store-cli/test',
        dispatcher: agent,
        retry: FAST,
        random: () => 0.5,
        ...options,
      }),
  };
}
