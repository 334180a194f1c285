// Writes README's "Command reference" section (between <!-- reference:start --> and
// <!-- reference:end -->) from the command tree: `npm run generate:reference`. Like the
// help.json step of build.mjs, it bundles the tree in memory with esbuild and runs it, so
// the reference says exactly what each `--help` says. test/help/reference.test.ts fails
// when README drifts from it.
import { QUIET_PROGRAM, runSource } from './run-source.mjs';

const readme = new URL('../README.md', import.meta.url).pathname;
await runSource(
  `
  ${QUIET_PROGRAM}
  import { describeTree } from './scripts/help-model.ts';
  import { renderReference, spliceReference } from './scripts/reference-markdown.ts';
  import { readFileSync, writeFileSync } from 'node:fs';
  const section = renderReference(describeTree(program));
  const before = readFileSync(${JSON.stringify(readme)}, 'utf8');
  const after = spliceReference(before, section);
  if (after !== before) writeFileSync(${JSON.stringify(readme)}, after);
  process.stderr.write(after === before ? 'README.md: the command reference is up to date.\\n' : 'README.md: command reference regenerated.\\n');
`,
  { stderr: 'inherit' },
);
