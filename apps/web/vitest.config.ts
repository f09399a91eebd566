import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { antdStylesPlugin } from './build/antd-styles-plugin';
import { messagesPlugin } from './build/messages-plugin';

// A fixed browser zone so the date-shifting tests mean the same on every machine (+01:00 in winter).
process.env.TZ = 'Europe/Berlin';

/**
 * Files that need a module graph of their own: they mock modules other files import for real (`vi.mock`), or they
 * measure what a first load does (the i18n bundle's first paint). Every other file shares its worker's modules with
 * the files before it: importing antd, React and the app again for each of the 43 files was about a third of the run.
 */
const ISOLATED = [
  'test/api.test.ts',
  'test/first-paint-messages.test.tsx',
  'test/onboarding-flow.test.tsx',
  'test/onboarding-review.test.tsx',
  'test/upload.test.tsx',
];

const shared = {
  environment: 'jsdom' as const,
  setupFiles: ['test/setup.ts'],
  env: { TZ: 'Europe/Berlin' },
  testTimeout: 20_000,
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), messagesPlugin(), antdStylesPlugin()],
  test: {
    // Every core: vitest's default leaves one for itself, a single worker on two cores, and the main process is
    // nearly idle while jsdom renders.
    maxWorkers: Math.max(2, availableParallelism()),
    // include and exclude only in the projects: at the root they would be merged into each, and every file run twice.
    projects: [
      { extends: true, test: { ...shared, name: 'shared', include: ['test/**/*.test.{ts,tsx}'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { ...shared, name: 'isolated', include: ISOLATED } },
    ],
  },
});
