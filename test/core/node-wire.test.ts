// A command's requests on node's http (src/core/node-wire.ts), against a real local server:
// what is sent and read, one kept-alive connection for requests one after the other, and
// failures named as undici names them, so a command says the same whichever wire carried it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, type Wire } from '../../src/core/http-wire.js';
import { nodeWire } from '../../src/core/node-wire.js';

let server: Server | undefined;
let wire: Wire | undefined;
const sockets = new Set<Socket>();

afterEach(async () => {
  await wire?.close();
  wire = undefined;
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<{ origin: string; connections: () => number }> {
  let connections = 0;
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handler(request, response, body));
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

const text = async (body: AsyncIterable<Buffer>) => {
  let all = '';
  for await (const chunk of body) all += chunk.toString('utf8');
  return all;
};
const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: NodeJS.ErrnoException) => error.code,
  );
const signal = () => new AbortController().signal;

describe('node wire', () => {
  it('sends the method, path, headers and body, and reads the status, headers (lower-case names) and body', async () => {
    const seen: Array<{ method?: string; url?: string; token?: string; length?: string; body: string }> = [];
    const { origin } = await serve((request, response, body) => {
      seen.push({
        method: request.method,
        url: request.url,
        token: request.headers['x-service-access-token'] as string,
        length: request.headers['content-length'],
        body,
      });
      response.setHeader('Set-Cookie', ['a=1', 'b=2']);
      response.writeHead(201, { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' }).end('{"ok":true}');
    });
    wire = await nodeWire(origin);
    const answer = await wire.send({
      method: 'POST',
      path: '/api/x?y=1',
      headers: { 'x-service-access-token': 't0k', 'content-type': 'application/json' },
      body: '{"é":1}',
      signal: signal(),
      timeoutMs: 5_000,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['x-request-id']).toBe('r1');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(await text(answer.body)).toBe('{"ok":true}');
    expect(seen).toEqual([{ method: 'POST', url: '/api/x?y=1', token: 't0k', length: String(Buffer.byteLength('{"é":1}')), body: '{"é":1}' }]);
  });

  it('keeps one connection alive for requests one after the other, and close() cuts it', async () => {
    const { origin, connections } = await serve((_request, response) => response.end('{}'));
    wire = await nodeWire(origin);
    for (let i = 0; i < 3; i++) await drain((await wire.send({ method: 'GET', path: '/', headers: {}, signal: signal(), timeoutMs: 5_000 })).body);
    expect(connections()).toBe(1);
    await wire.close();
    await expect.poll(() => [...sockets].every((socket) => socket.destroyed || socket.readableEnded)).toBe(true);
  });

  it('a connection the store closes before answering is UND_ERR_SOCKET, as undici says it', async () => {
    const { origin } = await serve((request) => request.socket.end());
    wire = await nodeWire(origin);
    expect(await codeOf(wire.send({ method: 'GET', path: '/', headers: {}, signal: signal(), timeoutMs: 5_000 }))).toBe('UND_ERR_SOCKET');
  });

  it('a connection closed in the middle of the body is UND_ERR_SOCKET when the body is read', async () => {
    const { origin } = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('{"partial":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    wire = await nodeWire(origin);
    const answer = await wire.send({ method: 'GET', path: '/', headers: {}, signal: signal(), timeoutMs: 5_000 });
    expect(await codeOf(text(answer.body))).toBe('UND_ERR_SOCKET');
  });

  it('a store not listening is ECONNREFUSED', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    wire = await nodeWire(`http://127.0.0.1:${port}`);
    expect(await codeOf(wire.send({ method: 'GET', path: '/', headers: {}, signal: signal(), timeoutMs: 5_000 }))).toBe('ECONNREFUSED');
  });

  it('an attempt aborted (the deadline, Ctrl-C) ends at once', async () => {
    const { origin } = await serve((_request, response) => setTimeout(() => response.end('{}'), 2_000));
    wire = await nodeWire(origin);
    const abort = new AbortController();
    const sent = wire.send({ method: 'GET', path: '/', headers: {}, signal: abort.signal, timeoutMs: 5_000 });
    setTimeout(() => abort.abort(), 20);
    expect(await codeOf(sent)).toBe('ABORT_ERR');
  });

  it('a connection that does not open in time (its host name never found) is UND_ERR_CONNECT_TIMEOUT', async () => {
    wire = await nodeWire('http://store.invalid:8080', { connectTimeoutMs: 30, lookup: () => undefined });
    expect(await codeOf(wire.send({ method: 'GET', path: '/', headers: {}, signal: signal(), timeoutMs: 5_000 }))).toBe('UND_ERR_CONNECT_TIMEOUT');
  });
});
