/**
 * Runs an export job in a child process (./job-process.ts) with its own database connection and a small heap
 * (EXPORT_JOB_HEAP_MB), at a lower CPU priority (EXPORT_JOB_NICE). Writing a big file is CPU-bound for seconds to
 * minutes: on the main thread it held up every request of the instance. A process rather than a worker thread keeps
 * the server's own memory bounded whatever the export allocates outside V8's heap, lets the requests go first, and
 * gives everything back when it exits (docs/decisions.md has the measured cost). Resolves with the rows written.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { EXPORT_JOB_HEAP_MB, EXPORT_JOB_NICE } from '@mg/domain';
import type { ExportJobRow } from './queries';

export interface ProcessJob {
  databaseUrl: string;
  publicUrl: string;
  job: ExportJobRow;
  file: string;
}

/** What the child sends: progress while it writes, then the total, or the error that stopped it. */
export type ProcessMessage = { progress: number } | { done: number } | { error: string };

/**
 * `npm start` runs the server's bundle (apps/server/dist, built by apps/server/scripts/build.mjs), where the job is
 * dist/job-process.js beside it. Tests and `tsx` run the TypeScript: then the child runs job-process.ts through tsx,
 * named by its file so it resolves wherever the server was started from.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = fileURLToPath(new URL(FROM_SOURCE ? './job-process.ts' : './job-process.js', import.meta.url));
const LOADER_ARGS = FROM_SOURCE ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

export function runJobInProcess(input: ProcessJob, onProgress: (rows: number) => Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(ENTRY, [], {
      execArgv: [...LOADER_ARGS, `--max-old-space-size=${EXPORT_JOB_HEAP_MB}`],
      // Dates of the job row travel as Dates.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, EXPORT_JOB_NICE);
    } catch {
      // A platform or container that refuses it: the job runs at the server's priority.
    }
    let settled = false;
    // Set once the child says it finished: its exit may then come before the last progress write has ended.
    let doneRows: number | undefined;
    // The child's own reason; a failure is answered only once the child has exited, so the caller's clean-up (the
    // partial file) cannot race a write stream the child was still opening.
    let failure: string | undefined;
    let progress = Promise.resolve();
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    child.on('message', (m: ProcessMessage) => {
      if ('progress' in m) progress = progress.then(() => onProgress(m.progress)).catch(() => undefined);
      else if ('done' in m) {
        const rows = (doneRows = m.done);
        void progress.then(() => finish(() => resolve(rows)));
      } else failure = m.error;
    });
    child.on('error', (err) => finish(() => reject(err)));
    child.on('exit', (code, signal) => {
      if (doneRows === undefined)
        finish(() => reject(new Error(failure ?? `export process exited with ${signal ?? `code ${code}`} before it finished`)));
    });
    child.send(input);
  });
}
