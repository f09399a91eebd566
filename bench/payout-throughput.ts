/**
 * bench:payouts: open API payout create throughput next to collection create, in the same run, against the same
 * server and database (issue 11). C concurrent clients loop `POST /api/open/v1/collections` for D seconds, then
 * `POST /api/open/v1/payouts` for D seconds (each payout holds amount + fee: a ledger transfer on the merchant's
 * available and frozen rows). The merchant is topped up first. Prints ops/s and p50 / p95 of each.
 *
 *   npm run bench:payouts -w @mg/bench -- [--clients=16] [--seconds=10] [--base-url=http://127.0.0.1:18080]
 *
 * The server must run with the demo key seeded, RATE_LIMIT_PER_MINUTE and OPEN_API_RATE_LIMIT_PER_MINUTE high, and
 * JOBS=off (payouts stay pending review: only the create is measured). Prints the payout / collection ratio.
 */
import { PaymentType } from '@mg/domain';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { createDatabase } from '../apps/server/src/db/pool';
import { postTransfer, topUp } from '../apps/server/src/modules/ledger/service';
import { baseUrl, benchOpenApiClient, databaseUrl, idempotent, int, machineLine, ms, optInt, printTable, summarize } from './common';

const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 10);
const key = { base: baseUrl(), keyId: DEMO_KEY_ID, keySecret: DEMO_KEY_SECRET, merchantId: DEMO_OPEN_API_MERCHANT_ID };
const RUN = Date.now().toString(36).toUpperCase();
let seq = 0;

const api = benchOpenApiClient(key);
/** One create of each kind through the generated client: its HTTP status. */
const creates = {
  collections: async () =>
    (await api.POST('/collections', { body: { merchantOrderId: `BC-${RUN}-${++seq}`, amount: '150000', currency: 'IDR', paymentType: PaymentType.VA }, params: idempotent() })).response.status,
  payouts: async () =>
    (
      await api.POST('/payouts', {
        body: { merchantOrderId: `BP-${RUN}-${++seq}`, amount: '150000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: `123456780${seq % 10}` },
        params: idempotent(),
      })
    ).response.status,
};

async function run(kind: keyof typeof creates): Promise<{ ops: number; p50: number; p95: number; errors: number }> {
  const samples: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const status = await creates[kind]();
        if (status === 201) samples.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  const s = summarize(samples);
  return { ops: samples.length / SECONDS, p50: s.p50, p95: s.p95, errors };
}

const database = createDatabase(databaseUrl(), { max: 2, applicationName: 'bench-payouts' });
try {
  await postTransfer(database.db, topUp({ merchantId: key.merchantId, currency: 'IDR', reference: `bench-payouts-${RUN}`, idempotencyKey: `bench-payouts-${RUN}`, amount: 10n ** 13n }));
} finally {
  await database.pool.end();
}
const collections = await run('collections');
const payouts = await run('payouts');
console.log(`open API create, ${CLIENTS} clients x ${SECONDS} s each; ${machineLine()}`);
printTable([
  ['create', 'ops/s', 'p50', 'p95', 'errors'],
  ['collection', int(collections.ops), `${ms(collections.p50)} ms`, `${ms(collections.p95)} ms`, String(collections.errors)],
  ['payout', int(payouts.ops), `${ms(payouts.p50)} ms`, `${ms(payouts.p95)} ms`, String(payouts.errors)],
]);
// The baseline is the collection create of the same run (issue 43's bar: payouts >= 0.8 of it at 1 and 16 clients).
console.log(`payout / collection create: ${(payouts.ops / collections.ops).toFixed(2)}`);
