// A command's requests on node's own http (or https), with a keep-alive agent: undici, which
// takes about 30 ms to load (its chunk, llhttp's WebAssembly), pays only where its pool does,
// in a bulk run's many connections (http-wire.ts). Failures are named as undici names them,
// so that a command says the same whichever wire carried it.
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { AnswerBody, Wire, WireAnswer, WireRequest } from './http-wire.js';

/** How long a connection may take to open: undici's default, which a command had before. */
export const CONNECT_TIMEOUT_MS = 10_000;

interface HttpModule {
  Agent: new (options: { keepAlive: boolean; maxSockets: number }) => Agent;
  request(options: RequestOptions): ClientRequest;
}

export interface NodeWireOptions {
  /** The most connections open at once (default 8, as undici's pool for a command). */
  connections?: number;
  /** How long opening a connection may take, its host name's lookup included (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** How host names are looked up (default: the system's, as node does). */
  lookup?: RequestOptions['lookup'];
}

/** A wire to `origin` (http or https) over keep-alive connections. */
export async function nodeWire(origin: string, { connections = 8, connectTimeoutMs = CONNECT_TIMEOUT_MS, lookup }: NodeWireOptions = {}): Promise<Wire> {
  const url = new URL(origin);
  // node:https loads tls and crypto: only for a store that needs them.
  const http: HttpModule = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target: RequestOptions = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port,
    agent,
    ...(lookup ? { lookup } : {}),
  };
  return {
    send: (request) => send(http, target, request, connectTimeoutMs),
    close: async () => agent.destroy(),
  };
}

function send(http: HttpModule, target: RequestOptions, { method, path, headers, body, signal }: WireRequest, connectTimeoutMs: number): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      ...target,
      method,
      path,
      headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal,
    });
    request.on('socket', (socket) => {
      if (!socket.connecting) return; // a kept-alive connection, open already
      const timer = setTimeout(() => request.destroy(failure('UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error')), connectTimeoutMs);
      const done = () => clearTimeout(timer);
      socket.once('connect', done).once('close', done);
    });
    request.once('response', (response) => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: bodyOf(response) }));
    request.once('error', (error) => reject(named(error)));
    request.end(body);
  });
}

function bodyOf(response: IncomingMessage): AnswerBody {
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for await (const chunk of response) yield chunk as Buffer;
      } catch (error) {
        throw named(error);
      }
    },
    destroy: () => response.destroy(),
    on: (event, listener) => response.on(event, listener),
  };
}

/**
 * node's failure under undici's name where the two differ: a connection the store closed
 * before its answer ("socket hang up") or during it ("aborted") is undici's UND_ERR_SOCKET
 * ("the connection closed unexpectedly"); a reset (read ECONNRESET) stays ECONNRESET.
 */
function named(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'ECONNRESET' && (error.message === 'socket hang up' || error.message === 'aborted'))
    return failure('UND_ERR_SOCKET', 'other side closed', error);
  return error;
}

function failure(code: string, message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}
