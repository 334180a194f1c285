// The types of `store-cli/sandbox` (package.json "exports"), declared by the compiler from the
// sources the entry reaches, into dist/types/: never written by hand, so never out of date.
// scripts/build.mjs runs this in a worker thread beside the bundles: the compiler is
// synchronous and the longest step of the build, and the bundles need none of its output.
import { existsSync } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import ts from 'typescript';

const ROOT = new URL('../', import.meta.url).pathname;

/** Declares the sandbox package's types into `outdir`/types; throws with the compiler's words when it cannot. */
export function emitSandboxTypes(outdir) {
  const program = ts.createProgram([`${ROOT}src/sandbox/package.ts`], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    strict: true,
    resolveJsonModule: true,
    esModuleInterop: true,
    skipLibCheck: true,
    declaration: true,
    emitDeclarationOnly: true,
    // Declaring without checking every body first (npm run typecheck checks them, the whole
    // project): a third of the time. A type that cannot be named is still refused here, as
    // the declaration emit itself finds it.
    noCheck: true,
    rootDir: `${ROOT}src`,
    outDir: `${outdir}types`,
  });
  // emitSkipped is set for the JSON modules (demo data), which have no declarations to emit.
  const { diagnostics } = program.emit();
  if (diagnostics.length > 0 || !existsSync(`${outdir}types/sandbox/package.d.ts`)) {
    const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
    throw new Error(`The types of store-cli/sandbox could not be declared:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
}

// As the build's worker: its outdir in, the compiler's complaint (or nothing) out.
if (!isMainThread && workerData?.emitSandboxTypes) {
  try {
    emitSandboxTypes(workerData.outdir);
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
}
