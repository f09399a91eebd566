/** SQL of the balance records: entries of the merchant's own ledger accounts with their transfer (ledger/queries join). */
import { MERCHANT_ACCOUNT_KINDS, balanceRecordsList, toMajorString, type CurrencyCode, type LedgerFlow, type ListRecord } from '@mg/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../db/schema';
import { createdBetween, newestFirst, listRange } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, scopeWhere } from '../auth/scope';
import { counterpartyKey, selectCounterparties } from '../balance-transfers/queries';
import { entriesFrom, entryFee, selectEntries } from '../ledger/queries';

const BALANCE_TRANSFER_FLOW: LedgerFlow = 'balance_transfer';

export type BalanceRecord = ListRecord<typeof balanceRecordsList>;

const FIELDS = {
  id: ledgerEntry.id,
  merchantId: ledgerEntry.merchantId,
  transferId: ledgerEntry.transferId,
  currency: ledgerEntry.currency,
  kind: ledgerAccount.kind,
  flow: ledgerTransfer.flow,
  actionType: ledgerTransfer.actionType,
  reference: ledgerTransfer.reference,
  amount: ledgerEntry.amount,
  fee: entryFee,
  balanceBefore: ledgerEntry.balanceBefore,
  balanceAfter: ledgerEntry.balanceAfter,
  createdAt: ledgerEntry.createdAt,
};

export const balanceRecordsSource = pagedSource({
  list: balanceRecordsList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    const range = listRange(balanceRecordsList, q, ctx);
    return and(
      scopeWhere(ledgerEntry.merchantId, ctx.scope),
      inArray(ledgerAccount.kind, q.account?.length ? q.account : [...MERCHANT_ACCOUNT_KINDS]),
      createdBetween(ledgerEntry.createdAt, range),
      q.actionType?.length ? inArray(ledgerTransfer.actionType, q.actionType) : undefined,
      q.reference !== undefined ? eq(ledgerTransfer.reference, q.reference) : undefined,
      currency ? eq(ledgerEntry.currency, currency) : undefined,
    );
  },
  order: newestFirst(ledgerEntry, ledgerEntry.createdAt, ledgerEntry.id, Number),
  sort: { createdAt: ledgerEntry.createdAt, createTime: ledgerEntry.createdAt },
  countFrom: entriesFrom,
  read: async (db, where, o) => {
    const rows = await selectEntries(db, FIELDS).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
    const transfers = rows.filter((e) => e.flow === BALANCE_TRANSFER_FLOW).map((e) => ({ merchantId: e.merchantId, id: e.reference }));
    const parties = await selectCounterparties(db, transfers);
    return rows.map((e): BalanceRecord => {
      const party = e.flow === BALANCE_TRANSFER_FLOW ? parties.get(counterpartyKey(e.merchantId, e.reference)) : undefined;
      const money = (v: bigint) => toMajorString(v, e.currency as CurrencyCode);
      return {
        id: e.id,
        merchantId: e.merchantId,
        transferId: e.transferId,
        actionType: e.actionType,
        flow: e.flow,
        account: e.kind,
        reference: e.reference,
        counterparty: party ? `${party.name} (${party.id})` : null,
        amount: money(e.amount),
        fee: money(e.fee),
        balanceBefore: money(e.balanceBefore),
        balanceAfter: money(e.balanceAfter),
        currency: e.currency,
        createdAt: e.createdAt.toISOString(),
      };
    });
  },
});
