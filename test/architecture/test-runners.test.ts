// Tests run the CLI one of two ways: in-process through test/helpers/cli-in-process.ts, or
// the built binary through test/helpers/cli-spawn.ts. A third runner would drift from both
// (another stream set-up, another environment, another idea of a stack trace).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { sourceFiles } from './import-graph.js';

const TEST = fileURLToPath(new URL('../', import.meta.url));
const files = sourceFiles(TEST).map((path) => ({ path: relative(TEST, path), text: readFileSync(path, 'utf8') }));
const calling = (pattern: RegExp) =>
  files.filter((f) => f.text.split('\n').some((line) => !/^\s*(\/\/|\*)/.test(line) && pattern.test(line))).map((f) => f.path);

test('only helpers/cli-in-process.ts calls runCli', () => {
  expect(calling(/\brunCli\(/)).toEqual(['helpers/cli-in-process.ts']);
});

test('only helpers/cli-spawn.ts spawns node on the binary directly', () => {
  expect(calling(/\bspawn(Sync)?\(process\.execPath,\s*\[BIN\b/)).toEqual(['helpers/cli-spawn.ts']);
});
