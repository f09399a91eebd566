import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // FUZZ=off (CI's second pass, on the machine's PostgreSQL): the hostile-input corpus tests the routes, not the
    // database, and is a third of the suite's CPU; it runs in the first pass.
    exclude: process.env.FUZZ === 'off' ? [...configDefaults.exclude, 'test/fuzz-*.test.ts'] : configDefaults.exclude,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-messages.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database; files run in parallel. A file spends much of its time waiting on PostgreSQL,
    // so one worker more than the cores (vitest's default is one fewer: a single worker on two cores).
    pool: 'forks',
    maxWorkers: availableParallelism() + 1,
    // A file builds its own app on its own database, so the modules can be shared by the files of a worker: each
    // fresh import of the server took 3-4 s, more than most files' tests.
    isolate: false,
  },
});
