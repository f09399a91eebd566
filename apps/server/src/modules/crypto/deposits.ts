/**
 * Pay-in on the sandbox chain (issue 13): the payer's wallet sends to the order's deposit address (exactly, less or
 * more), the chain adds a confirmation every block, and once the network's confirmations are in, the order is paid
 * with what arrived: success, partial when under-paid, success with a surplus (not credited: the merchant returns
 * it) when over-paid. The ledger moves as for every collection, through markCollectionPaid.
 */
import { randomBytes } from 'node:crypto';
import {
  ApiKeyMode,
  CRYPTO_SANDBOX_BLOCK_MS,
  CRYPTO_TOKEN,
  CryptoNetwork,
  NETWORKS,
  PaymentStatus,
  PaymentType,
  networkOfChannel,
  isDomainError,
  sandboxConfirmations,
  toMajorString,
  type CryptoDepositView,
  type CryptoNetworkValue,
} from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool';
import { KeyedError, notFound } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { sandboxAddress } from '../channels/sandbox';
import { updateCollection } from '../collections/queries';
import { getCollection, markCollectionPaid, type CollectionRow } from '../collections/service';
import { insertDeposit, markDepositConfirmed, selectConfirmedDue, type CryptoDepositRow } from './queries';

const OPEN: readonly string[] = [PaymentStatus.PENDING, PaymentStatus.PROCESSING];
const DUE_BATCH = 100;

/** The network of a crypto order, by its channel (an order without one is on TRON, the default USDT network). */
export function networkOfCollection(row: Pick<CollectionRow, 'channel'>): CryptoNetworkValue {
  return networkOfChannel(row.channel) ?? CryptoNetwork.TRON;
}

export function depositView(d: CryptoDepositRow, orderAmount: bigint, now: Date = new Date()): CryptoDepositView {
  const surplus = d.amount > orderAmount ? d.amount - orderAmount : 0n;
  return {
    network: d.network,
    chainTradeNo: d.chainTradeNo,
    payerAddress: d.payerAddress,
    amount: toMajorString(d.amount, CRYPTO_TOKEN),
    confirmations: d.confirmedAt ? d.required : sandboxConfirmations(d.sentAt, now, d.required),
    required: d.required,
    confirmed: d.confirmedAt !== null,
    surplus: toMajorString(surplus, CRYPTO_TOKEN),
    sentAt: d.sentAt.toISOString(),
  };
}

/** The sandbox wallet sends `amount` to a sandbox crypto order's deposit address: one transaction per order. */
export async function sendDeposit(db: Db, a: { merchantId: number; collectionId: string; amount: bigint; now?: Date }): Promise<{ row: CollectionRow; deposit: CryptoDepositRow }> {
  const now = a.now ?? new Date();
  const row = await getCollection(db, a.merchantId, a.collectionId);
  if (!row) throw notFound();
  if (row.paymentType !== PaymentType.CRYPTO || !row.paymentCode) throw new KeyedError('BUSINESS_RULE', 'crypto.notCryptoOrder');
  if (row.mode !== ApiKeyMode.SANDBOX) throw new KeyedError('BUSINESS_RULE', 'cashier.liveNotSupported');
  if (!OPEN.includes(row.status)) throw new KeyedError('BUSINESS_RULE', 'cashier.notPayable');
  if (a.amount <= 0n) throw fieldError('amount', 'collections.paidAmountInvalid', { labelOf: 'amount' });
  const network = networkOfCollection(row);
  const required = NETWORKS[network].confirmations;
  // It must be able to confirm before the order expires (the chain does not wait for our deadline).
  if (row.expiresAt.getTime() - now.getTime() < required * CRYPTO_SANDBOX_BLOCK_MS) throw new KeyedError('BUSINESS_RULE', 'cashier.expired');
  const hash = randomBytes(32).toString('hex');
  const chainTradeNo = network === CryptoNetwork.ETHEREUM ? `0x${hash}` : hash;
  const payerAddress = sandboxAddress(network, `payer:${row.id}`);
  return db.transaction(async (tx) => {
    const deposit = await insertDeposit(tx, { merchantId: row.merchantId, collectionId: row.id, network, chainTradeNo, payerAddress, amount: a.amount, required, sentAt: now });
    if (!deposit) throw new KeyedError('CONFLICT', 'crypto.depositSent');
    // The order shows what arrived (spec §3 crypto fields) and is processing while the confirmations come in.
    const updated = await updateCollection(tx, row, { payerAddress, chainTradeNo, status: PaymentStatus.PROCESSING, updatedAt: now });
    return { row: updated ?? row, deposit };
  });
}

/**
 * Pays the orders whose deposits have all their confirmations at `now`. An order no longer open (cancelled or
 * expired meanwhile) keeps its deposit confirmed and unpaid; the run goes on with the next.
 */
export async function confirmDueDeposits(db: Db, now: Date, opts: { publicUrl?: string; log?: FastifyBaseLogger } = {}): Promise<number> {
  let paid = 0;
  for (const d of await selectConfirmedDue(db, now, CRYPTO_SANDBOX_BLOCK_MS, DUE_BATCH)) {
    const order = await getCollection(db, d.merchantId, d.collectionId);
    if (order && OPEN.includes(order.status)) {
      try {
        await markCollectionPaid(db, { merchantId: d.merchantId, id: d.collectionId, paidAmount: d.amount < order.amount ? d.amount : order.amount, now, publicUrl: opts.publicUrl });
        paid++;
      } catch (e) {
        if (!isDomainError(e)) throw e;
        opts.log?.warn({ err: e, collectionId: d.collectionId }, 'confirmed deposit left its order unpaid');
      }
    }
    await markDepositConfirmed(db, d, now);
  }
  return paid;
}
