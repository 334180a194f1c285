import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  topic: string;
  webhookId: string;
  headers: IncomingHttpHeaders;
  /** The body bytes exactly as they arrived. */
  raw: Buffer;
  json: any;
  /** The status this receiver answered. */
  status: number;
}

/** Decides the answer to a delivery: a status, or a promise of one (to hold the request open). */
export type Answer = (delivery: Received, earlier: readonly Received[]) => number | Promise<number>;

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `check` holds for what arrived; fails after 10 s. */
  until(check: (received: readonly Received[]) => boolean): Promise<void>;
  close(): Promise<void>;
}

/** A local webhook subscriber on an ephemeral port that records every delivery. */
export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const delivery: Received = {
        // Our dialect sends X-Service-*, the real one X-Genstore-*.
        topic: String(req.headers['x-service-topic'] ?? req.headers['x-genstore-topic']),
        webhookId: String(req.headers['x-service-webhook-id'] ?? req.headers['x-genstore-webhook-id']),
        headers: req.headers,
        raw,
        json: JSON.parse(raw.toString('utf8')),
        status: 0,
      };
      const earlier = [...received];
      received.push(delivery);
      delivery.status = await answer(delivery, earlier);
      res.writeHead(delivery.status, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    async until(check) {
      const deadline = Date.now() + 10_000;
      while (!check(received)) {
        if (Date.now() > deadline) throw new Error(`timed out; received ${received.map((r) => `${r.topic}:${r.status}`).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
