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
import { HISTORY_PROFILES, historyPlan, type DemoOrder, type HistoryProfile } from './demo-history';
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

async function seedOrders(db: Db, merchantId: number, currency: CurrencyCode, orders: DemoOrder[], now: Date): Promise<Paid[]> {
  const paid: Paid[] = [];
  let n = 0;
  let settledUpTo = Number.POSITIVE_INFINITY;
  for (const o of orders) {
    n++;
    if (!(await isOffered(db, currency, o.paymentType))) continue;
    const createdAt = new Date(now.getTime() - o.daysAgo * DAY_MS);
    // The settlement job as it would have run while these days passed, so batches settle on their own day (and the
    // balance records say when), not all at the moment the demo was seeded.
    if (Math.floor(o.daysAgo) < settledUpTo) {
      settledUpTo = Math.floor(o.daysAgo);
      await runSettlements(db, { now: createdAt, dueOnly: true });
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
      await markCollectionPaid(db, { merchantId, id: c.id, now: at });
      paid.push({ id: c.id, amount: o.amount, daysAgo: o.daysAgo });
    } else if (o.outcome === 'failed') {
      await markCollectionFailed(db, { merchantId, id: c.id, reason: o.failureReason ?? CollectionFailureReason.INSUFFICIENT_FUNDS, now: at });
    } else if (o.outcome === 'closed') {
      await closeCollection(db, { merchantId, id: c.id, now: at });
    }
    // 'expired' orders are closed by the expiry run below; 'pending' ones stay open
  }
  return paid;
}

/** Refunds of a few recent paid orders of a history: the first in full, the others in part. */
async function seedRefunds(db: Db, profile: HistoryProfile, paid: Paid[], now: Date): Promise<void> {
  const recent = paid.filter((p) => p.daysAgo > REFUND_AFTER_DAYS && p.daysAgo < REFUND_WITHIN_DAYS).slice(-profile.refunds);
  let n = 0;
  for (const p of recent) {
    n++;
    const full = n === 1;
    await createRefund(db, {
      merchantId: profile.merchantId,
      collectionId: p.id,
      amount: full ? p.amount : p.amount / PARTIAL_REFUND_DIVISOR,
      refundWay: RefundWay.ORIGINAL,
      reason: full ? 'Order cancelled by the customer' : 'Customer returned one item',
      merchantRefundId: `DEMO-REFUND-${profile.merchantId}-${n}`,
      createdBy: 'seed',
      now: new Date(now.getTime() - (p.daysAgo - REFUND_AFTER_DAYS) * DAY_MS),
    });
  }
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
  for (const profile of HISTORY_PROFILES) {
    const paid = await seedOrders(db, profile.merchantId, profile.currency, historyPlan(profile, now), now);
    await seedRefunds(db, profile, paid, now);
  }
  await expireDueCollections(db, now, DEMO_PUBLIC_URL);
  await runSettlements(db, { now, dueOnly: true });
  return countCollections(db);
}

/** seed.ts entry: the demo payments on a plain pool (seed.ts works with pg, the services with drizzle). */
export async function seedDemoPaymentsFromPool(pool: pg.Pool, now?: Date): Promise<number> {
  return seedDemoPayments(dbOf(pool), now);
}
