// Build-time steps that need the command tree itself (the help texts, completions, the command
// reference in docs/) bundle a little TypeScript with src/cli.ts in memory and run it in a child
// node: no build output, and the tree exactly as the sources declare it.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * Runs `source` (TypeScript; imports resolve from the repository root) and returns what it
 * printed on stdout. The environment is clean: the output must not depend on the shell's
 * (NO_COLOR, COLUMNS...). `stderr: 'inherit'` lets the script talk to the person running it.
 */
export async function runSource(source, { stderr = 'pipe' } = {}) {
  const bundle = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return execFileSync(process.execPath, ['--input-type=module'], {
    input: bundle.outputFiles[0].text,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['pipe', 'pipe', stderr],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Source lines that build the program with silent streams, as `program`. */
export const QUIET_PROGRAM = `
  import { PassThrough } from 'node:stream';
  import { buildProgram } from './src/cli.ts';
  import { nouns } from './src/commands/index.ts';
  import { createIO } from './src/core/io.ts';
  const quiet = () => { const s = new PassThrough(); s.resume(); return s; };
  const program = buildProgram(createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false), nouns, async () => {});
`;
