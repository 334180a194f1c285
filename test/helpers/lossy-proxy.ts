// A proxy in front of a sandbox that can lose answers: it forwards a request, lets the
// sandbox apply it and answer, then cuts the client's connection instead of passing the
// answer on. That is the failure a retry cannot see through: the store did the work, the
// client never heard.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface ProxiedRequest {
  method: string;
  path: string;
}

/**
 * Decides, request by request, whether the sandbox's answer is lost on the way back: true
 * cuts the connection, 'hold' keeps the client waiting for an answer that never comes.
 * 'fail' answers 503 without forwarding: a fault the store never saw the request behind.
 * 'drop' cuts the connection without forwarding: the client cannot tell it from a lost answer.
 */
export type LosePolicy = (request: ProxiedRequest) => boolean | 'hold' | 'fail' | 'drop';

export interface LossyProxy {
  readonly baseUrl: string;
  /** Answers lost so far. */
  readonly lost: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

export async function startLossyProxy(targetBaseUrl: string, lose: LosePolicy): Promise<LossyProxy> {
  const target = new URL(targetBaseUrl);
  let lost = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const fate = lose({ method, path: path.split('?')[0]! });
      if (fate === 'fail') {
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"unavailable","message":"Failed by the test proxy."}');
        return;
      }
      if (fate === 'drop') {
        request.socket.destroy();
        return;
      }
      const answer = await fetch(new URL(path, target.origin), { method, headers, ...(body.length > 0 ? { body } : {}) });
      const text = await answer.text(); // read whole: the sandbox has applied and answered
      if (fate !== false) {
        lost += 1;
        if (fate === true) request.socket.destroy();
        return;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) out[name] = value;
      });
      response.writeHead(answer.status, out).end(text);
    })().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    get lost() {
      return lost;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A proxy for a test file, in front of the sandbox `target()` returns, started in beforeAll.
 * The policy is read on each request, so a test sets it with `use(policy)` before running.
 */
export function useLossyProxy(target: () => { baseUrl: string; token: string }) {
  let proxy: LossyProxy | undefined;
  let policy: LosePolicy = () => false;
  beforeAll(async () => {
    proxy = await startLossyProxy(target().baseUrl, (request) => policy(request));
  });
  afterAll(async () => {
    await proxy?.close();
  });
  return {
    use(next: LosePolicy) {
      policy = next;
    },
    get lost() {
      return proxy?.lost ?? 0;
    },
    /** The CLI's environment: the store is the proxy. */
    get env() {
      if (!proxy) throw new Error('proxy not started yet');
      return { STORE_CLI_BASE_URL: proxy.baseUrl, STORE_CLI_TOKEN: target().token };
    },
  };
}

/** Loses the answers to the first `count` requests of `method path` (every one with Infinity). */
export function loseFirst(method: string, path: string, count: number): LosePolicy {
  let seen = 0;
  return (request) => request.method === method && request.path === path && ++seen <= count;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
