// A hostile store on a loopback port: a node:http server that answers what a store should
// never send. In front of a real sandbox it passes every request on and poisons the answers
// (the free-text fields it is told to poison start with escape sequences, a C1 control and a
// bidi override: what retitles, clears and reorders a terminal); a handler of the test's own
// answers the rest itself (an error whose message holds line feeds, a listing that pages for
// ever). The in-process tests and the tmux test both run the CLI against it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Sets the terminal's title, clears the screen, a C1 CSI (a terminal's ESC [), and a right-to-left override. */
export const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil';
/** HOSTILE as escapeControls shows it. */
export const HOSTILE_SHOWN = '\\x1b]0;pwned\\x07\\x1b[2J\\u009b31m\\u202eevil';
/** A control or bidi character a terminal would act on (tab and line feed aside). */
// eslint-disable-next-line no-control-regex
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export interface HostileRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
}

export interface HostileAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** JSON (stringified here) or text as it is. */
  body: unknown;
}

/** Answers a request itself, or passes it on (undefined) to the sandbox behind. */
export type HostileHandler = (request: HostileRequest) => HostileAnswer | undefined;

export interface HostileStore {
  readonly baseUrl: string;
  /** The environment that points the CLI at it, with the sandbox's token. */
  readonly env: Record<string, string>;
  /** Requests answered since the last `use`. */
  readonly requests: number;
  /** The fields whose string values gain HOSTILE in every answer passed on, and the handler that answers first. */
  use(setup: { poison?: readonly string[]; handle?: HostileHandler }): void;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

/** A hostile store for a test file, in front of the sandbox `behind()` returns (started in beforeAll). */
export function useHostileStore(behind: () => { baseUrl: string; token: string }): HostileStore {
  let poison: readonly string[] = [];
  let handle: HostileHandler = () => undefined;
  let requests = 0;
  let baseUrl = '';
  let close: (() => Promise<void>) | undefined;

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    requests += 1;
    const url = new URL(request.url ?? '/', 'http://hostile.invalid');
    const own = handle({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams });
    if (own) {
      const text = typeof own.body === 'string' ? own.body : JSON.stringify(own.body);
      response.writeHead(own.status ?? 200, { 'content-type': 'application/json', ...own.headers }).end(text);
      return;
    }
    const target = new URL(behind().baseUrl);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const passed = await fetch(new URL(request.url ?? '/', target.origin), { method: request.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) });
    let text = await passed.text();
    if (poison.length > 0) {
      // Text-level, so that ids longer than 2^53 pass unrounded: each poisoned string value starts with HOSTILE.
      const field = new RegExp(`("(?:${poison.join('|')})"\\s*:\\s*")`, 'g');
      text = text.replace(field, `$1${JSON.stringify(HOSTILE).slice(1, -1)}`);
    }
    const out: Record<string, string> = {};
    passed.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) out[name] = value;
    });
    response.writeHead(passed.status, out).end(text);
  };

  beforeAll(async () => {
    const server = createServer((request, response) => void answer(request, response).catch(() => request.socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  });
  afterAll(() => close?.());

  return {
    get baseUrl() {
      return baseUrl;
    },
    get env() {
      return { STORE_CLI_BASE_URL: baseUrl, STORE_CLI_TOKEN: behind().token };
    },
    get requests() {
      return requests;
    },
    use(setup) {
      poison = setup.poison ?? [];
      handle = setup.handle ?? (() => undefined);
      requests = 0;
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
