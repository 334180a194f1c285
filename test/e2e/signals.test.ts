// Ctrl-C during a request and during an import, and a reader that closes the pipe early
// (`| head`); `webhook listen` and `webhook trigger` as processes (the samples bundled,
// signatures verified and refused), listen stopped cleanly by SIGTERM and Ctrl-C (SIGINT). The
// rest of listen and trigger is in-process: test/commands/webhook/; giftcard import's Ctrl-C
// summary: test/commands/giftcard/import-interrupted.test.ts.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  exitOf,
  isolatedEnv,
  killLeftovers,
  readFirstChunkThenClose,
  removeScratch,
  requireBuild,
  run,
  scratch,
  spawnGathering,
  until,
} from '../helpers/cli-spawn.js';
import { host, type HostedStore } from '../helpers/hosted-store.js';
import { STACK_LINE } from '../helpers/stack-trace.js';
import { listen, sign } from './webhook-helpers.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('SIGINT', () => {
  let server: Server;
  let port: number;
  const received: IncomingMessage[] = [];

  beforeAll(async () => {
    // Accepts every request and never answers, but for the definitions listing a metafield
    // import reads before its first write: that one is answered (no definitions).
    server = createServer((request, response) => {
      if (request.url?.includes('/metafields/definitions/')) response.writeHead(200, { 'content-type': 'application/json' }).end('{"metafieldDefinitions":[]}');
      else received.push(request);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('during a request that never ends: exit 130 promptly, one line, no stack trace', async () => {
    const { child, stdout, stderr } = spawnGathering(
      ['giftcard', 'count'],
      isolatedEnv({ STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: 'x' }),
    );

    const request = await until(
      () => received.at(-1),
      10_000,
      () => `no request arrived; stderr:\n${stderr()}`,
    );
    expect(request.url).toMatch(/gift_cards\/count/);
    const sent = performance.now();
    child.kill('SIGINT');
    const end = await exitOf(child, 5_000);
    const elapsed = performance.now() - sent;

    expect(end).toMatchObject({ code: 130, signal: null });
    expect(elapsed).toBeLessThan(3_000);
    expect(stdout()).toBe('');
    expect(stderr()).toMatch(/interrupt/i);
    expect(stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(stderr()).not.toMatch(STACK_LINE);
  });

  it('metafield import --json: the summary after Ctrl-C counts the rows read but not finished', { timeout: 30_000 }, async () => {
    const file = join(scratch().root, 'values.csv');
    writeFileSync(file, 'domain,bizId,namespace,code,value\nproducts,91,ns,a,1\nproducts,91,ns,b,2\nproducts,92,ns,a,3\n');
    const before = received.length;
    const { child, stdout, stderr } = spawnGathering(
      ['metafield', 'import', file, '--json'],
      isolatedEnv({ STORE_CLI_BASE_URL: `http://127.0.0.1:${port}`, STORE_CLI_TOKEN: 'x' }),
    );

    // Both objects' first requests are in flight, unanswered, when Ctrl-C comes.
    await until(
      () => (received.length - before >= 2 ? true : undefined),
      10_000,
      () => `requests did not arrive; stderr:\n${stderr()}`,
    );
    child.kill('SIGINT');
    const end = await exitOf(child, 20_000);
    expect(end).toMatchObject({ code: 130, signal: null });
    expect(JSON.parse(stdout())).toMatchObject({ rows: 3, created: 0, updated: 0, unchanged: 0, failed: 0, unfinished: 3 });
    expect(stderr()).toMatch(/^Interrupted: 3 rows read were not finished/m);
    expect(stderr()).not.toMatch(STACK_LINE);
  });
});

describe('a reader that goes away (| head)', () => {
  let sandbox: HostedStore;

  beforeAll(async () => {
    sandbox = await host();
    // Enough cards for several pages and many pipe buffers of JSON Lines.
    const batch = Array.from({ length: 600 }, (_, i) =>
      api(sandbox, 'POST', '/gift_cards', {
        giftCard: { code: `E2EBULK${String(i).padStart(6, '0')}`, initialValue: `${i + 1}.00`, note: `bulk card ${i} ${'n'.repeat(200)}` },
      }),
    );
    const statuses = (await Promise.all(batch)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('giftcard search --json: exits promptly once stdout is closed', async () => {
    const { first, end, stderr } = await readFirstChunkThenClose(['giftcard', 'search', '--json'], sandbox.env());
    expect(first.trimStart().startsWith('[')).toBe(true);
    expect(end).toMatchObject({ code: 0, signal: null });
    expect(stderr).not.toMatch(STACK_LINE);
  });

  it('giftcard search --all --jsonl over many pages: stops fetching and exits promptly', async () => {
    const { first, end, stderr } = await readFirstChunkThenClose(['giftcard', 'search', '--all', '--jsonl'], sandbox.env());
    expect(first.startsWith('{')).toBe(true);
    expect(end).toMatchObject({ code: 0, signal: null });
    expect(end.ms).toBeLessThan(3_000);
    expect(stderr).not.toMatch(STACK_LINE);
  });
});

const SECRET = 'whsec-e2e-1';

describe('webhook trigger -> webhook listen', () => {
  it('an event of the bundled samples arrives signed and verified; SIGTERM stops listen with exit 0', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    try {
      const sent = await run(['webhook', 'trigger', 'products/create', '--to', l.url, '--secret', SECRET, '--json']);
      expect(sent.code, sent.stderr).toBe(0);
      expect(JSON.parse(sent.stdout)).toMatchObject({ topic: 'products/create', status: 200, productId: '4000000000000000501' });
      await l.lines(1);
      const records = l.records();
      expect(records.map((r) => [r.topic, r.productId, r.title, r.verified, r.status])).toEqual([
        ['products/create', '4000000000000000501', 'Merino Crew Sweater', true, 200],
      ]);
      expect((records[0]!.payload as { variants: unknown[] }).variants).toHaveLength(4);
    } finally {
      const end = await l.stop('SIGTERM');
      expect(end).toEqual({ code: 0, signal: null });
    }
    expect(l.stderr()).toMatch(/Stopped listening/);
    expect(l.stderr()).not.toMatch(STACK_LINE);
    expect(`${l.stdout()}${l.stderr()}`).not.toContain(SECRET);
  });

  it('a forged signature gets 401 and a warning on stderr; Ctrl-C (SIGINT) also exits 0', async () => {
    const l = await listen(['--secret', SECRET, '--json']);
    try {
      const body = JSON.stringify({ productId: '4000000000000000999', title: 'Forged' });
      const forged = await fetch(l.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-topic': 'products/create',
          'x-service-webhook-id': 'wh-forged-e2e',
          'x-service-hmac-sha256': sign(body, 'guessed'),
        },
        body,
      });
      expect(forged.status).toBe(401);
      await forged.text();
      const wrongSecret = await run(['webhook', 'trigger', 'products/update', '--to', l.url, '--secret', 'guessed']);
      expect(wrongSecret.code).toBe(1);
      expect(wrongSecret.stderr).toMatch(/answered 401 to the products\/update event/);
      expect(wrongSecret.stderr).not.toContain('guessed');
    } finally {
      expect(await l.stop('SIGINT')).toEqual({ code: 0, signal: null });
    }
    expect(l.stdout()).toBe('');
    expect(l.stderr()).toMatch(
      /warning: Refused a products\/create delivery \(X-Service-\* headers, webhook id wh-forged-e2e\): its X-Service-Hmac-Sha256 signature does not match/,
    );
    expect(l.stderr()).toMatch(/warning: Refused a products\/update delivery/);
  });
});
