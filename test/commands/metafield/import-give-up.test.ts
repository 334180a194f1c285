// A store that answers 429 to everything once kept an import going for hours: each object
// spent its 30 refusals, failed, and the next one began. --give-up-after (5 minutes by
// default) stops the run once nothing but 429s came for that long: exit 1, with a summary.
// A tiny store that refuses everything stands in; the run's waits go by a simulated clock,
// so the give-up time passes in milliseconds.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { SimClock } from '../../bulk/sim-clock.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { csv, freshIds, plainRows, scratchFile } from './_import.js';

describe('an import against a store that refuses everything with 429', () => {
  let server: Server;
  let env: Record<string, string> = {};
  let refused = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      refused += 1;
      response.writeHead(429, { 'content-type': 'application/json' }).end('{"code":"rate_limited","message":"Slow down."}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = { STORE_CLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, STORE_CLI_TOKEN: 'secret-token' };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('metafield import --give-up-after 2s: stops after about 2 s, exit 1, the summary and why', { timeout: 30_000 }, async () => {
    const { rows } = plainRows(freshIds(40), 1);
    const file = scratchFile('values.csv', csv(rows));
    const clock = new SimClock().autoAdvance();
    const r = await cli(['metafield', 'import', file, '--give-up-after', '2s', '--json'], { env, clock });
    const took = clock.now();
    expect(r.code, r.stderr).toBe(1);
    expect(took).toBeGreaterThan(1900);
    expect(took).toBeLessThan(12_000);
    expect(refused).toBeGreaterThan(0);
    expectNoStackTrace(r.stderr);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    expect(summary.refused).toBe(summary.requests);
    expect(r.stderr).toMatch(/^The import of .*values\.csv stopped after \ds: /m);
    expect(r.stderr).toContain('Stopped early:');
    expect(r.stderr).toMatch(/error: The store refused every request with 429 \(rate limited\) for 2s, so the run gave up \(--give-up-after 2s\)/);
  });

  it('giftcard import --give-up-after 1s: gives up while reading the store, exit 1, with a summary', { timeout: 30_000 }, async () => {
    const file = scratchFile('cards.csv', 'code,initialValue\nGIVEUPCARD000001,10\nGIVEUPCARD000002,20\n');
    const r = await cli(['giftcard', 'import', file, '--give-up-after', '1s'], { env, clock: new SimClock().autoAdvance() });
    expect(r.code, r.stderr).toBe(1);
    expectNoStackTrace(r.stderr);
    expect(r.stderr).toMatch(/^The import of .*cards\.csv stopped after \ds: 2 rows of 0 cards: 0 created, 0 updated, 0 unchanged, 0 failed\.$/m);
    expect(r.stderr).toContain('gave up (--give-up-after 1s)');
  });

  it('--give-up-after must be a duration: exit 2, nothing sent', async () => {
    const before = refused;
    const r = await cli(['metafield', 'import', scratchFile('v.csv', csv([])), '--give-up-after', '5 minutes'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--give-up-after must be a duration from 1s to 7 days, such as 90s, 10m, 1h or 1m30s (got '5 minutes').");
    expect(refused).toBe(before);
  });
});
