// Writes the manual's command reference, docs/reference.md (the whole file), from the command
// tree: `npm run generate:reference`. Like the help-text step of build.mjs, it bundles the
// tree in memory with esbuild and runs it, so the reference says exactly what each `--help`
// says. test/help/reference.test.ts fails when docs/reference.md drifts from it.
import { QUIET_PROGRAM, runSource } from './run-source.mjs';

const root = new URL('..', import.meta.url).pathname;
await runSource(
  `
  ${QUIET_PROGRAM}
  import { describeTree } from './scripts/help-model.ts';
  import { REFERENCE_PATH, renderReference } from './scripts/reference-markdown.ts';
  import { existsSync, readFileSync, writeFileSync } from 'node:fs';
  import { join } from 'node:path';
  const file = join(${JSON.stringify(root)}, REFERENCE_PATH);
  const after = renderReference(describeTree(program));
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (after !== before) writeFileSync(file, after);
  process.stderr.write(after === before ? REFERENCE_PATH + ': the command reference is up to date.\\n' : REFERENCE_PATH + ': command reference regenerated.\\n');
`,
  { stderr: 'inherit' },
);
