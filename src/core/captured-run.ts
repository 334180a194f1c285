// Streams for a command run inside this process whose output is kept, not shown: what the
// MCP server hands each tool call (commands/mcp), so a tool runs the CLI's own command, its
// checks, masking and dry run included, and answers with what it printed. No terminal: stdin
// is empty, and nothing asks.
import { PassThrough, Writable } from 'node:stream';
import type { Streams } from './io.js';

/** What a captured run printed and how it ended. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Collects what a run writes, as text (a captured command's streams, a store's run across stores). */
export class Collector extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Streams that keep what is written to them, and how to read it back once the run ended. */
export function capturedStreams(): { streams: Streams; finish(code: number): CapturedRun } {
  const stdout = new Collector();
  const stderr = new Collector();
  // end() is ignored: a prompt library ends the stream it was given when it closes.
  stdout.end = (() => stdout) as unknown as Collector['end'];
  stderr.end = (() => stderr) as unknown as Collector['end'];
  const stdin = new PassThrough();
  stdin.end();
  return {
    streams: { stdin, stdout, stderr, isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false },
    finish: (code) => ({ code, stdout: stdout.text(), stderr: stderr.text() }),
  };
}
