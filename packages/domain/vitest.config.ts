import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup-messages.ts'],
    // The property tests (time.test.ts: thousands of instants across every zone) take 1-2 s on a quiet machine and
    // passed 6-10 s at load 15-20; vitest's 5 s default made them fail on a loaded machine, not on a wrong answer.
    testTimeout: 30_000,
  },
});
