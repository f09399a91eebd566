import { describe, expect, it } from 'vitest';
import {
  CRYPTO_NETWORKS,
  addressOf,
  CRYPTO_TOKEN_DECIMALS,
  DEFAULT_FEE_RULES,
  NETWORKS,
  PAYABLE_NETWORKS,
  PaymentType,
  Perm,
  ROLE_GRANTS,
  BRANDS,
  CRYPTO_BRAND_CODES,
  batchRowIssues,
  grantsOnBrand,
  checkCryptoAddress,
  cryptoBankCode,
  destinationIssues,
  fieldsOf,
  findPayoutDestination,
  flattenMenu,
  networkOfBankCode,
  payoutDestinationsOf,
  toChecksumAddress,
  translate,
} from '../src/index';

// EIP-55's own examples (https://eips.ethereum.org/EIPS/eip-55).
const EIP55 = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'];
// USDT's TRC-20 contract; Bitcoin's genesis address, a P2SH address and BIP-173 / BIP-350 examples.
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC = ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'];

/** The address with one character changed to another of the same alphabet (a typo). */
function typo(address: string, at: number, alphabet: string): string {
  const c = address[at] as string;
  const other = alphabet[(alphabet.indexOf(c) + 1) % alphabet.length] as string;
  return address.slice(0, at) + other + address.slice(at + 1);
}

describe('crypto networks', () => {
  it('USDT has 6 decimals; TRON needs 20 confirmations, Ethereum 12; BTC is read only', () => {
    expect(CRYPTO_TOKEN_DECIMALS).toBe(6);
    expect(NETWORKS.TRON.confirmations).toBe(20);
    expect(NETWORKS.ETH.confirmations).toBe(12);
    expect(CRYPTO_NETWORKS.filter((n) => NETWORKS[n].payable)).toEqual(['TRON', 'ETH']);
    for (const n of CRYPTO_NETWORKS) expect(checkCryptoAddress(n, NETWORKS[n].addressExample)).toMatchObject({ ok: true });
  });
});

describe('checkCryptoAddress', () => {
  it('accepts EIP-55 addresses and answers the checksummed form of an all-lower one', () => {
    for (const a of EIP55) {
      expect(checkCryptoAddress('ETH', a)).toEqual({ ok: true, address: a });
      expect(checkCryptoAddress('ETH', a.toLowerCase())).toEqual({ ok: true, address: a });
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    }
  });

  it('refuses a mixed-case Ethereum address whose case does not match its checksum', () => {
    const flipped = EIP55[0]!.replace('aA', 'Aa');
    expect(checkCryptoAddress('ETH', flipped)).toMatchObject({ ok: false, problem: 'checksum' });
  });

  it('accepts a TRON address and refuses any one-character typo in it by its checksum', () => {
    expect(checkCryptoAddress('TRON', TRON)).toEqual({ ok: true, address: TRON });
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (let i = 1; i < TRON.length; i++) {
      const r = checkCryptoAddress('TRON', typo(TRON, i, alphabet));
      expect(r.ok, `typo at ${i}`).toBe(false);
    }
  });

  it('accepts Bitcoin base58 and bech32 / bech32m addresses and refuses typos in them', () => {
    for (const a of BTC) expect(checkCryptoAddress('BTC', a), a).toMatchObject({ ok: true });
    expect(checkCryptoAddress('BTC', typo(BTC[0]!, 10, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'))).toMatchObject({ ok: false, problem: 'checksum' });
    expect(checkCryptoAddress('BTC', typo(BTC[2]!, 12, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'))).toMatchObject({ ok: false, problem: 'checksum' });
  });

  it('names the network an address belongs to when it is given for another: zero submissions to the wrong network', () => {
    const onEth = checkCryptoAddress('ETH', TRON);
    expect(onEth).toMatchObject({ ok: false, problem: 'otherNetwork', params: { other: NETWORKS.TRON.name, network: NETWORKS.ETH.name } });
    expect(checkCryptoAddress('TRON', EIP55[1]!)).toMatchObject({ ok: false, problem: 'otherNetwork', params: { other: NETWORKS.ETH.name } });
    expect(checkCryptoAddress('TRON', BTC[2]!)).toMatchObject({ ok: false, problem: 'otherNetwork' });
    if (onEth.ok) throw new Error('accepted');
    expect(translate('en-US', onEth.messageKey, onEth.params)).toBe('This address is on TRON (TRC-20), not Ethereum (ERC-20): choose the TRON (TRC-20) network or enter another address');
    expect(translate('pt-BR', onEth.messageKey, onEth.params)).toContain('TRON (TRC-20)');
  });

  it('refuses empty input and text of no network', () => {
    expect(checkCryptoAddress('TRON', '  ')).toMatchObject({ ok: false, problem: 'empty' });
    for (const n of CRYPTO_NETWORKS) {
      for (const bad of ['hello', '0x123', 'T123', '0x' + 'g'.repeat(40)]) expect(checkCryptoAddress(n, bad), `${n} ${bad}`).toMatchObject({ ok: false, problem: 'format' });
    }
  });
});

describe('crypto payout destinations (issue 13)', () => {
  it('USDT pays out on its payable networks only, the address being the one field, checked by its network', () => {
    expect(payoutDestinationsOf('USDT').map((d) => [d.bankCode, d.kind, d.channel])).toEqual([
      ['USDT_TRC20', 'crypto', NETWORKS.TRON.channel],
      ['USDT_ERC20', 'crypto', NETWORKS.ETH.channel],
    ]);
    const tron = findPayoutDestination('USDT', cryptoBankCode('TRON'));
    expect(tron && fieldsOf(tron)).toEqual(['accountNumber']);
    expect(networkOfBankCode('USDT_ERC20')).toBe('ETH');
    expect(networkOfBankCode('BCA')).toBeUndefined();
    expect(destinationIssues('USDT', 'USDT_TRC20', { accountNumber: TRON })).toEqual([]);
    expect(destinationIssues('USDT', 'USDT_ERC20', { accountNumber: TRON })).toEqual([
      expect.objectContaining({ field: 'accountNumber', key: 'crypto.address.otherNetwork' }),
    ]);
  });

  it('a batch file refuses crypto rows: they go one by one to whitelisted addresses', () => {
    const issues = batchRowIssues('USDT', { merchantOrderId: 'B-1', bankCode: 'USDT_TRC20', accountNumber: TRON, amount: '20' });
    expect(issues).toContainEqual({ column: 'bankCode', key: 'crypto.batchUnsupported' });
  });

  it('a payout costs its network fee by default (the fee rule of the network’s channel)', () => {
    for (const n of PAYABLE_NETWORKS) {
      expect(DEFAULT_FEE_RULES).toContainEqual(expect.objectContaining({ currency: 'USDT', paymentType: PaymentType.PAYOUT, channel: NETWORKS[n].channel, fixedFee: NETWORKS[n].payoutFee }));
    }
  });
});

describe('spec §6 crypto-brand variant', () => {
  const pagesOf = (role: keyof typeof ROLE_GRANTS) => flattenMenu().filter((m) => m.component && ROLE_GRANTS[role].includes(m.perm)).map((m) => m.path);

  it('admin: home, transaction and payout records, payment links, balance records, crypto assets, developer parameters and documentation', () => {
    expect(pagesOf('crypto_role_admin').sort()).toEqual(
      ['/dashboard/home', '/payment/collections', '/payment/payouts', '/payment/payment-links', '/funds/balance-records', '/funds/crypto', '/developer/parameters', '/document/document', '/account/security'].sort(),
    );
    expect(ROLE_GRANTS.crypto_role_admin).toContain(Perm.CRYPTO_ADDRESS_EDIT);
    expect(ROLE_GRANTS.crypto_role_admin).toContain(Perm.PAYOUT_REVIEW);
    expect(ROLE_GRANTS.crypto_role_admin).not.toContain(Perm.WITHDRAWAL_ADD);
  });

  it('operator: the same without developer parameters, documentation or the address book; read: exports only', () => {
    expect(pagesOf('crypto_role_operator').sort()).toEqual(pagesOf('crypto_role_admin').filter((p) => p !== '/developer/parameters' && p !== '/document/document').sort());
    expect(ROLE_GRANTS.crypto_role_operator).not.toContain(Perm.CRYPTO_ADDRESS_EDIT);
    expect(pagesOf('crypto_role_read').sort()).toEqual(['/account/security', '/payment/collections']);
    expect(ROLE_GRANTS.crypto_role_read).toContain(Perm.EXPORT);
  });

  it('fiat merchant roles have no crypto page', () => {
    for (const role of ['third_role_admin', 'third_role_operator', 'third_role_read'] as const) expect(ROLE_GRANTS[role]).not.toContain(Perm.CRYPTO_MENU);
  });

  it("role all holds the crypto codes on the crypto brand only: a fiat brand's session has none of them", () => {
    expect([...CRYPTO_BRAND_CODES].sort()).toEqual([Perm.CRYPTO_ADDRESS_EDIT, Perm.CRYPTO_MENU].sort());
    expect(ROLE_GRANTS.business).toEqual(expect.arrayContaining([Perm.CRYPTO_MENU, Perm.CRYPTO_ADDRESS_EDIT]));
    for (const brand of BRANDS) {
      const held = grantsOnBrand(ROLE_GRANTS.business, brand.value);
      if (brand.crypto) expect(held, brand.value).toEqual(ROLE_GRANTS.business);
      else expect(held, brand.value).toEqual(ROLE_GRANTS.business.filter((c) => c !== Perm.CRYPTO_MENU && c !== Perm.CRYPTO_ADDRESS_EDIT));
    }
    expect(grantsOnBrand(ROLE_GRANTS.crypto_role_admin, 'coinrail')).toContain(Perm.CRYPTO_ADDRESS_EDIT);
    expect(grantsOnBrand(ROLE_GRANTS.business, 'no-such-brand')).not.toContain(Perm.CRYPTO_MENU);
  });
});

describe('deposit addresses of the sandbox chain', () => {
  it('a 20-byte key hash gives an address its network accepts, checksum included', () => {
    for (let seed = 0; seed < 50; seed++) {
      const key = Uint8Array.from({ length: 20 }, (_, i) => (seed * 31 + i * 7) % 256);
      for (const n of CRYPTO_NETWORKS) expect(checkCryptoAddress(n, addressOf(n, key)), `${n} ${seed}`).toMatchObject({ ok: true, address: addressOf(n, key) });
    }
    expect(addressOf('TRON', new Uint8Array(20))).toMatch(/^T/);
    expect(() => addressOf('ETH', new Uint8Array(19))).toThrow();
  });
});
