/**
 * Worker thread of one export job (./run-in-worker.ts): opens its own one-connection pool, finds the job's list
 * among the app's sources (modules/lists.ts), writes the file and posts progress, then the total.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../db/pool';
// Headers and cells are translated: the thread registers the translation resources as the server does.
import '../../lib/i18n';
import { listSources } from '../lists';
import type { WorkerJob, WorkerMessage } from './run-in-worker';
import { writeJob } from './write-job';

const input = workerData as WorkerJob;
const post = (m: WorkerMessage) => parentPort?.postMessage(m);

async function main(): Promise<void> {
  const { pool, db } = createDatabase(input.databaseUrl, { max: 1, applicationName: 'mg-export' });
  try {
    const out = fs.createWriteStream(input.file);
    const rows = await writeJob(db, listSources(input.publicUrl), input.job, out, async (done) => post({ progress: done }));
    if (!out.writableFinished) await once(out, 'finish');
    post({ done: rows });
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }));
