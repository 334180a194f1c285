// Writes README's "Command reference" section (between <!-- reference:start --> and
// <!-- reference:end -->) from the command tree: `npm run generate:reference`. Like the
// help.json step of build.mjs, it bundles the tree in memory with esbuild and runs it, so
// the reference says exactly what each `--help` says. test/help/reference.test.ts fails
// when README drifts from it.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const readme = new URL('../README.md', import.meta.url).pathname;
const bundle = await build({
  stdin: {
    contents: `
      import { PassThrough } from 'node:stream';
      import { buildProgram } from './src/cli.ts';
      import { createIO } from './src/core/io.ts';
      import { describeTree } from './scripts/help-model.ts';
      import { renderReference, spliceReference } from './scripts/reference-markdown.ts';
      import { readFileSync, writeFileSync } from 'node:fs';
      const quiet = () => { const s = new PassThrough(); s.resume(); return s; };
      const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);
      const section = renderReference(describeTree(buildProgram(io, async () => {})));
      const before = readFileSync(${JSON.stringify(readme)}, 'utf8');
      const after = spliceReference(before, section);
      if (after !== before) writeFileSync(${JSON.stringify(readme)}, after);
      process.stderr.write(after === before ? 'README.md: the command reference is up to date.\\n' : 'README.md: command reference regenerated.\\n');
    `,
    resolveDir: root,
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
// A clean environment: the texts must not depend on the shell's (NO_COLOR, COLUMNS...).
execFileSync(process.execPath, ['--input-type=module'], { input: bundle.outputFiles[0].text, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'inherit', 'inherit'] });
