import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-messages.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database; files run in parallel.
    pool: 'forks',
  },
});
