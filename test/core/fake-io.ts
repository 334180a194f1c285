// A fake IO over PassThrough streams: what a command wrote to stdout and stderr, as text.
import { PassThrough } from 'node:stream';
import { createIO, type IO } from '../../src/core/io.js';

export interface FakeIO {
  io: IO;
  stdout(): string;
  stderr(): string;
}

export function fakeIO(options: { stdoutTTY?: boolean; stderrTTY?: boolean; color?: boolean; columns?: number } = {}): FakeIO {
  const stdout = Object.assign(new PassThrough(), { columns: options.columns });
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  const io = createIO(
    {
      stdin: new PassThrough(),
      stdout,
      stderr,
      isStdinTTY: false,
      isStdoutTTY: options.stdoutTTY ?? false,
      isStderrTTY: options.stderrTTY ?? false,
    },
    options.color ?? false,
  );
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}
