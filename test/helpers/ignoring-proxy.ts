// A store that ignores the query parameters it does not know: a proxy in front of a sandbox
// that drops every parameter but those it is given before forwarding the request, as a real
// store may do with a filter its docs do not show. The answers (and their Link headers, whose
// page tokens then carry none of the dropped filters) go back as the sandbox wrote them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

export interface IgnoringProxy {
  readonly baseUrl: string;
  /** The paths (query included) the sandbox was asked, as the proxy forwarded them. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

/** A proxy to `targetBaseUrl` that keeps only the query parameters named in `kept`. */
export async function startIgnoringProxy(targetBaseUrl: string, kept: readonly string[]): Promise<IgnoringProxy> {
  const target = new URL(targetBaseUrl);
  const forwarded: string[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', target.origin);
      for (const name of [...url.searchParams.keys()]) if (!kept.includes(name)) url.searchParams.delete(name);
      forwarded.push(`${url.pathname}${url.search}`);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const answer = await fetch(url, { method: request.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) out[name] = value;
      });
      response.writeHead(answer.status, out).end(await answer.text());
    })().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An ignoring proxy for a test file, in front of the sandbox `target()` returns, started in beforeAll. */
export function useIgnoringProxy(target: () => { baseUrl: string }, kept: readonly string[]) {
  let proxy: IgnoringProxy | undefined;
  beforeAll(async () => {
    proxy = await startIgnoringProxy(target().baseUrl, kept);
  });
  afterAll(async () => {
    await proxy?.close();
  });
  return {
    get baseUrl() {
      if (!proxy) throw new Error('proxy not started yet');
      return proxy.baseUrl;
    },
    /** What the sandbox was asked since the last take, and forgets it. */
    take(): string[] {
      return proxy ? proxy.forwarded.splice(0) : [];
    },
  };
}
