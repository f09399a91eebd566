/**
 * The crypto withdrawal address book (issue 13, spec §2 "crypto withdrawal addresses"): per network, with a label;
 * usable for payouts only after a cooling period, so a stolen session cannot add an address and empty the balance at
 * once. Crypto payout destinations derive from NETWORKS: one per payable network.
 */
import { z } from 'zod';
import { CRYPTO_NETWORKS, CRYPTO_TOKEN, NETWORKS, type CryptoNetworkValue } from './networks';

/** An address is usable for payouts this long after it was added. */
export const CRYPTO_ADDRESS_COOLING_HOURS = 24;
export const CRYPTO_ADDRESS_LABEL_MAX_LENGTH = 40;
/** Live (not deleted) addresses per merchant. */
export const CRYPTO_ADDRESSES_MAX = 50;
/** Minimum and maximum of one crypto payout, in USDT. */
export const CRYPTO_PAYOUT_LIMITS = { min: '10', max: '100000' } as const;

/** Networks a payout can go to (BTC is read only). */
export const PAYABLE_NETWORKS: readonly CryptoNetworkValue[] = CRYPTO_NETWORKS.filter((n) => NETWORKS[n].payable);

/** The payout destination code (`bankCode`) of a network: `USDT_TRC20`, `USDT_ERC20`. */
export function cryptoBankCode(network: CryptoNetworkValue): string {
  return `${CRYPTO_TOKEN}_${(NETWORKS[network].tokenStandard ?? network).replace('-', '')}`;
}

/** The network a crypto payout destination code goes to (undefined: not a crypto destination). */
export function networkOfBankCode(bankCode: string): CryptoNetworkValue | undefined {
  return PAYABLE_NETWORKS.find((n) => cryptoBankCode(n) === bankCode);
}

/** A withdrawal address as the dashboard shows it. */
export const cryptoAddressSchema = z.object({
  id: z.number(),
  network: z.enum(CRYPTO_NETWORKS as [CryptoNetworkValue, ...CryptoNetworkValue[]]),
  address: z.string(),
  label: z.string(),
  usable: z.boolean().describe('the cooling period is over'),
  usableAt: z.string().describe('ISO-8601: when the cooling period ends'),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CryptoAddressView = z.infer<typeof cryptoAddressSchema>;

const money = z.string().describe('decimal string in USDT');

/** `GET /api/crypto/assets`: the token's balances and, per network, what payouts hold in flight. */
export const cryptoAssetsSchema = z.object({
  token: z.string(),
  available: money,
  pending: money.describe('collected, not yet settled'),
  frozen: money.describe('held for payouts in flight: the sum of the networks’ inFlight'),
  networks: z.array(
    z.object({
      network: z.string(),
      name: z.string(),
      tokenStandard: z.string().nullable(),
      confirmations: z.number().int(),
      payoutFee: money.describe('network fee of one payout'),
      payable: z.boolean(),
      inFlight: money.describe('amount + fee of payouts waiting for review or for the chain'),
      inFlightCount: z.number().int(),
      confirming: money.describe('deposits received, waiting for their confirmations (not yet in pending)'),
      confirmingCount: z.number().int(),
    }),
  ),
});
export type CryptoAssetsView = z.infer<typeof cryptoAssetsSchema>;

/* Pay-in on the sandbox chain ------------------------------------------------------------------------------ */

/** The sandbox chain adds a confirmation this often (TRON's 20 take 20 s, Ethereum's 12 take 12 s). */
export const CRYPTO_SANDBOX_BLOCK_MS = 1_000;
/** The sandbox's confirmation job looks this often for deposits that have all their confirmations. */
export const CRYPTO_DEPOSIT_JOB_MS = 1_000;

/** What the payer's sandbox wallet sends: the order's amount, half of it, or a tenth more. */
export const DepositOutcome = { EXACT: 'exact', UNDER: 'under', OVER: 'over' } as const;
export type DepositOutcomeValue = (typeof DepositOutcome)[keyof typeof DepositOutcome];
export const DEPOSIT_OUTCOMES = Object.values(DepositOutcome);

const UNDER_DIVISOR = 2n;
const OVER_DIVISOR = 10n;

/** The amount (minor units) the sandbox wallet sends for an outcome. */
export function sandboxDepositAmount(orderAmount: bigint, outcome: DepositOutcomeValue): bigint {
  if (outcome === DepositOutcome.UNDER) return orderAmount / UNDER_DIVISOR > 0n ? orderAmount / UNDER_DIVISOR : 1n;
  if (outcome === DepositOutcome.OVER) return orderAmount + orderAmount / OVER_DIVISOR;
  return orderAmount;
}

/** Confirmations a deposit sent at `sentAt` has at `now` on the sandbox chain, up to what its network requires. */
export function sandboxConfirmations(sentAt: Date, now: Date, required: number): number {
  return Math.max(0, Math.min(required, Math.floor((now.getTime() - sentAt.getTime()) / CRYPTO_SANDBOX_BLOCK_MS)));
}

/** A deposit to an order's address as the cashier and the open API show it. */
export const cryptoDepositSchema = z.object({
  network: z.string(),
  chainTradeNo: z.string().describe('the transaction id on the chain'),
  payerAddress: z.string(),
  amount: money.describe('what arrived'),
  confirmations: z.number().int(),
  required: z.number().int(),
  confirmed: z.boolean().describe('all confirmations in: the order is paid (partly, when under-paid)'),
  surplus: money.describe('what arrived above the order amount (over-paid): not credited, the merchant returns it'),
  sentAt: z.string(),
});
export type CryptoDepositView = z.infer<typeof cryptoDepositSchema>;

/* History and the sandbox explorer --------------------------------------------------------------------------- */

export const ChainTxKind = { DEPOSIT: 'deposit', WITHDRAWAL: 'withdrawal' } as const;
export const ChainTxStatus = { CONFIRMING: 'confirming', CONFIRMED: 'confirmed', FAILED: 'failed' } as const;
export const CHAIN_TX_STATUS_COLORS: Readonly<Record<string, string>> = { confirming: 'gold', confirmed: 'green', failed: 'red' };
/** Rows of one page of the crypto history, and the deepest page (a year of a busy merchant). */
export const CRYPTO_HISTORY_PAGE_SIZE = 20;
export const CRYPTO_HISTORY_PAGE_MAX = 10_000;

/** A transaction on the sandbox chain as its explorer page shows it: public facts only (no merchant, no order). */
export const chainTxSchema = z.object({
  kind: z.enum([ChainTxKind.DEPOSIT, ChainTxKind.WITHDRAWAL]),
  network: z.string(),
  chainTradeNo: z.string(),
  from: z.string(),
  to: z.string(),
  token: z.string(),
  amount: money,
  confirmations: z.number().int(),
  required: z.number().int(),
  status: z.enum([ChainTxStatus.CONFIRMING, ChainTxStatus.CONFIRMED, ChainTxStatus.FAILED]),
  at: z.string().describe('ISO-8601: when it was broadcast'),
});
export type ChainTxView = z.infer<typeof chainTxSchema>;

/** One row of the merchant's crypto history: the transaction and the order it belongs to. */
export const cryptoHistoryRowSchema = chainTxSchema.extend({ orderId: z.string().describe('the collection (deposit) or payout (withdrawal)') });
export type CryptoHistoryRow = z.infer<typeof cryptoHistoryRowSchema>;

/** The sandbox explorer's page of a transaction (a page of ours: the sandbox chain has no public explorer). */
export function explorerPath(network: string, chainTradeNo: string): string {
  return `/explorer/${encodeURIComponent(network)}/tx/${encodeURIComponent(chainTradeNo)}`;
}
