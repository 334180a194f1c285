import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { checkJsonDepth, firstInvalidUtf8, MAX_INPUT_BYTES, readInputBytes, utf8Text } from '../../src/core/input-text.js';
import { tooDeepAt } from '../../src/core/json.js';

describe('firstInvalidUtf8', () => {
  it('agrees with Node on well-formedness, and every byte before the offset is good UTF-8', () => {
    // Short random sequences drawn from the bytes that matter: ASCII, continuations, lead bytes, the invalid ones.
    const alphabet = [0x41, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 20_000; n++) {
      const bytes = Buffer.from(Array.from({ length: 1 + (next() % 6) }, () => alphabet[next() % alphabet.length]!));
      const offset = firstInvalidUtf8(bytes);
      expect(offset === -1, bytes.toString('hex')).toBe(isUtf8(bytes));
      if (offset >= 0) expect(isUtf8(bytes.subarray(0, offset)), bytes.toString('hex')).toBe(true);
    }
  });

  it('names the offset of overlong forms, surrogates and truncated sequences', () => {
    expect(firstInvalidUtf8(Buffer.from('ab\u00e9'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1); // overlong "/"
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2); // a UTF-16 surrogate
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1); // cut short
  });

  it('utf8Text refuses with the byte offset and line', () => {
    expect(() => utf8Text(Buffer.from([0x7b, 0x0a, 0x22, 0xe9, 0x22]), '--file p.json')).toThrow(UsageError);
    expect(() => utf8Text(Buffer.from([0x7b, 0x0a, 0x22, 0xe9, 0x22]), '--file p.json')).toThrow(
      '--file p.json is not valid UTF-8: invalid bytes at byte offset 3 (line 2); save it as UTF-8. Nothing was sent.',
    );
  });
});

describe('readInputBytes from stdin', () => {
  it('stops reading past the limit and closes the stream', async () => {
    let pulled = 0;
    const stdin = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(64 * 1024, 0x20));
      },
    });
    await expect(readInputBytes('-', stdin, '--input stdin')).rejects.toThrow(/--input stdin gives more than the limit of 1 MiB \(1048576 bytes\)/);
    expect(stdin.destroyed).toBe(true);
    expect(pulled * 64 * 1024).toBeLessThan(MAX_INPUT_BYTES * 2);
  });
});

describe('tooDeepAt / checkJsonDepth', () => {
  it('counts brackets outside strings only, escaped quotes included, without recursion', () => {
    expect(tooDeepAt('[[1]]', 2)).toBe(-1);
    expect(tooDeepAt('[[[1]]]', 2)).toBe(2);
    expect(tooDeepAt('{"a":"[[[\\"[[[","b":[{}]}', 3)).toBe(-1);
    expect(tooDeepAt('{"a":"[[[\\"[[[","b":[{}]}', 2)).toBe(21);
    expect(tooDeepAt(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)).toBe(100);
    expect(() => checkJsonDepth(`{"a":\n${'['.repeat(150)}`, '--file x.json')).toThrow(
      '--file x.json is nested more than 100 levels deep (at line 2, column 100): the limit is 100; nothing was sent.',
    );
  });
});
