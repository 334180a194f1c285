// `store-cli mcp` in this process, as an agent's client meets it: the CLI run in-process
// (cli-in-process.ts) with the server on a pair of streams, and the SDK's own Client speaking MCP's stdio framing over them (the
// SDK's stdio client only spawns a process). What only a process shows (the launcher, a
// person's `mcp approve` in another process) stays in test/e2e/mcp.test.ts.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { Collector } from '../../src/core/captured-run.js';
import { cli, liveCli } from './cli-in-process.js';

/** The client side of the server's stdin and stdout. */
class StreamTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly fromServer: Readable,
    private readonly toServer: Writable,
  ) {}

  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) this.onmessage?.(message);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

export interface McpRun {
  client: Client;
  /** What the server said on stderr so far. */
  stderr(): string;
  /** Closes the client (the server's stdin ends) and gives the server's exit code. */
  close(): Promise<number>;
}

const open: McpRun[] = [];

afterEach(async () => {
  for (const run of open.splice(0)) await run.close();
});

/** The server (`store-cli ...argv`, `mcp` among them) connected to a client; closed after the test. */
export async function mcpClient(argv: string[], options: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<McpRun> {
  const stdout = new PassThrough();
  const stderr = new Collector();
  const server = liveCli(argv, { env: options.env ?? {}, keepStdinOpen: true, stdout, stderr, ...(options.cwd ? { cwd: options.cwd } : {}) });
  const exit = server.done.then((result) => result.code);
  const client = new Client({ name: 'in-process', version: '1.0.0' });
  // A server that refuses to start ends before it answers: its exit code, and its stderr, say why.
  const started = client.connect(new StreamTransport(stdout, server.input));
  const ended = exit.then((code) => {
    throw new Error(`store-cli ended with exit code ${code} before serving: ${stderr.text()}`);
  });
  await Promise.race([started, ended]);
  let closed: Promise<number> | undefined;
  const run: McpRun = {
    client,
    stderr: () => stderr.text(),
    close: () => (closed ??= client.close().then(() => exit)),
  };
  open.push(run);
  return run;
}

/** A server that refuses to start: its exit code and what it said. */
export async function mcpRefused(
  argv: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await cli(argv, { env: options.env ?? {}, ...(options.cwd ? { cwd: options.cwd } : {}) });
  return { code, stderr };
}

/** A tool result's text. */
export function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join('');
}
