// The launcher answers `<command...> --help` from the build's rendered texts, reading only the
// file of the noun asked about (dist/help/<noun>.json): the others are never parsed.
import { describe, expect, it } from 'vitest';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
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
});
