import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Undoes, when each file ends, what the file left (scratch folders): see test/setup.ts.
    setupFiles: ['test/setup.ts'],
    // Command and end-to-end tests start real servers and processes: give them room,
    // and keep the two cores busy without oversubscribing them.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the sources and
    // dependencies are loaded once a worker, not once a file (about 40 s of the suite's
    // time went to imports). The tests share no module state that needs a fresh copy: each
    // run of the CLI builds its own context, each file its own sandboxes and folders.
    isolate: false,
  },
});
