import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The payments journey (tests/payments.test.ts) points the demo merchant's callbacks at a receiver on 127.0.0.1.
  server = await startServer({ ALLOW_PRIVATE_CALLBACKS: 'true' });
  project.provide('port', server.port);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    dataDir: string;
  }
}
