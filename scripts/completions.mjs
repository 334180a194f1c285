// Writes the shell completion scripts into completions/, generated from the command tree:
// src/cli.ts is bundled in memory with esbuild (as the build does for dist/help/) and
// run in a child node, which prints the three scripts as JSON. `npm run generate:completions`.
import { writeFile } from 'node:fs/promises';
import { QUIET_PROGRAM, runSource } from './run-source.mjs';

const root = new URL('..', import.meta.url);
const output = await runSource(`
  ${QUIET_PROGRAM}
  import { completionScript, SCRIPT_FILES, SHELLS } from './src/completion/scripts.ts';
  process.stdout.write(JSON.stringify(Object.fromEntries(SHELLS.map((shell) => [SCRIPT_FILES[shell], completionScript(shell, program)]))));
`);
const scripts = JSON.parse(output.toString('utf8'));
for (const [name, text] of Object.entries(scripts)) {
  await writeFile(new URL(`completions/${name}`, root), text);
  console.log(`completions/${name}`);
}
