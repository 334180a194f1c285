// undici's index module loads every dispatcher, interceptor, cache store and the mock
// layer: measured at 1.9x the start-up of `node -e 0`. A bulk run needs one keep-alive
// Pool and the request API, so only those two modules are loaded (1.3x). A command's
// requests go by node's own http instead (node-wire.ts).
import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';
import Pool from 'undici/lib/dispatcher/pool.js';
import requestApi from 'undici/lib/api/api-request.js';
import type { Wire } from './http-wire.js';

// undici parses HTTP with llhttp, compiled to WebAssembly on the first connection. V8
// compiles it at once with Liftoff, then again with TurboFan on background threads, and
// node waits for those at exit: measured at +150 ms on every command, for a parser that
// reads a few kilobytes. Liftoff code is plenty for that. (Flag read at compile time,
// which comes later, at the first connection.)
setFlagsFromString('--liftoff-only');

export type { Dispatcher };

export function createPool(origin: string, connections: number): Dispatcher {
  return new Pool(origin, { connections, keepAliveTimeout: 10_000, pipelining: 1 });
}

export function sendRequest(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestApi.call(dispatcher, options);
}

/**
 * The wire over `dispatcher` (a Pool of `createPool`; a test's MockAgent), to `origin`.
 * `owned`: close() destroys it (one the caller gave is the caller's to close).
 */
export function undiciWire(dispatcher: Dispatcher, origin: string, owned: boolean): Wire {
  return {
    send: async ({ method, path, headers, body, signal, timeoutMs }) => {
      // undici's timeouts are between bytes; the client's deadline bounds the whole attempt.
      const answer = await sendRequest(dispatcher, {
        origin,
        method: method as Dispatcher.HttpMethod,
        path,
        headers,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal,
      });
      return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
    },
    close: async () => {
      // Idle keep-alive sockets are cut rather than closed gracefully, which would hold the
      // process open for a round of FIN handshakes.
      if (owned) await dispatcher.destroy();
    },
  };
}
