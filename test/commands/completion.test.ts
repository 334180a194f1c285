// `store-cli completion <shell>` run in-process: an unknown shell is a usage error. The scripts
// in real shells, and `__complete` (answered by the launcher before the command tree loads):
// test/e2e/completion.test.ts.
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../helpers/cli-in-process.js';

describe('store-cli completion <shell>', () => {
  it('an unknown shell is a usage error naming the choices', async () => {
    const result = await cli(['completion', 'tcsh'], { env: scratchDirs() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'tcsh'/);
  });
});
