// Folders a test writes in, each removed when what made it ends: the test (when made inside
// one) or else the file. A run of the suite leaves nothing in the temporary directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/** Scratch roots made outside a test (at file level, in beforeAll): removed when the file ends. */
const fileRoots: string[] = [];
afterAll(() => {
  for (const root of fileRoots.splice(0)) rmSync(root, { recursive: true, force: true });
});

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
    fileRoots.push(root);
  }
}
