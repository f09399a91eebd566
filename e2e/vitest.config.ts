import { defineConfig } from 'vitest/config';

// Browser tests: one server (fresh embedded PostgreSQL) for the run, one Chromium per file, files in sequence
// so two cores are not fought over.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['lib/global-setup.ts'],
    setupFiles: ['lib/setup-messages.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
