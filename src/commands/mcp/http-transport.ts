// `store-cli mcp --transport http`: the SDK's Streamable HTTP transport on 127.0.0.1 only, at
// /mcp, one SDK server a client's session (the tools and their state are the one server's).
// Every request needs `Authorization: Bearer TOKEN`: a token made at start and printed once on
// stderr, or read from --token-file; without it the answer is 401 and nothing is run. The Host
// header must name the loopback address (the SDK's DNS rebinding protection), so a web page a
// browser loads cannot reach the server through a name of its own.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { RuntimeError, UsageError } from '../../core/errors.js';
import { shownPath } from '../../core/store-file.js';
import type { Context } from '../../root/context.js';

const HOST = '127.0.0.1';
const PATH = '/mcp';
/** The shortest token a --token-file may hold: a guessable one would be no gate. */
const MIN_TOKEN = 16;

export interface HttpOptions {
  port: number;
  tokenFile?: string;
}

/** Serves `newServer()`'s, one a session, until the run is interrupted. */
export async function serveHttp(ctx: Context, newServer: () => Server, options: HttpOptions, what: string): Promise<void> {
  const given = options.tokenFile === undefined ? undefined : await readToken(options.tokenFile, ctx.cwd);
  const token = given ?? randomBytes(24).toString('base64url');
  const [{ createServer }, { StreamableHTTPServerTransport }] = await Promise.all([
    import('node:http'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();
  let port = options.port;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (!authorized(request.headers.authorization, token)) return answer(response, 401, 'A bearer token is needed: Authorization: Bearer TOKEN.');
    if (new URL(request.url ?? '/', `http://${HOST}`).pathname !== PATH) return answer(response, 404, `Not found: the MCP endpoint is ${PATH}.`);
    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (session === undefined) return answer(response, 404, 'No such session: initialize a new one.');
      return session.transport.handleRequest(request, response);
    }
    // No session yet: the transport itself refuses any first request but initialize.
    const server = newServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, server }),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
      enableDnsRebindingProtection: true,
      allowedHosts: [`${HOST}:${port}`, `localhost:${port}`],
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
    // A first request that was no initialize made no session: its server goes.
    if (transport.sessionId === undefined) await server.close();
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, `The server failed: ${(error as Error).message}`);
      else response.end();
    });
  });
  await new Promise<void>((listening, failed) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      failed(
        error.code === 'EADDRINUSE'
          ? new UsageError(`--port ${port}: the port is taken; give another, or 0 for a free one.`)
          : new RuntimeError(`Cannot listen on ${HOST}:${port} (${error.code ?? error.message}).`),
      ),
    );
    http.listen(port, HOST, () => listening());
  });
  port = (http.address() as { port: number }).port;
  ctx.say(`store-cli mcp: ${what}, on http://${HOST}:${port}${PATH}`);
  // Shown once, here: the client's configuration holds it from now on.
  if (given === undefined) ctx.say(`Bearer token (shown once; the client sends it as Authorization: Bearer TOKEN): ${token}`);
  await new Promise<void>((stopped) => {
    if (ctx.signal.aborted) stopped();
    ctx.signal.addEventListener('abort', () => stopped(), { once: true });
  });
  for (const { server } of sessions.values()) await server.close().catch(() => undefined);
  http.closeAllConnections();
  await new Promise<void>((closed) => http.close(() => closed()));
}

/** The token a --token-file holds (its first line, trimmed), checked. */
async function readToken(file: string, cwd: string): Promise<string> {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--token-file: cannot read ${shownPath(path, cwd)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  const token = (text.split(/\r?\n/)[0] ?? '').trim();
  if (token.length < MIN_TOKEN || !/^[\x21-\x7e]+$/.test(token))
    throw new UsageError(
      `--token-file: ${shownPath(path, cwd)} must hold a token of at least ${MIN_TOKEN} printable characters, without spaces, on its first line.`,
    );
  return token;
}

/** Whether the header carries the token, compared in constant time. */
function authorized(header: string | undefined, token: string): boolean {
  const given = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function answer(response: ServerResponse, status: number, message: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="store-cli mcp"';
  response.writeHead(status, headers);
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}
