// The checked-in completion scripts are what the command tree generates today.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { completionScript, SCRIPT_FILES, SHELLS } from '../../src/completion/scripts.js';
import { createIO } from '../../src/core/io.js';

const quiet = () => new PassThrough();
const program = buildProgram(
  createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false),
  nouns,
  async () => undefined,
);

describe('completions/ drift', () => {
  for (const shell of SHELLS) {
    it(`completions/${SCRIPT_FILES[shell]} matches the command tree`, () => {
      const checkedIn = readFileSync(new URL(`../../completions/${SCRIPT_FILES[shell]}`, import.meta.url), 'utf8');
      const generated = completionScript(shell, program);
      expect(checkedIn === generated, `completions/${SCRIPT_FILES[shell]} differs from what the command tree generates: run npm run generate:completions`).toBe(
        true,
      );
    });
  }
});
