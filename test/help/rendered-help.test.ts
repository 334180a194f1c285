// The launcher answers `<command...> --help` from the build's rendered texts, reading only the
// file of the noun asked about (dist/help/<noun>.json): the others are never parsed.
import { describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printQuickAnswer, quickAnswer, renderedHelp, writeAll } from '../../src/quick-answers.js';
import { VERSION } from '../../src/version.js';
import { scratchDir } from '../helpers/scratch.js';

const FILES: Record<string, Record<string, string>> = {
  'root.json': { '': 'Usage: store-cli\n' },
  'giftcard.json': { giftcard: 'Usage: store-cli giftcard\n', 'giftcard count': 'Usage: store-cli giftcard count\n' },
  'customer.json': { customer: 'Usage: store-cli customer\n' },
};

function reader() {
  const read: string[] = [];
  const readFile = (file: string) => {
    read.push(file);
    const texts = FILES[file];
    if (!texts) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
    return JSON.stringify(texts);
  };
  return { read, readFile };
}

describe('the rendered help texts', () => {
  it("read only the file of the noun asked about: a verb's, the noun's own, or through `help`", () => {
    for (const argv of [
      ['giftcard', 'count', '--help'],
      ['giftcard', '-h'],
      ['help', 'giftcard', 'count'],
    ]) {
      const { read, readFile } = reader();
      expect(renderedHelp(argv, readFile), argv.join(' ')).toBe(FILES['giftcard.json']![argv.includes('count') ? 'giftcard count' : 'giftcard']);
      expect(read).toEqual(['giftcard.json']);
    }
  });

  it("the root's help from root.json alone", () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const { read, readFile } = reader();
      expect(renderedHelp(argv, readFile)).toBe('Usage: store-cli\n');
      expect(read).toEqual(['root.json']);
    }
  });

  it('leaves to commander what no file answers: an unknown word or verb, options before --help, a word that is no file name, no build', () => {
    const { read, readFile } = reader();
    expect(renderedHelp(['giftcrad', '--help'], readFile)).toBeUndefined();
    expect(renderedHelp(['giftcard', 'serch', '--help'], readFile)).toBeUndefined();
    expect(renderedHelp(['giftcard', 'search', '--all', '--help'], readFile)).toBeUndefined();
    expect(renderedHelp(['giftcard', 'count'], readFile)).toBeUndefined();
    expect(renderedHelp(['../root', '--help'], readFile)).toBeUndefined();
    expect(renderedHelp(['Giftcard', '--help'], readFile)).toBeUndefined();
    expect(read).toEqual(['giftcrad.json', 'giftcard.json']);
  });
});

describe("the launcher's quick answers", () => {
  const helpDir = () => {
    const dir = join(scratchDir(), 'help');
    mkdirSync(dir);
    for (const [file, texts] of Object.entries(FILES)) writeFileSync(join(dir, file), JSON.stringify(texts));
    return dir;
  };

  it('--version and -V alone: the version, on any terminal; with anything else, the command runs', () => {
    expect(quickAnswer(['--version'], {}, '/nonexistent')).toBe(`${VERSION}\n`);
    expect(quickAnswer(['-V'], { isTTY: true, columns: 40 }, '/nonexistent')).toBe(`${VERSION}\n`);
    expect(quickAnswer(['--version', '--json'], {}, '/nonexistent')).toBeUndefined();
  });

  it('--help from the rendered texts in a pipe or a terminal of 80 columns or more; a narrower terminal goes to commander', () => {
    const dir = helpDir();
    expect(quickAnswer(['giftcard', 'count', '--help'], {}, dir)).toBe('Usage: store-cli giftcard count\n');
    expect(quickAnswer(['giftcard', '--help'], { isTTY: true, columns: 80 }, dir)).toBe('Usage: store-cli giftcard\n');
    expect(quickAnswer(['giftcard', '--help'], { isTTY: true, columns: 79 }, dir)).toBeUndefined();
    expect(quickAnswer(['giftcard', 'count'], {}, dir)).toBeUndefined();
  });
});

describe('printing a quick answer by the descriptor', () => {
  it('writes every byte to a file, multi-byte characters too, and prints nothing for a command to run', async () => {
    const file = join(scratchDir(), 'out.txt');
    const fd = openSync(file, 'w');
    try {
      const text = `Café ☕ ${'x'.repeat(100_000)}\n`;
      writeAll(fd, text);
      expect(await printQuickAnswer(['giftcard', 'count'], '/nonexistent', fd)).toBe(false);
      expect(await printQuickAnswer(['-V'], '/nonexistent', fd)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(`${text}${VERSION}\n`);
    } finally {
      closeSync(fd);
    }
  });

  // A pipe its maker left non-blocking (a FIFO opened so here): full, the rest goes by
  // process.stdout, which waits for room; its reader gone, the answer ends quietly.
  it.skipIf(process.platform === 'win32')(
    'a non-blocking pipe that fills gets the rest through process.stdout; a pipe whose reader left ends it quietly',
    () => {
      const fifo = join(scratchDir(), 'answer.fifo');
      execFileSync('mkfifo', [fifo]);
      let reader: number | undefined = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      const handed: Buffer[] = [];
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        handed.push(Buffer.from(chunk));
        return true;
      });
      try {
        const text = `Café ☕ ${'y'.repeat(300_000)}\n`; // more than a pipe holds (64 KiB on Linux)
        writeAll(writer, text);
        const inPipe = drain(reader);
        expect(inPipe.length).toBeGreaterThan(0);
        expect(handed.length).toBe(1);
        expect(Buffer.concat([inPipe, ...handed]).toString('utf8')).toBe(text);

        closeSync(reader);
        reader = undefined;
        handed.length = 0;
        expect(() => writeAll(writer, 'after the reader left\n')).not.toThrow();
        expect(handed).toEqual([]);
      } finally {
        stdout.mockRestore();
        closeSync(writer);
        if (reader !== undefined) closeSync(reader);
      }
    },
  );
});

/** What a non-blocking pipe holds now, read from `fd` until it is empty. */
function drain(fd: number): Buffer {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(65_536);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
      throw error;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}
