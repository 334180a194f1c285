// The types of `store-cli/sandbox` (package.json "exports"), declared by the compiler from the
// sources the entry reaches, into dist/types/: never written by hand, so never out of date.
// scripts/build.mjs runs it beside the bundles, which need none of its output. The compiler is
// TypeScript 7's native one (devDependencies `typescript-7`), a child process: 2-3 CPU-s where
// 5.9's API took 6-7, the longest step of the build (docs/decisions.md "The suite in two minutes").
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSC = `${ROOT}node_modules/typescript-7/bin/tsc`;

/** Declares the sandbox package's types into `outdir`/types; rejects with the compiler's words when it cannot. */
export function emitSandboxTypes(outdir) {
  const args = [
    TSC,
    // The project's tsconfig.json checks everything; this run declares one entry's reach.
    '--ignoreConfig',
    `${ROOT}src/sandbox/package.ts`,
    ...['--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--lib', 'es2023', '--types', 'node'],
    ...['--strict', '--resolveJsonModule', '--esModuleInterop', '--skipLibCheck'],
    ...['--declaration', '--emitDeclarationOnly'],
    // Declaring without checking every body first (npm run typecheck checks them, the whole
    // project): a third of the time. A type that cannot be named is still refused here, as
    // the declaration emit itself finds it.
    '--noCheck',
    ...['--rootDir', `${ROOT}src`, '--outDir', `${outdir}types`, '--pretty', 'false'],
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT }, (error, stdout, stderr) => {
      if (error === null && existsSync(`${outdir}types/sandbox/package.d.ts`)) resolve();
      else reject(new Error(`The types of store-cli/sandbox could not be declared:\n${stdout}${stderr}${error?.message ?? ''}`));
    });
  });
}
