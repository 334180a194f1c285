// Shared pieces of the webhook command tests: `webhook listen` run in-process (its
// address read from stderr), and a small HTTP app that records what reached it.
import { createHmac } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liveCli, type LiveRun } from '../../helpers/cli-in-process.js';
import { waitFor } from '../_support.js';

export interface Listener {
  url: string;
  run: LiveRun;
  /** The NDJSON lines printed so far, parsed. */
  records(): Array<Record<string, unknown>>;
  stop(): Promise<{ code: number; stdout: string; stderr: string }>;
}

export async function startListen(args: string[], env: Record<string, string> = {}): Promise<Listener> {
  const controller = new AbortController();
  const run = liveCli(['webhook', 'listen', '--port', '0', ...args], { signal: controller.signal, env });
  const url = await waitFor(() => /Listening for webhook deliveries on (http:\/\/\S+?\/)[,.]/.exec(run.stderr())?.[1], 5000, 'listen to print its address');
  return {
    url,
    run,
    records: () =>
      run
        .stdout()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop() {
      controller.abort();
      return run.done;
    },
  };
}

/** Waits until the listener has printed `count` lines on stdout, and returns its lines. */
export function linesOf(listener: Listener, count: number): Promise<string[]> {
  const lines = () =>
    listener.run
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
  return waitFor(() => (lines().length >= count ? lines() : undefined), 10_000, `${count} lines on stdout`);
}

export interface Recorded {
  method: string;
  url: string;
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface AppAnswer {
  status: number;
  body: string;
}

export interface App {
  url: string;
  received: Recorded[];
  /** What the app answers: a status and a body, or a choice by the request's number (1 for the first). */
  answer: AppAnswer | ((count: number) => AppAnswer);
  close(): Promise<void>;
}

export async function startApp(): Promise<App> {
  const received: Recorded[] = [];
  const app: App = { url: '', received, answer: { status: 200, body: '{"ok":true}' }, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, headers: req.headers, body: Buffer.concat(chunks) });
      const answer = typeof app.answer === 'function' ? app.answer(received.length) : app.answer;
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks?app=1`;
  app.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return app;
}

/** Header pairs without the ones that describe a connection (a proxy rewrites those). */
export function endToEndHeaders(rawHeaders: readonly string[]): Array<[string, string]> {
  const skip = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (!skip.has(rawHeaders[i]!.toLowerCase())) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}

export interface Sent {
  status: number;
  body: string;
}

/** A raw POST: header pairs exactly as given (case and order), body bytes as given. */
export function postRaw(url: string, headerPairs: string[], body: string | Buffer, method = 'POST'): Promise<Sent> {
  const target = new URL(url);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    const req = request(target, { method, agent: false, headers: ['Host', target.host, ...headerPairs, 'Content-Length', String(bytes.length)] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Headers of a well-formed delivery; add the signature yourself. */
export function deliveryHeaders(topic: string, webhookId = 'wh-test-1'): string[] {
  return [
    'Content-Type',
    'application/json',
    'X-Service-Topic',
    topic,
    'X-Service-Webhook-Id',
    webhookId,
    'X-Service-Triggered-At',
    '2026-11-21T10:00:00Z',
    'X-Service-Api-Version',
    '202412',
  ];
}

export function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}
