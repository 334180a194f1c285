// giftcard import stopped by Ctrl-C (the run's abort signal) while it reads the store: the
// summary of the rows read but not finished, exit 130. The store accepts every request and
// answers none, so the stop lands while the reads are in flight. The SIGINT wiring of the
// process: test/e2e/signals.test.ts.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCli, scratchDir } from '../../helpers/cli-in-process.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { waitFor } from '../_support.js';

describe('giftcard import interrupted', () => {
  let server: Server;
  let port: number;
  const received: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((request) => void received.push(request));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('giftcard import --json: Ctrl-C while the store is read gives the summary, exit 130', async () => {
    const file = join(scratchDir(), 'cards.csv');
    writeFileSync(file, 'code,initialValue\nSIGINTCARD0001,10\nSIGINTCARD0002,20\n');
    const before = received.length;
    const controller = new AbortController();
    const live = liveCli(['giftcard', 'import', file, '--json'], {
      env: { STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: 'x' },
      signal: controller.signal,
    });
    await waitFor(() => (received.length - before >= 1 ? true : undefined), 10_000, 'a request');
    controller.abort();
    const end = await live.done;
    expect(end.code).toBe(130);
    expect(JSON.parse(end.stdout)).toMatchObject({ rows: 2, created: 0, failed: 0, unfinished: 2 });
    expect(end.stderr).toMatch(/^Interrupted: 2 rows read were not finished/m);
    expect(end.stderr).not.toMatch(STACK_LINE);
  });
});
