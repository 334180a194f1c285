// webhook trigger sending to webhook listen, both in-process: a topic without a sample is
// refused naming those it can send, and listen --forward-to hands the app the delivery as
// trigger wrote it, printing the app's status and passing it back. Listen stopped by SIGTERM
// or Ctrl-C is test/e2e/signals.test.ts's.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { waitFor } from '../_support.js';
import { sign, startListen } from './support.js';

const SECRET = 'whsec-e2e-1';

describe('webhook trigger, a topic without a sample', () => {
  it('exits 2 naming the topics it can send', async () => {
    const r = await cli(['webhook', 'trigger', 'products/archive', '--to', 'http://127.0.0.1:9/']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /Cannot trigger products\/archive: there is no sample payload for 'products\/archive'; trigger sends the samples of products\/create, products\/update, products\/delete, orders\/create, .*discounts\/delete, shop\/update, .*app\/authorizationCodeGranted\./,
    );
  });
});

describe('webhook trigger -> webhook listen --forward-to', () => {
  let app: Server;
  let appUrl: string;
  const received: Array<{ rawHeaders: string[]; headers: IncomingHttpHeaders; body: Buffer }> = [];

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ rawHeaders: req.rawHeaders, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(received.length === 1 ? 204 : 503).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(async () => {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  });

  it("headers and body reach the app unchanged; listen prints the app's status and passes it back", async () => {
    const l = await startListen(['--secret', SECRET, '--forward-to', appUrl]);
    try {
      const first = await cli(['webhook', 'trigger', 'products/create', '--to', l.url, '--secret', SECRET, '--json', 'webhookId,status']);
      expect(first.code, first.stderr).toBe(0);
      const { webhookId, status } = JSON.parse(first.stdout) as { webhookId: string; status: number };
      expect(status).toBe(204);
      const second = await cli(['webhook', 'trigger', 'products/delete', '--to', l.url, '--secret', SECRET]);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/answered 503/);

      const [delivered] = received;
      const names = delivered!.rawHeaders.filter((_, i) => i % 2 === 0);
      // The sender's header names, in its case and order (trigger writes them so).
      expect(names.filter((n) => n.startsWith('X-Service-'))).toEqual([
        'X-Service-Topic',
        'X-Service-Webhook-Id',
        'X-Service-Triggered-At',
        'X-Service-Api-Version',
        'X-Service-Hmac-Sha256',
      ]);
      expect(delivered!.headers['x-service-webhook-id']).toBe(webhookId);
      expect(delivered!.headers['x-service-hmac-sha256']).toBe(sign(delivered!.body, SECRET));
      expect(delivered!.headers['user-agent']).toMatch(/^store-cli\//);
      expect(JSON.parse(delivered!.body.toString('utf8'))).toMatchObject({ productId: '4000000000000000501', title: 'Merino Crew Sweater' });

      const lines = await waitFor(
        () => {
          const printed = l.run.stdout().split('\n').filter(Boolean);
          return printed.length >= 2 ? printed : undefined;
        },
        10_000,
        'two lines on stdout',
      );
      expect(lines.map((line) => line.split('\t').slice(1))).toEqual([
        ['products/create', '4000000000000000501', 'Merino Crew Sweater', 'verified', 'service', '204'],
        ['products/delete', '4000000000000000501', '', 'verified', 'service', '503'],
      ]);
    } finally {
      expect((await l.stop()).code).toBe(0);
    }
  });
});
