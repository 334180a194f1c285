import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The end-to-end files first: they are the longest (a spawned CLI, rate limits, signals) and
 * mostly wait, so begun first their waits overlap the in-process files' work, and no long
 * file is left to run alone at the end. Within each group, vitest's own order (the longest
 * of the last run first, else the largest file).
 */
class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = (file: TestSpecification) => file.moduleId.includes('/test/e2e/');
    return [...sorted.filter(e2e), ...sorted.filter((file) => !e2e(file))];
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Undoes, when each file ends, what the file left (scratch folders): see test/setup.ts.
    setupFiles: ['test/setup.ts'],
    // The scratch folders in memory where the machine has room: see test/tmpdir-in-memory.ts.
    // No CA bundle read at each start of the suite's node processes: see test/no-extra-ca-certs.ts.
    globalSetup: ['test/tmpdir-in-memory.ts', 'test/no-extra-ca-certs.ts', 'test/compile-cache-dir.ts'],
    // Command and end-to-end tests start real servers and processes: give them room.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Three workers on two cores: most files spend much of their time waiting on a child
    // process, a rate limit or a retry, and another file's work fills that time. Not four:
    // when every worker is busy, the spawned tests' timeouts get crowded (on a machine shared
    // with other work, `npm test -- --maxWorkers 2`).
    maxWorkers: Math.ceil(1.5 * availableParallelism()),
    // A worker runs its files one after another in one module graph: the sources and
    // dependencies are loaded once a worker, not once a file (about 40 s of the suite's
    // time went to imports). The tests share no module state that needs a fresh copy: each
    // run of the CLI builds its own context, each file its own sandboxes and folders.
    isolate: false,
    sequence: { sequencer: EndToEndFirst },
  },
});
