// The scratch folders of test/helpers/scratch.ts outlive exactly what made them: a run of
// the suite used to leave about 2,000 empty store-cli-test-* folders in /tmp.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scratchDirs } from './cli-in-process.js';
import { scratchDir } from './scratch.js';

const atFileLevel = scratchDir('store-cli-scratch-check-');
let inTest: string;
let dirsInTest: string;

describe('scratch folders', () => {
  it('exist while the test that made them runs', () => {
    inTest = scratchDir('store-cli-scratch-check-');
    dirsInTest = scratchDirs().STORE_CLI_CONFIG_DIR.replace(/\/config$/, '');
    expect(existsSync(inTest)).toBe(true);
    expect(existsSync(dirsInTest)).toBe(true);
  });

  it("are gone once their test ended; one made outside a test stays until the file's end", () => {
    expect(existsSync(inTest)).toBe(false);
    expect(existsSync(dirsInTest)).toBe(false);
    expect(existsSync(atFileLevel)).toBe(true);
  });
});
