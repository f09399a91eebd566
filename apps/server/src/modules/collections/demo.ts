/**
 * Demo payments (development and demo databases only; seed.ts calls this in its demo branch): a few days of
 * collections for merchant 10001 (IDR) and 10030 (THB), made through the real services so every ledger entry,
 * settlement batch and callback row is what the product itself would have written.
 */
import { CollectionFailureReason, CollectionSource, PaymentType, RefundWay, type CurrencyCode } from '@mg/domain';
import type pg from 'pg';
import { dbOf, type Db } from '../../db/pool';
import { createRefund } from '../refunds/service';
import { runSettlements } from '../settlements/service';
import { anyCollection, countCollections, isOffered } from './queries';
import { closeCollection, createCollection, expireDueCollections, markCollectionFailed, markCollectionPaid } from './service';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DEMO_PUBLIC_URL = 'http://localhost:8080';

type Outcome = 'paid' | 'pending' | 'failed' | 'expired' | 'closed';

interface DemoOrder {
  /** Days before `now` the order was created (fractions allowed). */
  daysAgo: number;
  amount: bigint;
  paymentType: number;
  outcome: Outcome;
  payer: string;
}

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
const THB_ORDERS: DemoOrder[] = [
  { daysAgo: 3.3, amount: 125_000n, paymentType: P.BANK_TRANSFER, outcome: 'paid', payer: 'Somchai Jaidee' },
  { daysAgo: 1.6, amount: 89_950n, paymentType: P.BANK_TRANSFER, outcome: 'paid', payer: 'Malee Suksan' },
  { daysAgo: 0.2, amount: 45_000n, paymentType: P.BANK_TRANSFER, outcome: 'pending', payer: 'Niran Thongdee' },
];

async function seedOrders(db: Db, merchantId: number, currency: CurrencyCode, orders: DemoOrder[], now: Date): Promise<string[]> {
  const paid: string[] = [];
  let n = 0;
  for (const o of orders) {
    n++;
    if (!(await isOffered(db, currency, o.paymentType))) continue;
    const createdAt = new Date(now.getTime() - o.daysAgo * DAY_MS);
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
        payerName: o.payer,
        orderDescription: `Demo order ${n}`,
        now: createdAt,
      },
    );
    const at = new Date(createdAt.getTime() + 7 * MINUTE_MS);
    if (o.outcome === 'paid') {
      await markCollectionPaid(db, { merchantId, id: c.id, now: at });
      paid.push(c.id);
    } else if (o.outcome === 'failed') {
      await markCollectionFailed(db, { merchantId, id: c.id, reason: CollectionFailureReason.INSUFFICIENT_FUNDS, now: at });
    } else if (o.outcome === 'closed') {
      await closeCollection(db, { merchantId, id: c.id, now: at });
    }
    // 'expired' orders are closed by the expiry run below; 'pending' ones stay open
  }
  return paid;
}

/**
 * Creates the demo payments once: a no-op when any collection exists or no product is seeded yet. Returns how
 * many collections it created.
 */
export async function seedDemoPayments(db: Db, now: Date = new Date()): Promise<number> {
  if (await anyCollection(db)) return 0;
  const idrPaid = await seedOrders(db, 10001, 'IDR', IDR_ORDERS, now);
  await seedOrders(db, 10030, 'THB', THB_ORDERS, now);
  // one partial refund of a recent (still unsettled) payment
  const refundOf = idrPaid[idrPaid.length - 2];
  if (refundOf) {
    await createRefund(db, {
      merchantId: 10001,
      collectionId: refundOf,
      amount: 50_000n,
      refundWay: RefundWay.ORIGINAL,
      reason: 'Customer returned one item',
      merchantRefundId: 'DEMO-REFUND-001',
      createdBy: 'demo_admin',
      now: new Date(now.getTime() - 0.3 * DAY_MS),
    });
  }
  await expireDueCollections(db, now, DEMO_PUBLIC_URL);
  await runSettlements(db, { now, dueOnly: true });
  return countCollections(db);
}

/** seed.ts entry: the demo payments on a plain pool (seed.ts works with pg, the services with drizzle). */
export async function seedDemoPaymentsFromPool(pool: pg.Pool, now?: Date): Promise<number> {
  return seedDemoPayments(dbOf(pool), now);
}
