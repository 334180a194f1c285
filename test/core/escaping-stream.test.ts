import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dataStdout, escapingStream } from '../../src/core/escaping-stream.js';
import { fakeIO } from './fake-io.js';

const text = (stream: PassThrough) => {
  const parts: string[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk.toString('utf8')));
  return () => parts.join('');
};

describe('escapingStream', () => {
  it('escapes control and bidi characters, a character split between two writes included', async () => {
    const target = new PassThrough();
    const written = text(target);
    const stream = escapingStream(target, { owned: true });
    const bytes = Buffer.from('a\u001b[2J é \u202e\u009b z', 'utf8');
    const cut = bytes.indexOf(0xc3) + 1; // inside é
    stream.write(bytes.subarray(0, cut));
    stream.write(bytes.subarray(cut));
    stream.end('\u0007');
    await once(target, 'finish');
    expect(written()).toBe('a\\x1b[2J é \\u202e\\u009b z\\x07');
  });

  it('holds nothing back: a write is in the target at once, so a process that ends after it loses none', () => {
    const target = new PassThrough();
    const stream = escapingStream(target, { owned: false });
    stream.write('first\u0007\n');
    stream.write('second\n');
    expect(String(target.read())).toBe('first\\x07\nsecond\n');
  });

  it('leaves a target it does not own (stdout) open when it ends', async () => {
    const target = new PassThrough();
    const written = text(target);
    const stream = escapingStream(target, { owned: false });
    stream.end('row\n');
    await once(stream, 'finish');
    expect(written()).toBe('row\n');
    expect(target.writableEnded).toBe(false);
  });

  it('holds backpressure: while the target takes nothing, a write past its buffer says wait, and drain follows the target', async () => {
    const target = new PassThrough({ highWaterMark: 4 });
    const stream = escapingStream(target, { owned: true });
    expect(stream.write('x'.repeat(64 * 1024))).toBe(false);
    let drained = false;
    stream.once('drain', () => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(drained).toBe(false);
    target.resume();
    await once(stream, 'drain');
  });
});

describe('dataStdout', () => {
  it('is stdout itself when piped: every byte as it is', () => {
    const { io } = fakeIO();
    expect(dataStdout(io)).toBe(io.stdout);
  });

  it('escapes at a terminal', async () => {
    const f = fakeIO({ stdoutTTY: true });
    const stream = dataStdout(f.io);
    stream.write('title \u001b]0;pwned\u0007\n');
    await new Promise((resolve) => stream.end(resolve));
    expect(f.stdout()).toBe('title \\x1b]0;pwned\\x07\n');
  });
});
