// vitest's globalSetup: the CLI processes the suite spawns keep their code cache
// (src/compile-cache.ts) in one folder of the run's, not in the user's cache folder, and share
// it: the first run of a command fills it, the next hundreds compile less. Set before the
// workers start (after tmpdir-in-memory.ts, so in the run's temporary folder), so they and
// every process they spawn inherit it; cleanEnv() (test/helpers/cli-spawn.ts) passes it on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const before = process.env.STORE_CLI_CACHE_DIR;
  const dir = mkdtempSync(join(tmpdir(), 'store-cli-cache-'));
  process.env.STORE_CLI_CACHE_DIR = dir;
  return () => {
    if (before === undefined) delete process.env.STORE_CLI_CACHE_DIR;
    else process.env.STORE_CLI_CACHE_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
