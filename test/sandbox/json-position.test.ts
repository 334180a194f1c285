// A file that is not JSON is named with the position where it stops being JSON, never with
// its first characters (V8's JSON.parse messages quote them: a --seed pointed at a password
// file put its first line in the error).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { jsonErrorAt, jsonProblem } from '../../src/sandbox/http/json-position.js';

describe('jsonErrorAt', () => {
  const valid = ['{}', '[]', ' {"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n"]}\n', '"text"', '0', '{"a":{"b":[[],[{}]]}}'];
  const invalid: Array<[string, number]> = [
    ['root:*:20250:0:99999:7:::', 0],
    ['{"a": 1,}', 8],
    ['{"a": 1\n  "b": 2}', 10],
    ['[1, 2', 5],
    ['{"a": "x\u0001"}', 8],
    ['{"a" 1}', 5],
    ['[01]', 2],
    ['{"a": "\\q"}', 8],
    ['{} x', 3],
    ['[tru]', 1],
    ['', 0],
  ];

  it('accepts what JSON.parse accepts', () => {
    for (const text of valid) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(jsonErrorAt(text), text).toBe(-1);
    }
  });

  it('finds the first character JSON.parse refuses (the end, when the text ends too soon)', () => {
    for (const [text, at] of invalid) {
      expect(() => JSON.parse(text)).toThrow();
      expect(jsonErrorAt(text), text).toBe(at);
    }
  });

  it('says the line and column, never the text', () => {
    expect(jsonProblem('{\n  "giftCards": [\n    {"code": "SECRETCODE12",}\n  ]\n}')).toBe('at line 3, column 29');
    expect(jsonProblem('{"giftCards": [')).toBe('it ends too soon (line 1, column 16)');
    expect(jsonProblem('  \n')).toBe('it is empty');
  });
});

describe('a --seed, --definitions or data file that is not JSON', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-json-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const PASSWD = 'root:*:20250:0:99999:7:::\ndaemon:*:20250:0:99999:7:::\n';

  it('is named with its position only: none of its characters reach the message', async () => {
    const file = join(dir, 'shadow');
    await writeFile(file, PASSWD);
    const failures: string[] = [];
    for (const options of [{ seedFile: file }, { definitionsFile: file }, { dataFile: file }]) {
      failures.push(
        await startSandbox(options).then(
          async (sandbox) => {
            await sandbox.close();
            return 'started';
          },
          (error: Error) => error.message,
        ),
      );
    }
    expect(failures).toEqual([
      `The seed file ${file} is not valid JSON: at line 1, column 1.`,
      `The metafield definitions file ${file} is not valid JSON: at line 1, column 1.`,
      `The sandbox data file ${file} is not valid JSON (at line 1, column 1); repair it or remove it with "store-cli sandbox reset".`,
    ]);
    for (const message of failures) expect(message).not.toMatch(/root|daemon|20250/);
  });
});
