import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ReaderGoneError, createIO, readAll, terminalOverrides, writeWithBackpressure } from '../../src/core/io.js';

/** A stream that buffers without anyone reading, so writes past 4 bytes report backpressure. */
function stalled(): PassThrough {
  return new PassThrough({ highWaterMark: 4 });
}

async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value?: T; error?: unknown } | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)));
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('writeWithBackpressure', () => {
  it('returns at once while the stream has room', async () => {
    const stream = stalled();
    expect(await settledWithin(writeWithBackpressure(stream, 'ab'), 50)).toEqual({ value: undefined });
    expect(stream.read()?.toString()).toBe('ab');
  });

  it('waits for drain when the buffer is full, then resolves', async () => {
    const stream = stalled();
    const pending = writeWithBackpressure(stream, 'abcdefgh');
    expect(await settledWithin(pending, 30)).toBe('pending');
    stream.resume(); // a reader arrives and drains the buffer
    expect(await settledWithin(pending, 1_000)).toEqual({ value: undefined });
  });

  it('ends the wait with ReaderGoneError when the stream is destroyed', async () => {
    const stream = stalled();
    const pending = writeWithBackpressure(stream, 'abcdefgh');
    expect(await settledWithin(pending, 30)).toBe('pending');
    stream.destroy();
    const result = await settledWithin(pending, 1_000);
    expect(result).not.toBe('pending');
    expect((result as { error: unknown }).error).toBeInstanceOf(ReaderGoneError);
  });

  it('ends the wait with ReaderGoneError when the stream fails (EPIPE)', async () => {
    const stream = stalled();
    stream.on('error', () => {}); // the process would otherwise see an unhandled error
    const pending = writeWithBackpressure(stream, 'abcdefgh');
    stream.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const result = await settledWithin(pending, 1_000);
    expect((result as { error: unknown }).error).toBeInstanceOf(ReaderGoneError);
  });

  it('refuses at once to write to an already destroyed stream', async () => {
    const stream = new PassThrough();
    stream.destroy();
    const result = await settledWithin(writeWithBackpressure(stream, 'x'), 1_000);
    expect((result as { error: unknown }).error).toBeInstanceOf(ReaderGoneError);
  });

  it('leaves no listeners behind', async () => {
    const stream = stalled();
    const pending = writeWithBackpressure(stream, 'abcdefgh');
    stream.resume();
    await pending;
    expect(stream.listenerCount('drain')).toBe(0);
    expect(stream.listenerCount('close')).toBe(0);
    expect(stream.listenerCount('error')).toBe(0);
  });

  it('writes through a slow consumer in order', async () => {
    const seen: string[] = [];
    const slow = new Writable({
      highWaterMark: 8,
      write(chunk: Buffer, _enc, done) {
        seen.push(chunk.toString());
        setTimeout(done, 1);
      },
    });
    for (let i = 0; i < 20; i++) await writeWithBackpressure(slow, `line ${i}\n`);
    await new Promise<void>((resolve) => slow.end(resolve));
    expect(seen.join('')).toBe(Array.from({ length: 20 }, (_, i) => `line ${i}\n`).join(''));
  });
});

describe('createIO', () => {
  const streams = (tty: { stdin: boolean; stdout: boolean; stderr: boolean }) => ({
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    isStdinTTY: tty.stdin,
    isStdoutTTY: tty.stdout,
    isStderrTTY: tty.stderr,
  });

  it('decides colour per stream and only when allowed', () => {
    const io = createIO(streams({ stdin: false, stdout: true, stderr: false }), true);
    expect(io.colorOut).toBe(true);
    expect(io.colorErr).toBe(false);
    const noColor = createIO(streams({ stdin: true, stdout: true, stderr: true }), false);
    expect(noColor.colorOut).toBe(false);
    expect(noColor.colorErr).toBe(false);
  });

  it('STORE_CLI_FORCE_TTY and CLICOLOR_FORCE, read as gh reads GH_FORCE_TTY and CLICOLOR_FORCE', () => {
    expect(terminalOverrides({})).toEqual({});
    expect(terminalOverrides({ STORE_CLI_FORCE_TTY: '', CLICOLOR_FORCE: '0' })).toEqual({});
    expect(terminalOverrides({ STORE_CLI_FORCE_TTY: '1' })).toEqual({ stdoutTTY: true }); // on, not one column wide
    expect(terminalOverrides({ STORE_CLI_FORCE_TTY: '0' })).toEqual({ stdoutTTY: true }); // any value, as GH_FORCE_TTY
    expect(terminalOverrides({ STORE_CLI_FORCE_TTY: 'yes' })).toEqual({ stdoutTTY: true });
    expect(terminalOverrides({ STORE_CLI_FORCE_TTY: '120' })).toEqual({ stdoutTTY: true, columns: 120 });
    expect(terminalOverrides({ STORE_CLI_FORCE_TTY: '50%' })).toEqual({ stdoutTTY: true, percent: 50 });
    expect(terminalOverrides({ CLICOLOR_FORCE: '1' })).toEqual({ color: true });
  });

  it('a forced terminal: piped stdout laid out as a terminal, with colour unless colour is off, at the width asked', () => {
    const piped = streams({ stdin: false, stdout: false, stderr: false });
    const forced = createIO(piped, true, { stdoutTTY: true, columns: 120 });
    expect(forced.isStdoutTTY).toBe(true);
    expect(forced.stdoutColumns).toBe(120);
    expect(forced.colorOut).toBe(true);
    expect(forced.colorErr).toBe(false);
    expect(forced.canPrompt).toBe(false);
    expect(createIO(piped, false, { stdoutTTY: true }).colorOut).toBe(false);
    expect(createIO(piped, true, { stdoutTTY: true }).stdoutColumns).toBeUndefined(); // tables then take 80
    expect(createIO(piped, true, { stdoutTTY: true, percent: 50 }).stdoutColumns).toBe(40);
    const wide = Object.assign(new PassThrough(), { columns: 200 });
    expect(createIO({ ...streams({ stdin: false, stdout: true, stderr: true }), stdout: wide }, true, { stdoutTTY: true, percent: 50 }).stdoutColumns).toBe(
      100,
    );
  });

  it('CLICOLOR_FORCE: colour on piped streams too, unless colour is not allowed (NO_COLOR, --no-color)', () => {
    const piped = streams({ stdin: false, stdout: false, stderr: false });
    const io = createIO(piped, true, { color: true });
    expect([io.isStdoutTTY, io.colorOut, io.colorErr]).toEqual([false, true, true]);
    const off = createIO(piped, false, { color: true });
    expect([off.colorOut, off.colorErr]).toEqual([false, false]);
  });

  it('prompts only when stdin and stderr are terminals', () => {
    expect(createIO(streams({ stdin: true, stdout: false, stderr: true }), false).canPrompt).toBe(true);
    expect(createIO(streams({ stdin: false, stdout: true, stderr: true }), false).canPrompt).toBe(false);
    expect(createIO(streams({ stdin: true, stdout: true, stderr: false }), false).canPrompt).toBe(false);
  });

  it('writes out() to stdout and err() to stderr', () => {
    const s = streams({ stdin: false, stdout: false, stderr: false });
    const io = createIO(s, false);
    io.out('data');
    io.err('talk');
    expect(s.stdout.read()?.toString()).toBe('data');
    expect(s.stderr.read()?.toString()).toBe('talk');
  });
});

describe('readAll', () => {
  it('reads a whole stream as UTF-8 text, across chunks', async () => {
    expect(await readAll(Readable.from([Buffer.from('tok'), 'en-', Buffer.from('é')]))).toBe('token-é');
    expect(await readAll(Readable.from([]))).toBe('');
    // A character split across two chunks is not mangled.
    expect(await readAll(Readable.from([Buffer.from([0x61, 0xc3]), Buffer.from([0xa9, 0x62])]))).toBe('aéb');
  });
});
