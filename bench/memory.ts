/**
 * bench:memory: the server's resident memory idle, under a list load and after it (issue 10 bars: idle < 150 MB,
 * under a 60 s list load < 300 MB, back under 200 MB a minute after). The server is found by its port (or
 * --server-pid); the load is --clients loops of GET /api/collections (first page, a one-month range, and page 500)
 * signed in as demo_admin for --seconds; RSS is read from /proc every 100 ms. With --idle=N the idle figure is the
 * highest RSS over N seconds before the load (the jobs' ticks move it by tens of MB), not one reading.
 *
 *   npm run bench:memory -w @mg/bench -- [--idle=0] [--clients=4] [--seconds=60] [--after=60]
 */
import { formatWallClock, zoneOf } from '@mg/domain';
import { RssSampler, baseUrl, machineLine, mb, optInt, pidListeningOn, procMemory, signIn } from './common';

const CLIENTS = optInt('clients', 4);
const SECONDS = optInt('seconds', 60);
const AFTER = optInt('after', 60);
const IDLE = optInt('idle', 0);
const CURRENCY = 'IDR';
const ZONE = zoneOf(CURRENCY);
const DAY_MS = 86_400_000;

async function main(): Promise<void> {
  const base = baseUrl();
  const pid = optInt('server-pid', 0) || pidListeningOn(Number(new URL(base).port || 80));
  if (!pid) throw new Error('server pid not found: pass --server-pid');
  const rss = () => procMemory(pid)?.rss ?? NaN;
  console.log(`bench:memory  server pid ${pid}  ${CLIENTS} clients x ${SECONDS} s, then ${AFTER} s idle; ${machineLine()}`);

  const idleSampler = new RssSampler(pid);
  await new Promise((r) => setTimeout(r, IDLE * 1000));
  const idle = idleSampler.stop();
  const token = await signIn(base, 'demo_admin');
  const end = new Date();
  const range = { createTime_begin: formatWallClock(new Date(end.getTime() - 29 * DAY_MS), ZONE), createTime_end: formatWallClock(end, ZONE) };
  const headers = { 'x-access-token': token, 'x-time-zone': ZONE };
  const pages = [1, 2, 500];

  const sampler = new RssSampler(pid);
  const deadline = Date.now() + SECONDS * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; Date.now() < deadline; i++) {
        const qs = new URLSearchParams({ ...range, pageNo: String(pages[i % pages.length]), pageSize: '20' });
        const res = await fetch(`${base}/api/collections?${qs}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`list answered ${res.status}`);
        calls++;
      }
    }),
  );
  const peak = sampler.stop();
  const atEnd = rss();
  await new Promise((r) => setTimeout(r, AFTER * 1000));
  const after = rss();

  const row = (label: string, v: number, bar: string) => console.log(`${label.padEnd(34)} ${mb(v).padStart(8)}   bar ${bar}`);
  row(IDLE ? `idle, highest over ${IDLE} s before the load` : 'idle, before the load', idle, '< 150 MB');
  row(`peak during ${SECONDS} s of list calls`, peak, '< 300 MB');
  row('at the end of the load', atEnd, '-');
  row(`${AFTER} s after the load`, after, '< 200 MB');
  console.log(`${calls} list calls (${(calls / SECONDS).toFixed(0)}/s)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
