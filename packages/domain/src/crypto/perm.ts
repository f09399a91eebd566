/** Permission codes of the crypto area. */
export const CRYPTO_PERM = {
  /** The crypto assets page: balances per asset, networks, withdrawal addresses (spec §6 crypto variant). */
  CRYPTO_MENU: 'crypto:menu',
  /** Adding and deleting withdrawal addresses: the crypto admin's (GrantTier.CRYPTO_ADDRESSES). */
  CRYPTO_ADDRESS_EDIT: 'crypto:address',
} as const;
