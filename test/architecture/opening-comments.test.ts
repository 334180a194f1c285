// Every source file of src/ opens with a comment that says why it exists (DESIGN's house rules):
// a reader who opens a file meets its reason before its imports.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { sourceFiles } from './import-graph.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The first line that is not blank is a comment (`//`, or `/*` and `/**`). */
function opensWithComment(text: string): boolean {
  const first = text.split('\n').find((line) => line.trim() !== '');
  return first !== undefined && /^\s*(\/\/|\/\*)/.test(first);
}

test('every source file of src/ opens with a comment', () => {
  const lacking = sourceFiles(SRC)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter((path) => !opensWithComment(readFileSync(`${SRC}${path}`, 'utf8')));
  expect(lacking).toEqual([]);
});
