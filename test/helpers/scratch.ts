// Folders a test writes in, each removed when what made it ends: the test (when made inside
// one) or else the file. A run of the suite leaves nothing in the temporary directory.
// The file's end is test/setup.ts's afterAll: a hook registered here, at import, would run
// for the first file only, because a worker imports this module once for all its files
// (vitest.config.ts: isolate false).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** Scratch roots made outside a test (at file level, in beforeAll): removed when the file ends. */
const fileRoots: string[] = [];

/** Removes every root made outside a test so far: test/setup.ts calls it when each file ends. */
export function removeFileScratch(): void {
  for (const root of fileRoots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** Removes `root` (and all under it) when the file that made it ends, whatever else happens. */
export function removeAtFileEnd(root: string): void {
  fileRoots.push(root);
}

/** An empty folder of its own (`prefix` names it in /tmp), removed when its test or, made outside one, its file ends. */
export function scratchDir(prefix = 'store-cli-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  removeWhenDone(dir);
  return dir;
}

/** Removes `dir` when the running test finishes, or when the file ends outside a test. */
function removeWhenDone(root: string): void {
  try {
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  } catch {
    // Not inside a test: the file's afterAll removes it.
    removeAtFileEnd(root);
  }
}
