/**
 * Crypto assets (issue 13): networks, the token and address checks shared by forms, the open API and the server; the
 * withdrawal address book; the crypto assets page of spec §6's crypto-brand variant.
 */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { CRYPTO_PERM } from './perm';

export * from './networks';
export * from './address';
export * from './perm';
export * from './vocabulary';
export * from './calls';

const PAGE = '/funds/crypto';

export const cryptoArea = defineArea({
  name: 'crypto',
  perm: CRYPTO_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 11, path: PAGE, name: 'funds-crypto', component: 'crypto/CryptoAssets', titleKey: 'crypto.menu', icon: 'WalletOutlined', perm: CRYPTO_PERM.CRYPTO_MENU, tiers: [GrantTier.CRYPTO], keepAlive: true }],
  permissions: [button(CRYPTO_PERM.CRYPTO_ADDRESS_EDIT, 'crypto.perm.address', PAGE, [GrantTier.CRYPTO_ADDRESSES])],
  // Fiat brands' roles have no crypto (issue 39): role all on lumipay is granted these codes, its sessions hold none.
  cryptoBrandsOnly: true,
});
