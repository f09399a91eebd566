import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { antdStylesPlugin } from './build/antd-styles-plugin';
import { messagesPlugin } from './build/messages-plugin';

// A fixed browser zone so the date-shifting tests mean the same on every machine (+01:00 in winter).
process.env.TZ = 'Europe/Berlin';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), messagesPlugin(), antdStylesPlugin()],
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    env: { TZ: 'Europe/Berlin' },
    testTimeout: 20_000,
    // Every core: vitest's default leaves one for itself, a single worker on two cores, and the main process is
    // nearly idle while jsdom renders.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
