/**
 * Payment links (modules/payment-links/service.ts) on real PostgreSQL: creation rules, void, expiry, and paying a
 * link exactly once however many payers click at the same time.
 */
import { ApiKeyMode, DomainError, PaymentLinkStatus, PaymentStatus } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValidationError } from '../src/lib/errors';
import { markCollectionPaid } from '../src/modules/collections/service';
import { balancesOf } from '../src/modules/ledger/service';
import {
  createPaymentLink,
  getPaymentLink,
  getPaymentLinkByToken,
  linkView,
  payPaymentLink,
  voidPaymentLink,
} from '../src/modules/payment-links/service';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';

const M = 10001;
const PUBLIC_URL = 'https://pay.example.test';
let tdb: TestDatabase;
const deps = () => ({ db: tdb.db, publicUrl: PUBLIC_URL });

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
});
afterAll(async () => {
  await tdb?.drop();
});

const baseLink = {
  merchantId: M,
  mode: ApiKeyMode.SANDBOX,
  currency: 'IDR' as const,
  description: 'Concert ticket',
  createdBy: 'test',
};

async function transfersOf(reference: string): Promise<number> {
  const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from ledger_transfer where reference = $1', [reference]);
  return rows[0]!.n;
}

async function pending(merchantId = M, currency = 'IDR'): Promise<bigint> {
  const rows = await balancesOf(tdb.db, merchantId);
  return rows.find((r) => r.currency === currency && r.kind === 'pending')?.balance ?? 0n;
}

async function rejection(p: Promise<unknown>): Promise<{ code?: string; key?: string; field?: string; status?: number }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, key: e.messageKey, status: e.httpStatus };
    if (e instanceof FieldValidationError) return { code: 'VALIDATION_FAILED', field: e.issues[0]?.field, key: e.issues[0]?.messageKey, status: 400 };
    throw e;
  }
  throw new Error('expected a rejection');
}

describe('create', () => {
  it('creates an active link with a cashier URL, default expiry and the first payment type that takes the amount', async () => {
    const now = new Date('2026-11-21T05:00:00Z');
    const row = await createPaymentLink(deps(), { ...baseLink, amount: 150000n, now });
    const v = linkView(row, PUBLIC_URL, now);
    expect(v).toMatchObject({
      currency: 'IDR',
      amount: '150000',
      description: 'Concert ticket',
      paymentType: 1,
      expiryHours: 24,
      expiresAt: '2026-11-22T05:00:00.000Z',
      status: 'active',
      collectionId: null,
      mode: 'sandbox',
    });
    expect(v.id).toMatch(/^L\d{12}[0-9A-Z]{10}$/);
    expect(v.url).toBe(`${PUBLIC_URL}/pay/${row.token}`);
    expect(row.token).not.toContain(row.id);
    // An amount below the VA minimum goes to the e-wallet (payment type 4, minimum 1 000).
    expect((await createPaymentLink(deps(), { ...baseLink, amount: 5000n })).paymentType).toBe(4);
  });

  it('refuses what a payer could never pay', async () => {
    expect(await rejection(createPaymentLink(deps(), { ...baseLink, amount: 500n }))).toMatchObject({
      status: 422,
      key: 'payment-links.noPaymentMethod',
    });
    expect(await rejection(createPaymentLink(deps(), { ...baseLink, amount: 5000n, paymentType: 1 }))).toMatchObject({
      field: 'amount',
      key: 'payment-links.amountOutOfRange',
    });
    expect(await rejection(createPaymentLink(deps(), { ...baseLink, amount: 50000n, paymentType: 18 }))).toMatchObject({
      field: 'paymentType',
    });
    // USDT is not a currency of merchant 10001.
    expect(await rejection(createPaymentLink(deps(), { ...baseLink, currency: 'USDT', amount: 5_000_000n }))).toMatchObject({
      field: 'currency',
    });
    expect(await rejection(createPaymentLink(deps(), { ...baseLink, amount: 150000n, expiryHours: 0 }))).toMatchObject({
      field: 'expiryHours',
    });
    expect(await rejection(createPaymentLink(deps(), { ...baseLink, amount: 150000n, description: '   ' }))).toMatchObject({
      field: 'description',
    });
  });
});

describe('pay', () => {
  it('five concurrent payers: one collection paid, one ledger transfer, the link paid', async () => {
    const link = await createPaymentLink(deps(), { ...baseLink, amount: 200000n });
    const before = await pending();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => payPaymentLink(deps(), { token: link.token })));
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof payPaymentLink>>> => r.status === 'fulfilled');
    expect(ok).toHaveLength(5);
    const ids = new Set(ok.map((r) => r.value.collection.id));
    expect(ids.size).toBe(1);
    const [collectionId] = [...ids];
    for (const r of ok) {
      expect(r.value.collection.status).toBe(PaymentStatus.SUCCESS);
      expect(r.value.link.status).toBe(PaymentLinkStatus.PAID);
    }
    const { rows } = await tdb.pool.query<{ n: number }>(
      'select count(*)::int as n from collection where merchant_id = $1 and payment_link_id = $2',
      [M, link.id],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await transfersOf(collectionId!)).toBe(1);

    const stored = await getPaymentLink(tdb.db, M, link.id);
    expect(stored).toMatchObject({ status: 'paid', collectionId });
    const col = ok[0]!.value.collection;
    expect(col).toMatchObject({ merchantOrderId: link.id, source: 'payment_link', mode: 'sandbox', paymentLinkId: link.id, amount: 200000n });
    // The merchant's pending balance grew by exactly one payment net of its fee.
    expect((await pending()) - before).toBe(200000n - col.adminFee - col.serviceFee);
  });

  it('a failed attempt leaves the link open; the retry is a new collection and then the link is paid', async () => {
    const link = await createPaymentLink(deps(), { ...baseLink, amount: 300000n });
    const failed = await payPaymentLink(deps(), { token: link.token, outcome: 'fail', failureReason: 'INSUFFICIENT_FUNDS' });
    expect(failed.collection).toMatchObject({ status: 'failed', failureReason: 'INSUFFICIENT_FUNDS', merchantOrderId: link.id });
    expect(failed.link.status).toBe('active');
    const paid = await payPaymentLink(deps(), { token: link.token });
    expect(paid.collection).toMatchObject({ status: 'success', merchantOrderId: `${link.id}-2` });
    expect(paid.link).toMatchObject({ status: 'paid', collectionId: paid.collection.id });
    // Paid: failing it now is refused, paying again answers the same collection.
    expect(await rejection(payPaymentLink(deps(), { token: link.token, outcome: 'fail' }))).toMatchObject({ key: 'cashier.alreadyPaid' });
    expect((await payPaymentLink(deps(), { token: link.token })).collection.id).toBe(paid.collection.id);
  });

  it('a magic amount decides the sandbox outcome (…13 fails with INSUFFICIENT_FUNDS)', async () => {
    const link = await createPaymentLink(deps(), { ...baseLink, amount: 100013n });
    const r = await payPaymentLink(deps(), { token: link.token });
    expect(r.collection).toMatchObject({ status: 'failed', failureReason: 'INSUFFICIENT_FUNDS' });
    expect(r.link.status).toBe('active');
  });

  it('expired and void links cannot be paid; unknown tokens are 404', async () => {
    const now = new Date();
    const old = await createPaymentLink(deps(), { ...baseLink, amount: 150000n, expiryHours: 1, now: new Date(now.getTime() - 2 * 3_600_000) });
    expect(linkView(old, PUBLIC_URL, now).status).toBe('expired');
    expect(await rejection(payPaymentLink(deps(), { token: old.token, now }))).toMatchObject({ status: 422, key: 'cashier.expired' });

    const voided = await createPaymentLink(deps(), { ...baseLink, amount: 150000n });
    await voidPaymentLink(tdb.db, M, voided.id);
    expect(await rejection(payPaymentLink(deps(), { token: voided.token }))).toMatchObject({ status: 422, key: 'payment-links.notActive' });
    expect(await rejection(payPaymentLink(deps(), { token: 'no-such-token' }))).toMatchObject({ status: 404 });
    expect(await getPaymentLinkByToken(tdb.db, 'no-such-token')).toBeNull();
  });
});

describe('void', () => {
  it('closes an attempt a payer opened before the void, so it cannot be paid after it', async () => {
    // …99 stays pending in the sandbox: the payer opened the attempt and walked away.
    const link = await createPaymentLink(deps(), { ...baseLink, amount: 150099n });
    const opened = await payPaymentLink(deps(), { token: link.token });
    expect(opened.collection.status).toBe(PaymentStatus.PENDING);
    await voidPaymentLink(tdb.db, M, link.id);
    const { rows } = await tdb.pool.query<{ status: string }>('select status from collection where id = $1', [opened.collection.id]);
    expect(rows[0]!.status).toBe(PaymentStatus.CLOSED);
    expect(await rejection(markCollectionPaid(tdb.db, { merchantId: M, id: opened.collection.id }))).toMatchObject({ status: 422 });
    expect(await transfersOf(opened.collection.id)).toBe(0);
  });

  it('voids an active link once; paid, void and other merchants\' links are refused', async () => {
    const link = await createPaymentLink(deps(), { ...baseLink, amount: 150000n });
    expect((await voidPaymentLink(tdb.db, M, link.id)).status).toBe('void');
    expect(await rejection(voidPaymentLink(tdb.db, M, link.id))).toMatchObject({ status: 422, key: 'payment-links.notActive' });
    // Another merchant cannot even see it.
    expect(await rejection(voidPaymentLink(tdb.db, 10030, link.id))).toMatchObject({ status: 404 });

    const paid = await createPaymentLink(deps(), { ...baseLink, amount: 150000n });
    await payPaymentLink(deps(), { token: paid.token });
    expect(await rejection(voidPaymentLink(tdb.db, M, paid.id))).toMatchObject({ status: 422 });
  });
});
