/**
 * Crypto networks as data (issue 13): which chains carry USDT here, how their addresses look, how many
 * confirmations a deposit needs before it counts, and what sending costs. The forms, the open API and the sandbox
 * chain read these; nothing repeats them.
 */
import { CURRENCIES } from '../currencies';

export const CryptoNetwork = { TRON: 'TRON', ETHEREUM: 'ETH', BITCOIN: 'BTC' } as const;
export type CryptoNetworkValue = (typeof CryptoNetwork)[keyof typeof CryptoNetwork];

/** The address formats of the networks (./address.ts checks them). */
export const AddressFormat = { TRON_BASE58: 'tron-base58check', ETH_HEX: 'eth-hex-eip55', BTC: 'btc-base58check-bech32' } as const;
export type AddressFormatValue = (typeof AddressFormat)[keyof typeof AddressFormat];

export interface NetworkDecl {
  network: CryptoNetworkValue;
  name: string;
  /** The token standard USDT uses on it; null where USDT is not carried (BTC is shown for reading only). */
  tokenStandard: 'TRC-20' | 'ERC-20' | null;
  /** The channel code of the domain catalogue (channels.ts). */
  channel: number;
  addressFormat: AddressFormatValue;
  /** Confirmations before a deposit counts (configurable per deployment; these are the defaults). */
  confirmations: number;
  /** Network fee of a payout, in USDT (major units, the currency's decimals). */
  payoutFee: string;
  /** Pay-in and pay-out run on it; false: balances and history are read only. */
  payable: boolean;
  /** What an address looks like, for placeholders and documentation. */
  addressExample: string;
}

export const CRYPTO_TOKEN = 'USDT' as const;
/** USDT's decimals, from the currency catalogue (6). */
export const CRYPTO_TOKEN_DECIMALS = CURRENCIES[CRYPTO_TOKEN].decimals;

export const NETWORKS: Readonly<Record<CryptoNetworkValue, NetworkDecl>> = {
  TRON: {
    network: CryptoNetwork.TRON,
    name: 'TRON (TRC-20)',
    tokenStandard: 'TRC-20',
    channel: 60,
    addressFormat: AddressFormat.TRON_BASE58,
    confirmations: 20,
    payoutFee: '1.000000',
    payable: true,
    addressExample: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  },
  ETH: {
    network: CryptoNetwork.ETHEREUM,
    name: 'Ethereum (ERC-20)',
    tokenStandard: 'ERC-20',
    channel: 61,
    addressFormat: AddressFormat.ETH_HEX,
    confirmations: 12,
    payoutFee: '5.000000',
    payable: true,
    addressExample: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  },
  BTC: {
    network: CryptoNetwork.BITCOIN,
    name: 'Bitcoin',
    tokenStandard: null,
    channel: 62,
    addressFormat: AddressFormat.BTC,
    confirmations: 3,
    payoutFee: '0.000000',
    payable: false,
    addressExample: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
};

export const CRYPTO_NETWORKS: readonly CryptoNetworkValue[] = Object.keys(NETWORKS) as CryptoNetworkValue[];

export function isCryptoNetwork(v: unknown): v is CryptoNetworkValue {
  return typeof v === 'string' && Object.hasOwn(NETWORKS, v);
}

/** The network a channel code carries (undefined: not a crypto channel). */
export function networkOfChannel(channel: number | null | undefined): CryptoNetworkValue | undefined {
  return CRYPTO_NETWORKS.find((n) => NETWORKS[n].channel === channel);
}

/** A network's display name ("TRON (TRC-20)"); an unknown value as it is. */
export function networkName(value: string): string {
  return isCryptoNetwork(value) ? NETWORKS[value].name : value;
}
