// `store-cli mcp --transport http`: the SDK's own client over Streamable HTTP against the
// server in this process, on 127.0.0.1. Every request needs the bearer token printed once at
// start (or held by --token-file): without it, or with another, 401 and nothing runs. A Host
// header that names another site is refused (DNS rebinding).
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { liveCli, scratchDir } from '../../helpers/cli-in-process.js';
import { mcpRefused } from '../../helpers/mcp-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';

/** stderr kept as text, with a wait for a line that matches. */
class Said extends Writable {
  text = '';
  private waiters: Array<{ pattern: RegExp; found: (match: RegExpMatchArray) => void }> = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    this.waiters = this.waiters.filter(({ pattern, found }) => {
      const match = this.text.match(pattern);
      if (match) found(match);
      return !match;
    });
    done();
  }

  when(pattern: RegExp): Promise<RegExpMatchArray> {
    const match = this.text.match(pattern);
    return match ? Promise.resolve(match) : new Promise((found) => this.waiters.push({ pattern, found }));
  }
}

const running: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const stop of running.splice(0)) await stop();
});

/** The server on a free port, serving `store` (a sandbox's variables): its URL, the token it printed (if it did), and what it said. */
async function httpServer(store: Record<string, string>, flags: string[] = []) {
  const said = new Said();
  const stopper = new AbortController();
  const exit = liveCli(['mcp', '--transport', 'http', '--port', '0', ...flags], { env: store, stderr: said, signal: stopper.signal }).done;
  running.push(async () => {
    stopper.abort();
    return exit;
  });
  const url = (await Promise.race([said.when(/on (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/), exit.then(() => Promise.reject(new Error(said.text)))]))[1]!;
  const token = flags.includes('--token-file') ? undefined : (await said.when(/Bearer token \(shown once[^)]*\): (\S+)\n/))[1];
  return { url, token, said };
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  running.push(() => client.close());
  return client;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

const post = (url: string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: INITIALIZE });

describe('mcp --transport http', () => {
  const s = useSandbox({ seed: 'demo' });
  it('serves the SDK client that sends the token printed once at start', async () => {
    const { url, token, said } = await httpServer(s.env, ['--read-only']);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(said.text.split(token!)).toHaveLength(2);
    const client = await connect(url, token!);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('giftcard_search');
    const count = await client.callTool({ name: 'giftcard_count', arguments: {} });
    expect(count.structuredContent).toEqual({ count: expect.any(Number) as number });
  });

  it('answers 401 without the token, or with another, and runs nothing', async () => {
    const { url, token } = await httpServer(s.env);
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-the-token-at-all' }, { authorization: `Basic ${token!}` }];
    for (const headers of attempts) {
      const answer = await post(url, headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await answer.text()).not.toContain(token!);
    }
    const client = new Client({ name: 'no-token', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();
    expect((await post(url, { authorization: `Bearer ${token!}` })).status).toBe(200);
  });

  it('refuses a Host that names another site', async () => {
    const { url, token } = await httpServer(s.env);
    const { port } = new URL(url);
    const status = await new Promise<number>((done, failed) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: {
            host: `evil.example:${port}`,
            authorization: `Bearer ${token!}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (answer) => {
          answer.resume();
          done(answer.statusCode ?? 0);
        },
      );
      sent.on('error', failed);
      sent.end(INITIALIZE);
    });
    expect(status).toBe(403);
  });

  it("--token-file: the token is the file's, and none is printed", async () => {
    const file = join(scratchDir(), 'mcp-token');
    writeFileSync(file, 'a-token-of-our-own-0123456789\n');
    const { url, said } = await httpServer(s.env, ['--token-file', file]);
    expect(said.text).not.toContain('Bearer token');
    const client = await connect(url, 'a-token-of-our-own-0123456789');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('a short token file, or --port without http, is exit 2 before serving', async () => {
    const file = join(scratchDir(), 'short');
    writeFileSync(file, 'short\n');
    const short = await mcpRefused(['--sandbox', 'mcp', '--transport', 'http', '--token-file', file]);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/--token-file: .*short must hold a token of at least 16 printable characters/);
    expect(await mcpRefused(['--sandbox', 'mcp', '--port', '8080'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--port is for --transport http') as string,
    });
  });
});
