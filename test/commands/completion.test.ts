// `store-cli completion <shell>` run in-process: each shell's script is the file shipped in
// completions/, byte for byte; an unknown shell is a usage error. The scripts in real shells,
// and `__complete` (answered by the launcher before the command tree loads):
// test/e2e/completion.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, scratchDirs } from '../helpers/cli-in-process.js';

const script = (name: string) => readFileSync(new URL(`../../completions/${name}`, import.meta.url), 'utf8');

describe('store-cli completion <shell>', () => {
  it.each([
    ['bash', 'store-cli.bash'],
    ['zsh', '_store-cli'],
    ['fish', 'store-cli.fish'],
  ])('completion %s prints completions/%s exactly', async (shell, file) => {
    const result = await cli(['completion', shell], { env: scratchDirs() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout === script(file), `store-cli completion ${shell} differs from completions/${file}: run npm run generate:completions`).toBe(true);
  });

  it('an unknown shell is a usage error naming the choices', async () => {
    const result = await cli(['completion', 'tcsh'], { env: scratchDirs() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'tcsh'/);
  });
});
