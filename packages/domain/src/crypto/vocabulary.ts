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
    }),
  ),
});
export type CryptoAssetsView = z.infer<typeof cryptoAssetsSchema>;
