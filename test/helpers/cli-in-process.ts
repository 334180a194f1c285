// Runs the CLI in-process (runCli with its own streams): the layer most command tests use.
// Its spawning counterpart, for the built binary, is cli-spawn.ts.
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { expect } from 'vitest';
import { runCli } from '../../src/cli.js';
import type { Clock } from '../../src/core/clock.js';
import { scratchDir } from './scratch.js';

export { scratchDir };

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Pretend stdout/stderr/stdin are terminals (tables, spinners, prompts allowed). */
  tty?: boolean;
  /** The terminal's width stdout reports (with tty); unset, tables lay out for 80 columns. */
  columns?: number;
  /** Bytes given as a Buffer are written as they are (invalid UTF-8 included). */
  stdin?: string | Buffer;
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * What the run's waits go by (pacing, backoff, Retry-After, --give-up-after): a SimClock
   * (test/bulk/sim-clock.ts) made with autoAdvance() runs them in simulated time. Give the
   * sandbox the same one (`rateClock: clock.read`) when its rate limit is in play.
   */
  clock?: Clock;
  /** The folder the run is in (store.toml is looked for from there up); unset, the test process's. */
  cwd?: string;
}

export interface LiveOptions extends RunOptions {
  /** Keep stdin open (write to `input` later) instead of ending it with `stdin`. */
  keepStdinOpen?: boolean;
  /** Streams of the test's own for stdout or stderr (an MCP client reads the server's stdout as it comes); the result then holds none of their text. */
  stdout?: Writable;
  stderr?: Writable;
}

export interface LiveRun {
  /** Resolves with the result once the command ends. */
  readonly done: Promise<CliResult>;
  stdout(): string;
  stderr(): string;
  /** Write to the command's stdin while it runs. */
  input: PassThrough;
}

/**
 * A fresh config and data directory, so tests never touch the user's files. It lives as
 * long as what made it: the test (removed when it finishes) or, made outside one, the file.
 */
export function scratchDirs(): { STORE_CLI_CONFIG_DIR: string; STORE_CLI_DATA_DIR: string } {
  const root = scratchDir();
  return { STORE_CLI_CONFIG_DIR: join(root, 'config'), STORE_CLI_DATA_DIR: join(root, 'data') };
}

/** Runs the CLI to its end and returns its exit code and everything it wrote. */
export function cli(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  return liveCli(argv, options).done;
}

/**
 * Runs a bulk command (an import, an undo) against a store that injects faults until it exits 0,
 * at most three times. With 20% of requests failing, now and then one request fails all six of
 * its tries (one row of a thousand in about one run of sixteen): the run says so (exit 3, its row
 * in the summary) and a re-run sends what is missing. The runs, in order.
 */
export async function untilDone(argv: string[], options: RunOptions): Promise<CliResult[]> {
  const runs: CliResult[] = [];
  for (;;) {
    const run = await cli(argv, options);
    runs.push(run);
    if (run.code === 0) return runs;
    expect(run.code, run.stderr).toBe(3);
    expect(runs.length, `still failing after ${runs.length} runs:\n${run.stderr}`).toBeLessThan(3);
  }
}

/** Runs the CLI; its output can be read, and its stdin written, while it runs. */
export function liveCli(argv: string[], options: LiveOptions = {}): LiveRun {
  const stdout = options.stdout ?? Object.assign(sink(), options.columns !== undefined ? { columns: options.columns } : {});
  const stderr = options.stderr ?? sink();
  const text = (stream: Writable) => (stream instanceof Sink ? stream.text() : '');
  const input = new PassThrough();
  if (!options.keepStdinOpen) input.end(options.stdin ?? '');
  else if (options.stdin !== undefined) input.write(options.stdin);
  const tty = options.tty === true;
  const done = runCli(argv, {
    streams: { stdin: input, stdout, stderr, isStdinTTY: tty, isStdoutTTY: tty, isStderrTTY: tty },
    env: { ...(ownsDirs(options.env) ? {} : scratchDirs()), ...options.env },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  }).then((code) => ({ code, stdout: text(stdout), stderr: text(stderr) }));
  return { done, stdout: () => text(stdout), stderr: () => text(stderr), input };
}

/** Whether the caller's environment names both directories already, so no scratch is needed. */
function ownsDirs(env: RunOptions['env']): boolean {
  return env !== undefined && 'STORE_CLI_CONFIG_DIR' in env && 'STORE_CLI_DATA_DIR' in env;
}

/**
 * A writable that collects text. Its end() is ignored, because @inquirer pipes its
 * output into the given stream and ends it when the prompt closes: harmless on
 * process.stderr (pipe never ends stdio), but fatal for a plain PassThrough.
 */
class Sink extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

function sink(): Sink {
  const stream = new Sink();
  stream.end = (() => stream) as unknown as Sink['end'];
  return stream;
}
