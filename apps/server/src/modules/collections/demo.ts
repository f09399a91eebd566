/**
 * Demo payments (development and demo databases only; seed.ts calls this in its demo branch): a week of
 * collections for merchant 10001 (IDR) and four weeks for Lumi Traders (THB), Loja Verde (BRL) and CoinRail (USDT)
 * (demo-history.ts), made through the real services so every ledger entry, settlement batch, refund and callback
 * row is what the product itself would have written.
 */
import { CollectionFailureReason, CollectionSource, PaymentType, RefundWay, type CurrencyCode } from '@mg/domain';
import type pg from 'pg';
import { dbOf, type Db } from '../../db/pool';
import { createRefund } from '../refunds/service';
import { runSettlements } from '../settlements/service';
import { dateDemoMovements } from '../ledger/queries/demo';
import { HISTORY_PROFILES, historyPlan, type DemoOrder } from './demo-history';
import { anyCollection, countCollections, isOffered } from './queries';
import { closeCollection, createCollection, expireDueCollections, markCollectionFailed, markCollectionPaid } from './service';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DEMO_PUBLIC_URL = 'http://localhost:8080';
/** A history's refunds: of payments made between these many days ago, a partial one returning this share. */
const REFUND_AFTER_DAYS = 0.5;
const REFUND_WITHIN_DAYS = 6;
const PARTIAL_REFUND_DIVISOR = 4n;

const P = PaymentType;
const IDR_ORDERS: DemoOrder[] = [
  { daysAgo: 6.2, amount: 150_000n, paymentType: P.VA, outcome: 'paid', payer: 'Budi Santoso' },
  { daysAgo: 5.8, amount: 275_000n, paymentType: P.VA, outcome: 'paid', payer: 'Siti Rahma' },
  { daysAgo: 5.1, amount: 89_000n, paymentType: P.WALLET, outcome: 'paid', payer: 'Agus Wijaya' },
  { daysAgo: 4.6, amount: 1_250_000n, paymentType: P.VA, outcome: 'paid', payer: 'Dewi Lestari' },
  { daysAgo: 4.1, amount: 60_000n, paymentType: P.OTC, outcome: 'expired', payer: 'Rudi Hartono' },
  { daysAgo: 3.7, amount: 420_000n, paymentType: P.VA, outcome: 'paid', payer: 'Putri Ayu' },
  { daysAgo: 3.2, amount: 35_000n, paymentType: P.WALLET, outcome: 'failed', payer: 'Andi Saputra' },
  { daysAgo: 2.5, amount: 510_000n, paymentType: P.VA, outcome: 'paid', payer: 'Maya Sari' },
  { daysAgo: 1.9, amount: 199_000n, paymentType: P.WALLET, outcome: 'paid', payer: 'Hendra Gunawan' },
  { daysAgo: 1.2, amount: 75_000n, paymentType: P.OTC, outcome: 'closed', payer: 'Lina Marlina' },
  { daysAgo: 0.4, amount: 330_000n, paymentType: P.VA, outcome: 'paid', payer: 'Yusuf Hidayat' },
  { daysAgo: 0.1, amount: 120_000n, paymentType: P.VA, outcome: 'pending', payer: 'Rina Kusuma' },
];
/** A paid order and how long ago it was paid. */
interface Paid {
  id: string;
  amount: bigint;
  daysAgo: number;
}

/** A refund the history makes of one of its paid orders (the first in full, the others in part), and when. */
interface PlannedRefund {
  n: number;
  full: boolean;
  at: Date;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * The orders of a history in time order, with the refunds of `refunds` of its recent paid orders among them. Every
 * movement of money (a payment, a refund, a settlement run) is made in the order of its time, so a refund half a day
 * after its payment is taken from what the balances held then (still pending, or settled) and each account's running
 * balance reads in order once dated (ledger/queries/demo.ts).
 */
async function seedOrders(db: Db, merchantId: number, currency: CurrencyCode, orders: DemoOrder[], now: Date, refunds = 0): Promise<Paid[]> {
  const offered = new Map<number, boolean>();
  for (const o of orders) if (!offered.has(o.paymentType)) offered.set(o.paymentType, await isOffered(db, currency, o.paymentType));
  // Which paid orders are refunded: of those paid between these many days ago, the last ones (a refund follows soon
  // after a sale), as the plan already says which are paid.
  const recent = orders.filter((o) => o.outcome === 'paid' && offered.get(o.paymentType) && o.daysAgo > REFUND_AFTER_DAYS && o.daysAgo < REFUND_WITHIN_DAYS);
  const refunded = new Map<DemoOrder, PlannedRefund>(
    (refunds > 0 ? recent.slice(-refunds) : []).map((o, i) => [o, { n: i + 1, full: i === 0, at: new Date(now.getTime() - (o.daysAgo - REFUND_AFTER_DAYS) * DAY_MS) }]),
  );
  // Refunds due, oldest first (their orders are paid in time order, each half a day before its refund).
  const due: { paid: Paid; refund: PlannedRefund }[] = [];
  const refundUpTo = async (until: Date) => {
    while (due[0] && due[0].refund.at.getTime() <= until.getTime()) {
      const { paid: p, refund: r } = due.shift()!;
      await createRefund(db, {
        merchantId,
        collectionId: p.id,
        amount: r.full ? p.amount : p.amount / PARTIAL_REFUND_DIVISOR,
        refundWay: RefundWay.ORIGINAL,
        reason: r.full ? 'Order cancelled by the customer' : 'Customer returned one item',
        merchantRefundId: `DEMO-REFUND-${merchantId}-${r.n}`,
        createdBy: 'seed',
        now: r.at,
      });
    }
  };

  const paid: Paid[] = [];
  let n = 0;
  let settledUpTo = Number.POSITIVE_INFINITY;
  // The time of the last movement made: nothing after it is dated before it.
  let moved = new Date(0);
  for (const o of orders) {
    n++;
    if (!offered.get(o.paymentType)) continue;
    const createdAt = new Date(now.getTime() - o.daysAgo * DAY_MS);
    // The settlement job as it would have run while these days passed, so batches settle on their own day (and the
    // balance records say when), not all at the moment the demo was seeded.
    if (Math.floor(o.daysAgo) < settledUpTo) {
      settledUpTo = Math.floor(o.daysAgo);
      const at = later(createdAt, moved);
      await refundUpTo(at);
      // This merchant's batches only: another history's run at an earlier time than its own last movements would
      // date a settlement before movements it follows in the ledger.
      await runSettlements(db, { now: at, merchantId, dueOnly: true });
      moved = at;
    }
    const c = await createCollection(
      { db, publicUrl: DEMO_PUBLIC_URL },
      {
        merchantId,
        mode: 'sandbox',
        source: CollectionSource.API,
        merchantOrderId: `DEMO-${merchantId}-${String(n).padStart(3, '0')}`,
        amount: o.amount,
        currency,
        paymentType: o.paymentType,
        ...(o.channel !== undefined ? { channel: o.channel } : {}),
        payerName: o.payer,
        orderDescription: `Demo order ${n}`,
        now: createdAt,
      },
    );
    const at = new Date(createdAt.getTime() + 7 * MINUTE_MS);
    if (o.outcome === 'paid') {
      await refundUpTo(at);
      await markCollectionPaid(db, { merchantId, id: c.id, now: at });
      moved = later(at, moved);
      const p = { id: c.id, amount: o.amount, daysAgo: o.daysAgo };
      paid.push(p);
      const r = refunded.get(o);
      if (r) due.push({ paid: p, refund: r });
    } else if (o.outcome === 'failed') {
      await markCollectionFailed(db, { merchantId, id: c.id, reason: o.failureReason ?? CollectionFailureReason.INSUFFICIENT_FUNDS, now: at });
    } else if (o.outcome === 'closed') {
      await closeCollection(db, { merchantId, id: c.id, now: at });
    }
    // 'expired' orders are closed by the expiry run below; 'pending' ones stay open
  }
  await refundUpTo(now);
  return paid;
}

/**
 * Creates the demo payments once: a no-op when any collection exists or no product is seeded yet. Returns how
 * many collections it created.
 */
export async function seedDemoPayments(db: Db, now: Date = new Date()): Promise<number> {
  if (await anyCollection(db)) return 0;
  const idrPaid = await seedOrders(db, 10001, 'IDR', IDR_ORDERS, now);
  // one partial refund of a recent (still unsettled) payment
  const refundOf = idrPaid[idrPaid.length - 2];
  if (refundOf) {
    await createRefund(db, {
      merchantId: 10001,
      collectionId: refundOf.id,
      amount: 50_000n,
      refundWay: RefundWay.ORIGINAL,
      reason: 'Customer returned one item',
      merchantRefundId: 'DEMO-REFUND-001',
      createdBy: 'demo_admin',
      now: new Date(now.getTime() - 0.3 * DAY_MS),
    });
  }
  for (const profile of HISTORY_PROFILES) await seedOrders(db, profile.merchantId, profile.currency, historyPlan(profile, now), now, profile.refunds);
  await expireDueCollections(db, now, DEMO_PUBLIC_URL);
  await runSettlements(db, { now, dueOnly: true });
  // Each movement dated by its payment, refund or settlement, not by the moment of seeding.
  await dateDemoMovements(db);
  return countCollections(db);
}

/** seed.ts entry: the demo payments on a plain pool (seed.ts works with pg, the services with drizzle). */
export async function seedDemoPaymentsFromPool(pool: pg.Pool, now?: Date): Promise<number> {
  return seedDemoPayments(dbOf(pool), now);
}
