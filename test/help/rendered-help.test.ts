// main.ts answers `<command...> --help` from the build's rendered texts, reading only the
// file of the noun asked about (dist/help/<noun>.json): the others are never parsed.
import { describe, expect, it } from 'vitest';
import { renderedHelp } from '../../src/main.js';

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
