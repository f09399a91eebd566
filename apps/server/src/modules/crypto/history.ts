/**
 * The crypto history (issue 13): deposits to the merchant's orders and its crypto payouts as chain transactions, and
 * the sandbox explorer's page of one transaction. Confirmations are computed as the cashier computes them (blocks
 * since the broadcast, up to the network's count); a payout is confirmed when the chain answered it.
 */
import {
  CRYPTO_TOKEN,
  ChainTxKind,
  ChainTxStatus,
  NETWORKS,
  PAYABLE_NETWORKS,
  PayoutStatus,
  cryptoBankCode,
  isCryptoNetwork,
  networkOfBankCode,
  sandboxConfirmations,
  toMajorString,
  type ChainTxView,
  type CryptoHistoryRow,
  type CryptoNetworkValue,
} from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { sandboxAddress } from '../channels/sandbox';
import { selectChainTx, selectHistory, type ChainTxRow } from './queries';

const CRYPTO_BANK_CODES = PAYABLE_NETWORKS.map(cryptoBankCode);

/** The platform's sandbox hot wallet on a network: where crypto payouts are sent from. */
export function hotWalletOf(network: CryptoNetworkValue): string {
  return sandboxAddress(network, `hot-wallet:${network}`);
}

function viewOf(r: ChainTxRow, now: Date): ChainTxView & { orderId: string } {
  const network = (r.network && isCryptoNetwork(r.network) ? r.network : r.bankCode ? networkOfBankCode(r.bankCode) : undefined) ?? 'TRON';
  const required = r.required ?? NETWORKS[network].confirmations;
  const failed = r.kind === ChainTxKind.WITHDRAWAL && r.payoutStatus === PayoutStatus.FAILED;
  const confirmed = r.kind === ChainTxKind.DEPOSIT ? r.confirmedAt !== null : r.payoutStatus === PayoutStatus.SUCCESS;
  return {
    kind: r.kind,
    network,
    chainTradeNo: r.chainTradeNo,
    from: r.from ?? hotWalletOf(network),
    to: r.to,
    token: CRYPTO_TOKEN,
    amount: toMajorString(r.amount, CRYPTO_TOKEN),
    confirmations: confirmed ? required : failed ? 0 : Math.min(required - 1, sandboxConfirmations(r.at, now, required)),
    required,
    status: failed ? ChainTxStatus.FAILED : confirmed ? ChainTxStatus.CONFIRMED : ChainTxStatus.CONFIRMING,
    at: r.at.toISOString(),
    orderId: r.orderId,
  };
}

export async function historyOf(db: DbLike, merchantId: number, page: { pageNo: number; pageSize: number }, now: Date = new Date()): Promise<{ records: CryptoHistoryRow[]; total: number }> {
  const { rows, total } = await selectHistory(db, merchantId, CRYPTO_BANK_CODES, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize });
  return { records: rows.map((r) => viewOf(r, now)), total };
}

/** The explorer's page: public facts only (no order, no merchant). Undefined: no sandbox transaction has that id. */
export async function chainTxOf(db: DbLike, chainTradeNo: string, now: Date = new Date()): Promise<ChainTxView | undefined> {
  const r = await selectChainTx(db, chainTradeNo, CRYPTO_BANK_CODES);
  if (!r) return undefined;
  const { orderId: _order, ...view } = viewOf(r, now);
  return view;
}
