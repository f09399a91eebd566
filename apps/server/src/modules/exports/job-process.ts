/**
 * Child process of one export job (./run-in-process.ts): takes the job from its parent, opens its own one-connection
 * pool, finds the job's list among the app's sources (modules/lists.ts), writes the file and reports progress, then
 * the total, and exits.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { createDatabase } from '../../db/pool';
// Headers and cells are translated: the process registers the translation resources as the server does.
import '../../lib/i18n';
import { listSources } from '../lists';
import type { ProcessJob, ProcessMessage } from './run-in-process';
import { writeJob } from './write-job';

const send = (m: ProcessMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(m, undefined, undefined, () => resolve());
  });

async function run(input: ProcessJob): Promise<void> {
  const { pool, db } = createDatabase(input.databaseUrl, { max: 1, applicationName: 'mg-export' });
  try {
    const out = fs.createWriteStream(input.file);
    try {
      const rows = await writeJob(db, listSources(input.publicUrl), input.job, out, async (done) => {
        await send({ progress: done });
      });
      if (!out.writableFinished) await once(out, 'finish');
      await send({ done: rows });
    } catch (err) {
      // Closed before the parent hears of it; the parent removes the file once this process has exited.
      out.destroy();
      throw err;
    }
  } finally {
    await pool.end();
  }
}

// A server that stops (or dies) takes its unfinished export with it; the job is then failed as lost (failStaleJobs).
const orphaned = () => process.exit(1);
process.on('disconnect', orphaned);
process.once('message', (input: ProcessJob) => {
  run(input)
    .catch((err: unknown) => send({ error: err instanceof Error ? err.message : String(err) }))
    .finally(() => {
      // Nothing else keeps the process alive: it exits once the channel is closed.
      process.off('disconnect', orphaned);
      process.disconnect();
    });
});
