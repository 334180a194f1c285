// Writes the shell completion scripts into completions/, generated from the command tree:
// src/cli.ts is bundled in memory with esbuild (as the build does for dist/help.json) and
// run in a child node, which prints the three scripts as JSON. `npm run generate:completions`.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';

const root = new URL('..', import.meta.url);
const bundle = await build({
  stdin: {
    contents: `
      import { PassThrough } from 'node:stream';
      import { buildProgram } from './src/cli.ts';
      import { completionScript, SCRIPT_FILES, SHELLS } from './src/completion/scripts.ts';
      import { createIO } from './src/core/io.ts';
      const quiet = () => { const s = new PassThrough(); s.resume(); return s; };
      const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);
      const program = buildProgram(io, async () => {});
      process.stdout.write(JSON.stringify(Object.fromEntries(SHELLS.map((shell) => [SCRIPT_FILES[shell], completionScript(shell, program)]))));
    `,
    resolveDir: root.pathname,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  write: false,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
const scripts = JSON.parse(execFileSync(process.execPath, ['--input-type=module'], { input: bundle.outputFiles[0].text, env: { PATH: process.env.PATH ?? '' } }).toString('utf8'));
for (const [name, text] of Object.entries(scripts)) {
  await writeFile(new URL(`completions/${name}`, root), text);
  console.log(`completions/${name}`);
}
