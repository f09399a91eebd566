/**
 * Runs an export job in a worker thread (./job-worker.ts) with its own database connection and a small heap
 * (EXPORT_WORKER_HEAP_MB): writing a big file is CPU-bound for seconds to minutes, and on the main thread it held up
 * every request of the instance and grew its heap by the export's garbage (issue 10). Resolves with the rows written.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EXPORT_WORKER_HEAP_MB } from '@mg/domain';
import type { ExportJobRow } from './queries';

export interface WorkerJob {
  databaseUrl: string;
  publicUrl: string;
  job: ExportJobRow;
  file: string;
}

/** What the worker posts: progress while it writes, then the total, or the error that stopped it. */
export type WorkerMessage = { progress: number } | { done: number } | { error: string };

const WORKER_FILE = new URL('./job-worker.ts', import.meta.url).href;
/**
 * The worker's entry registers tsx (the server runs its TypeScript through it) and imports the worker module: an
 * `--import tsx` in the worker's execArgv does not reach a worker's own entry on Node 20.
 */
const TSX_API = (() => {
  // The ESM entry of `tsx/esm/api` as its package declares it (require.resolve would give the CommonJS one).
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
})();
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE)}); })`;

export function runJobInWorker(input: WorkerJob, onProgress: (rows: number) => Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: EXPORT_WORKER_HEAP_MB },
    });
    let settled = false;
    // Set once the worker says it finished: its exit may then come before the last progress write has ended.
    let doneRows: number | undefined;
    let progress = Promise.resolve();
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.on('message', (m: WorkerMessage) => {
      if ('progress' in m) progress = progress.then(() => onProgress(m.progress)).catch(() => undefined);
      else if ('done' in m) {
        const rows = (doneRows = m.done);
        void progress.then(() => finish(() => resolve(rows)));
      } else finish(() => reject(new Error(m.error)));
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => {
      if (doneRows === undefined) finish(() => reject(new Error(`export worker exited with code ${code} before it finished`)));
    });
  });
}
