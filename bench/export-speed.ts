/**
 * Export speed (docs/benchmarks.md): rows per second and peak memory of the collections XLSX export.
 *
 *   npm run bench:export -w @mg/bench -- [--mode=direct|http] [--merchant=10001] [--out=/dev/null]
 *
 * direct (default): calls the server's own `writeXlsx` (modules/exports/xlsx.ts) with the collections export
 *   definition against DATABASE_URL (or the embedded cluster of DATA_DIR), writing to a byte-counting sink (or
 *   --out). The WHERE is the merchant and currency with no date range, i.e. every seeded row (1 000 000 after
 *   bench:seed): more than one dashboard export can hold, since the list allows at most one month per export.
 *   Memory: RSS of this process sampled every 100 ms, plus VmHWM (the kernel's exact peak, start-up included).
 * http: signs in as demo_admin, POST /api/exports with a date range (default: the widest range ending now that the
 *   list allows, found with the list's own rule, checkQueryRange; --days=N for a shorter one), then downloads (a direct link up to 100 000 rows; above that the export is a
 *   job, which needs a server with jobs on: it is polled until done, then downloaded). Memory: the SERVER's RSS
 *   from /proc/<pid>/status every 100 ms (pid from the listening port or --server-pid), and its VmHWM; the job's
 *   child process apart, and both together. --jobs=N runs N exports in a row and tables what each left behind.
 * Targets (issue 10): 50 000 rows/s or more, the server under 300 MB.
 */
import { Writable } from 'node:stream';
import fs from 'node:fs';
import { checkQueryRange, collectionsList, formatWallClock, QUERY_RANGE_MONTHS, zoneOf } from '@mg/domain';
import { and, eq } from 'drizzle-orm';
import { createDatabase } from '../apps/server/src/db/pool';
import { collection } from '../apps/server/src/db/schema';
import { exportColumns } from '../apps/server/src/lib/list/cells';
import { collectionsSource } from '../apps/server/src/modules/collections/queries';
import { writeXlsx } from '../apps/server/src/modules/exports/xlsx';
import path from 'node:path';
import {
  BENCH_MERCHANT_ID,
  CpuMeter,
  DEFAULT_DATA_DIR,
  RssSampler,
  baseUrl,
  childrenRss,
  databaseUrl,
  describeUrl,
  int,
  machineLine,
  mb,
  ms,
  opt,
  optInt,
  pidListeningOn,
  postgresPids,
  printTable,
  procMemory,
  signIn,
  sleep,
  summarize,
  type Envelope,
} from './common';

const MODE = opt('mode', 'direct');
const MERCHANT = optInt('merchant', BENCH_MERCHANT_ID);
const CURRENCY = 'IDR';
/** Issue 10: 50 000 rows/s for 1M rows (issue 4 asked for 40 000). */
const TARGET_ROWS_PER_S = 50_000;
const TARGET_MB = 300;
const DAY_MS = 86_400_000;
/** The command line of an export job's child process (apps/server/src/modules/exports/job-process.ts). */
const EXPORT_PROCESS_MATCH = 'job-process';

/** Counts bytes and drops them (a /dev/null that can say how much it swallowed). */
class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void): void {
    this.bytes += chunk.length;
    cb();
  }
}

function verdict(rowsPerS: number, peakBytes: number): string {
  const r = rowsPerS > TARGET_ROWS_PER_S ? 'met' : `MISSED by ${int(TARGET_ROWS_PER_S - rowsPerS)} rows/s`;
  const m =
    peakBytes < TARGET_MB * 1024 * 1024 ? 'met' : `MISSED by ${mb(peakBytes - TARGET_MB * 1024 * 1024)}`;
  return `targets: > ${int(TARGET_ROWS_PER_S)} rows/s ${r}; < ${TARGET_MB} MB ${m}`;
}

async function direct(): Promise<void> {
  const url = databaseUrl();
  const { pool, db } = createDatabase(url, { max: 2, applicationName: 'bench-export' });
  const out = opt('out', '');
  const sink = out ? fs.createWriteStream(out) : new CountingSink();
  const where = and(eq(collection.merchantId, MERCHANT), eq(collection.currency, CURRENCY));
  const expected = await db.$count(collection, where);
  console.log(
    `export-speed (direct writeXlsx): merchant ${MERCHANT} ${CURRENCY}, ${int(expected)} rows, database ${describeUrl(url)}, to ${out || 'a counting sink'}; machine: ${machineLine()}`,
  );
  const rss = new RssSampler();
  const pgCpu = new CpuMeter(() =>
    process.env.DATABASE_URL
      ? []
      : postgresPids(path.join(path.resolve(opt('data-dir', DEFAULT_DATA_DIR)), 'pg')),
  );
  pgCpu.start();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let lastLog = t0;
  const rows = await writeXlsx(sink, {
    db,
    source: collectionsSource,
    where,
    // Every declared column: the widest export a user can get (platform staff).
    columns: exportColumns(collectionsList.columns, 'en-US'),
    lang: 'en-US',
    timeZone: zoneOf(CURRENCY),
    sheetName: 'Collections',
    onProgress: (n) => {
      const t = performance.now();
      if (t - lastLog > 5_000) {
        lastLog = t;
        console.log(`  ${int(n)} rows, ${((t - t0) / 1000).toFixed(0)} s, RSS peak so far ${mb(rss.peak)}`);
      }
    },
  });
  if (sink instanceof fs.WriteStream) await new Promise<void>((r) => sink.end(r));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const selfCpu = (cpu.user + cpu.system) / 1e6;
  const dbCpu = pgCpu.stop();
  const peak = rss.stop();
  const hwm = procMemory(process.pid)?.hwm ?? NaN;
  const bytes = sink instanceof CountingSink ? sink.bytes : fs.statSync(out).size;
  console.log('');
  console.log(
    `rows: ${int(rows)} in ${seconds.toFixed(1)} s = ${int(rows / seconds)} rows/s; XLSX ${mb(bytes)}`,
  );
  console.log(
    `memory: RSS ${mb(rss.first)} before, peak ${mb(peak)} (sampled every 100 ms), VmHWM ${mb(hwm)} (process lifetime peak)`,
  );
  console.log(
    `CPU: exporter ${selfCpu.toFixed(1)} s (all threads: JS, zlib), PostgreSQL ${process.env.DATABASE_URL ? 'not measured (DATABASE_URL)' : `${dbCpu.toFixed(1)} s`}` +
      `; wall ${seconds.toFixed(1)} s; machine: ${machineLine()}`,
  );
  console.log(verdict(rows / seconds, Math.max(peak, hwm)));
  await pool.end();
}

/** What one export through the server measured. */
interface HttpRun {
  rows: number;
  rowsPerS: number;
  serverBefore: number;
  serverPeak: number;
  processPeak: number;
  bothPeak: number;
  listRatio: number;
}

async function http(): Promise<void> {
  const base = baseUrl();
  const port = Number(new URL(base).port || 80);
  const serverPid = Number(opt('server-pid', '0')) || pidListeningOn(port);
  if (!serverPid) throw new Error(`no process found listening on port ${port}; pass --server-pid`);
  const jobs = optInt('jobs', 1);
  const token = await signIn(base, 'demo_admin');
  const runs: HttpRun[] = [];
  for (let i = 1; i <= jobs; i++) {
    if (jobs > 1) console.log(`\n--- export ${i} of ${jobs}`);
    runs.push(await httpOnce(base, serverPid, token));
  }
  if (jobs > 1) {
    console.log('\nexports in a row against one server (RSS in MB; the export process is the job\'s child process):');
    printTable([
      ['#', 'rows/s', 'server before', 'server peak', 'export process peak', 'server + process peak', 'list p95 busy/idle'],
      ...runs.map((r, i) => [
        String(i + 1),
        int(r.rowsPerS),
        mb(r.serverBefore),
        mb(r.serverPeak),
        r.processPeak ? mb(r.processPeak) : '-',
        mb(r.bothPeak),
        `${r.listRatio.toFixed(1)}x`,
      ]),
    ]);
    const after = procMemory(serverPid);
    console.log(`server RSS after the last export: ${mb(after?.rss ?? NaN)}; machine: ${machineLine()}`);
  }
}

/**
 * The begin of the export's range: `days` before `end`, or (0) the earliest begin the list accepts with `end`. The
 * list's range is calendar months in the session's zone (one month from a begin's day), so "30 days" was over it
 * on some dates and the export was refused: the earliest valid begin is searched an hour at a time.
 */
function widestBegin(end: Date, zone: string, days: number): Date {
  if (days > 0) return new Date(end.getTime() - days * DAY_MS + 60_000);
  const months = collectionsList.range?.months ?? QUERY_RANGE_MONTHS;
  let begin = new Date(end.getTime() - 32 * DAY_MS);
  while (checkQueryRange(begin, end, zone, months) !== null) begin = new Date(begin.getTime() + 3_600_000);
  return begin;
}

async function httpOnce(base: string, serverPid: number, token: string): Promise<HttpRun> {
  const zone = zoneOf(CURRENCY);
  const end = new Date();
  const begin = widestBegin(end, zone, optInt('days', 0));
  const filters = {
    createTime_begin: formatWallClock(begin, zone),
    createTime_end: formatWallClock(end, zone),
  };
  const headers = { 'x-access-token': token, 'x-time-zone': zone, 'content-type': 'application/json' };
  const before = procMemory(serverPid);
  console.log(
    `export-speed (HTTP): ${base}/api/exports collections ${filters.createTime_begin} .. ${filters.createTime_end}; server pid ${serverPid}, RSS ${mb(before?.rss ?? NaN)}, VmHWM so far ${mb(before?.hwm ?? NaN)}`,
  );
  // The list's first page, called in a loop: what other users of the instance see before and while it exports.
  const listUrl = `${base}/api/collections?${new URLSearchParams({ ...filters, pageNo: '1', pageSize: '10' })}`;
  const listCall = async () => {
    const s0 = performance.now();
    const r = await fetch(listUrl, { headers });
    await r.arrayBuffer();
    return performance.now() - s0;
  };
  const idleList: number[] = [];
  for (let i = 0; i < 60; i++) idleList.push(await listCall());
  const busyList: number[] = [];
  let exporting = true;
  const probe = (async () => {
    while (exporting) busyList.push(await listCall());
  })();

  const exportProcess = () => childrenRss(serverPid, EXPORT_PROCESS_MATCH);
  const rss = new RssSampler(serverPid);
  const processRss = new RssSampler(exportProcess);
  const bothRss = new RssSampler(() => (procMemory(serverPid)?.rss ?? 0) + exportProcess());
  const t0 = performance.now();
  const res = await fetch(`${base}/api/exports`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind: collectionsList.name, filters }),
  });
  const started = (await res.json()) as Envelope<{
    mode: 'download' | 'job';
    url?: string;
    jobId?: string;
    rows: number;
  }>;
  if (res.status !== 200)
    throw new Error(`POST /api/exports -> ${res.status}: ${JSON.stringify(started).slice(0, 300)}`);
  let downloadUrl = started.result.url;
  const rows = started.result.rows;
  let jobSeconds = NaN;
  if (started.result.mode === 'job') {
    console.log(
      `  ${int(rows)} rows: runs as a job (${started.result.jobId}); polling (the server needs jobs on)`,
    );
    for (;;) {
      await sleep(500);
      const j = await fetch(`${base}/api/exports/${started.result.jobId}`, { headers });
      const job = (
        (await j.json()) as Envelope<{
          status: string;
          doneRows: number;
          url: string | null;
          error: string | null;
        }>
      ).result;
      if (job.status === 'failed') throw new Error(`export job failed: ${job.error}`);
      if (job.status === 'done' && job.url) {
        downloadUrl = job.url;
        jobSeconds = (performance.now() - t0) / 1000;
        break;
      }
      if (performance.now() - t0 > 30 * 60_000)
        throw new Error(`export job still ${job.status} after 30 min (${job.doneRows} rows): are jobs on?`);
    }
  }
  if (!downloadUrl) throw new Error('no download url');
  // The link carries the configured PUBLIC_URL; fetch the same path on the base we talk to.
  const dl = await fetch(`${base}${new URL(downloadUrl).pathname}`, { headers: { 'x-access-token': token } });
  if (dl.status !== 200 || !dl.body) throw new Error(`download -> ${dl.status}`);
  let bytes = 0;
  for await (const chunk of dl.body) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - t0) / 1000;
  exporting = false;
  await probe;
  const peak = rss.stop();
  const processPeak = processRss.stop();
  const bothPeak = bothRss.stop();
  const after = procMemory(serverPid);
  const idleP95 = summarize(idleList).p95;
  const busyP95 = summarize(busyList).p95;
  console.log('');
  console.log(
    `rows: ${int(rows)} (${started.result.mode}) in ${seconds.toFixed(1)} s from POST to last byte = ${int(rows / seconds)} rows/s; XLSX ${mb(bytes)}${Number.isFinite(jobSeconds) ? `; job done after ${jobSeconds.toFixed(1)} s` : ''}`,
  );
  console.log(
    `server memory: RSS ${mb(before?.rss ?? NaN)} before, peak ${mb(peak)} during (sampled every 100 ms), VmHWM ${mb(after?.hwm ?? NaN)} (lifetime peak, was ${mb(before?.hwm ?? NaN)})`,
  );
  console.log(
    `export process: peak ${processPeak ? mb(processPeak) : '- (none seen: a direct download, or a server whose jobs run in a thread)'}; server + process peak ${mb(bothPeak)}`,
  );
  console.log(
    `list first page (client time): p95 ${ms(idleP95)} ms idle (60 calls), ${ms(busyP95)} ms during the export (${busyList.length} calls) = ${(busyP95 / idleP95).toFixed(1)}x (target <= 2x)`,
  );
  console.log(`machine after the run: ${machineLine()}`);
  console.log(verdict(rows / seconds, peak));
  return {
    rows,
    rowsPerS: rows / seconds,
    serverBefore: before?.rss ?? NaN,
    serverPeak: peak,
    processPeak,
    bothPeak,
    listRatio: busyP95 / idleP95,
  };
}

(MODE === 'http' ? http() : direct()).catch((e) => {
  console.error(e);
  process.exit(1);
});
