/**
 * The load the benchmarks put on a server: closed loops, each client calling its next operation as soon as the last
 * one answered, until a deadline. Re-exported by common.ts.
 */

export interface LoadResult {
  ops: number;
  errors: number;
  /** Each successful operation's latency, ms. */
  lat: number[];
  firstError?: string;
}

/** `clients` loops of `op(client, n)` until `deadline` (a performance.now() instant). */
export async function closedLoop(clients: number, deadline: number, op: (client: number, n: number) => Promise<unknown>): Promise<LoadResult> {
  const r: LoadResult = { ops: 0, errors: 0, lat: [] };
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const s = performance.now();
        try {
          await op(c, n);
          r.lat.push(performance.now() - s);
          r.ops++;
        } catch (e) {
          r.errors++;
          r.firstError ??= e instanceof Error ? e.message : String(e);
        }
      }
    }),
  );
  return r;
}

/** A log-normal IDR amount (median 150 000, as bench:api), off the sandbox's magic endings: a decimal string. */
export function benchAmount(): string {
  let u = 0;
  while (u === 0) u = Math.random();
  const n = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * Math.random());
  return String(Math.min(40_000_000, Math.max(20_000, Math.round((150_000 * Math.exp(0.9 * n)) / 1000) * 1000)) + 500);
}
