import { defineConfig } from 'vitest/config';

// Repository-wide checks (test/*.test.ts): the structure rules of docs/adding-an-area.md that lint cannot see file by file.
export default defineConfig({
  test: { include: ['*.test.ts'] },
});
