// Runs the CLI in-process with buffered streams: the layer most command tests use.
import { PassThrough } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Pretend stdout/stderr/stdin are terminals (tables, spinners, prompts allowed). */
  tty?: boolean;
  stdin?: string;
  signal?: AbortSignal;
  now?: () => Date;
}

/** A fresh config and data directory, so tests never touch the user's files. */
export function scratchDirs(): { STORE_CLI_CONFIG_DIR: string; STORE_CLI_DATA_DIR: string } {
  const root = mkdtempSync(join(tmpdir(), 'store-cli-test-'));
  return { STORE_CLI_CONFIG_DIR: join(root, 'config'), STORE_CLI_DATA_DIR: join(root, 'data') };
}

export async function cli(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  const stdout = collector();
  const stderr = collector();
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const tty = options.tty === true;
  const code = await runCli(argv, {
    streams: { stdin, stdout: stdout.stream, stderr: stderr.stream, isStdinTTY: tty, isStdoutTTY: tty, isStderrTTY: tty },
    env: { ...scratchDirs(), ...options.env },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

function collector() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
