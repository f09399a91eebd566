/**
 * Where a payout can go, per currency: the banks and e-wallets each country really uses, the fields each needs and
 * how each field is checked. One catalogue feeds the open API (`GET /payouts/banks`), the dashboard form, the batch
 * template and the server's validation, so a code or a rule never differs between them. USDT pays out on its payable
 * networks (issue 13), to an address checked by its network's checksum and, on the server, whitelisted past its
 * cooling period.
 */
import type { CurrencyCode } from '../currencies';
import { checkCryptoAddress } from '../crypto/address';
import { CRYPTO_TOKEN, NETWORKS, type CryptoNetworkValue } from '../crypto/networks';
import { CRYPTO_PAYOUT_LIMITS, PAYABLE_NETWORKS, cryptoBankCode, networkOfBankCode } from '../crypto/vocabulary';
import { isValidBrazilDocument, isValidClabe, isValidCnpj, isValidCpf, isValidIfsc } from './checksums';

export const DestinationKind = { BANK: 'bank', EWALLET: 'ewallet', CRYPTO: 'crypto' } as const;
export type DestinationKindValue = (typeof DestinationKind)[keyof typeof DestinationKind];

/** The request fields of a destination beyond amount and currency (spec §3 names accountType, documentId, bankAgency). */
export const PAYOUT_DESTINATION_FIELDS = ['accountName', 'accountNumber', 'accountType', 'documentId', 'bankAgency', 'pixKeyType'] as const;
export type PayoutDestinationField = (typeof PAYOUT_DESTINATION_FIELDS)[number];

export const BankAccountType = { CHECKING: 'checking', SAVINGS: 'savings' } as const;
export const BANK_ACCOUNT_TYPES = Object.values(BankAccountType);
export const PixKeyType = { CPF: 'cpf', CNPJ: 'cnpj', EMAIL: 'email', PHONE: 'phone', EVP: 'evp' } as const;
export const PIX_KEY_TYPES = Object.values(PixKeyType);

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** How the account number of a destination is checked. */
export type AccountRule =
  | { kind: 'digits'; min: number; max: number }
  /** A phone number of the country: starts with `prefix`, digits only, `min`..`max` long (spec §5: IDR wallets 08). */
  | { kind: 'phone'; prefix: string; min: number; max: number }
  | { kind: 'clabe' }
  | { kind: 'iban'; country: string; length: number }
  | { kind: 'upi' }
  /** A PIX key, checked by its `pixKeyType`. */
  | { kind: 'pix' }
  /** An address on a crypto network, checked by the network's format and checksum. */
  | { kind: 'crypto'; network: CryptoNetworkValue };

export interface PayoutDestination {
  /** Stable code integrators send as `bankCode`. */
  bankCode: string;
  name: string;
  kind: DestinationKindValue;
  /** The payout channel it goes through (domain CHANNELS). */
  channel: number;
  account: AccountRule;
  /** Fields the payout must carry, besides accountNumber and accountName, which every destination needs. */
  extra: readonly Exclude<PayoutDestinationField, 'accountName' | 'accountNumber'>[];
  /** i18n key of the account number's label when it is not a plain account number (phone, CLABE, PIX key ...). */
  accountLabel?: string;
  /** i18n key of the branch field's label when it is not a plain branch (IFSC, Japanese branch code). */
  agencyLabel?: string;
  /** Per payout, major units of the currency. */
  minAmount: string;
  maxAmount: string;
}

/** The generic payout bank-transfer channel (domain CHANNELS 100) and the wallets' own channel codes. */
const BANK_CHANNEL = 100;

function bank(bankCode: string, name: string, account: AccountRule, limits: [string, string], extra: PayoutDestination['extra'] = [], accountLabel?: string): PayoutDestination {
  const d: PayoutDestination = { bankCode, name, kind: DestinationKind.BANK, channel: BANK_CHANNEL, account, extra, minAmount: limits[0], maxAmount: limits[1] };
  if (accountLabel) d.accountLabel = accountLabel;
  return d;
}
function wallet(bankCode: string, name: string, channel: number, account: AccountRule, limits: [string, string], accountLabel = 'payouts.fields.walletPhone'): PayoutDestination {
  return { bankCode, name, kind: DestinationKind.EWALLET, channel, account, extra: [], accountLabel, minAmount: limits[0], maxAmount: limits[1] };
}

/** USDT on a network: the address is the account; its label comes from the merchant's address book. */
function cryptoDestination(network: CryptoNetworkValue): PayoutDestination {
  return {
    bankCode: cryptoBankCode(network),
    name: `${CRYPTO_TOKEN} ${NETWORKS[network].name}`,
    kind: DestinationKind.CRYPTO,
    channel: NETWORKS[network].channel,
    account: { kind: 'crypto', network },
    extra: [],
    accountLabel: 'crypto.fields.address',
    minAmount: CRYPTO_PAYOUT_LIMITS.min,
    maxAmount: CRYPTO_PAYOUT_LIMITS.max,
  };
}

const digits = (min: number, max: number): AccountRule => ({ kind: 'digits', min, max });
const phone = (prefix: string, min: number, max: number): AccountRule => ({ kind: 'phone', prefix, min, max });

const IDR: [string, string] = ['10000', '500000000'];
const IDR_WALLET: [string, string] = ['10000', '20000000'];
const BR = ['accountType', 'documentId', 'bankAgency'] as const;

export const PAYOUT_DESTINATIONS: Readonly<Partial<Record<CurrencyCode, readonly PayoutDestination[]>>> = {
  IDR: [
    bank('BCA', 'Bank Central Asia', digits(10, 10), IDR),
    bank('MANDIRI', 'Bank Mandiri', digits(13, 13), IDR),
    bank('BNI', 'Bank Negara Indonesia', digits(10, 10), IDR),
    bank('BRI', 'Bank Rakyat Indonesia', digits(15, 15), IDR),
    bank('PERMATA', 'Bank Permata', digits(10, 16), IDR),
    wallet('OVO', 'OVO', 6, phone('08', 10, 13), IDR_WALLET),
    wallet('DANA', 'DANA', 7, phone('08', 10, 13), IDR_WALLET),
    wallet('GOPAY', 'GoPay', 8, phone('08', 10, 13), IDR_WALLET),
  ],
  THB: [
    bank('KBANK', 'Kasikornbank', digits(10, 10), ['20', '2000000']),
    bank('SCB', 'Siam Commercial Bank', digits(10, 10), ['20', '2000000']),
    bank('BBL', 'Bangkok Bank', digits(10, 10), ['20', '2000000']),
    wallet('PROMPTPAY', 'PromptPay', 20, phone('0', 10, 10), ['1', '100000'], 'payouts.fields.promptPayId'),
  ],
  PHP: [
    bank('BDO', 'BDO Unibank', digits(10, 12), ['50', '1000000']),
    bank('BPI', 'Bank of the Philippine Islands', digits(10, 10), ['50', '1000000']),
    wallet('GCASH', 'GCash', 30, phone('09', 11, 11), ['1', '100000']),
    wallet('MAYA', 'Maya', 31, phone('09', 11, 11), ['1', '100000']),
  ],
  MYR: [
    bank('MAYBANK', 'Maybank', digits(12, 12), ['10', '500000']),
    bank('CIMB', 'CIMB Bank', digits(10, 14), ['10', '500000']),
    wallet('TNG', "Touch 'n Go eWallet", 37, phone('01', 10, 11), ['1', '5000']),
  ],
  VND: [
    bank('VCB', 'Vietcombank', digits(13, 13), ['10000', '500000000']),
    bank('TCB', 'Techcombank', digits(8, 14), ['10000', '500000000']),
    wallet('MOMO', 'MoMo', 42, phone('0', 10, 10), ['10000', '50000000']),
  ],
  MMK: [
    bank('KBZ', 'KBZ Bank', digits(17, 17), ['1000', '50000000']),
    wallet('KBZPAY', 'KBZPay', 46, phone('09', 9, 11), ['1000', '5000000']),
  ],
  MXN: [
    bank('BBVA_MX', 'BBVA México', { kind: 'clabe' }, ['1', '1000000'], [], 'payouts.fields.clabe'),
    bank('BANORTE', 'Banorte', { kind: 'clabe' }, ['1', '1000000'], [], 'payouts.fields.clabe'),
    bank('SANTANDER_MX', 'Santander México', { kind: 'clabe' }, ['1', '1000000'], [], 'payouts.fields.clabe'),
  ],
  BRL: [
    bank('ITAU', 'Itaú Unibanco', digits(5, 12), ['1', '200000'], BR),
    bank('BRADESCO', 'Bradesco', digits(5, 12), ['1', '200000'], BR),
    bank('NUBANK', 'Nu Pagamentos', digits(5, 12), ['1', '200000'], BR),
    { ...bank('PIX', 'PIX', { kind: 'pix' }, ['0.01', '200000'], ['pixKeyType', 'documentId'], 'payouts.fields.pixKey'), channel: 53 },
  ],
  PKR: [
    bank('HBL', 'Habib Bank Limited', { kind: 'iban', country: 'PK', length: 24 }, ['100', '5000000'], [], 'payouts.fields.iban'),
    bank('MEEZAN', 'Meezan Bank', { kind: 'iban', country: 'PK', length: 24 }, ['100', '5000000'], [], 'payouts.fields.iban'),
    wallet('JAZZCASH', 'JazzCash', 56, phone('03', 11, 11), ['100', '500000']),
    wallet('EASYPAISA', 'Easypaisa', 57, phone('03', 11, 11), ['100', '500000']),
  ],
  INR: [
    { ...bank('SBI', 'State Bank of India', digits(9, 18), ['1', '1000000'], ['bankAgency']), agencyLabel: 'payouts.fields.ifsc' },
    { ...bank('HDFC', 'HDFC Bank', digits(9, 18), ['1', '1000000'], ['bankAgency']), agencyLabel: 'payouts.fields.ifsc' },
    wallet('UPI', 'UPI', 64, { kind: 'upi' }, ['1', '100000'], 'payouts.fields.upiId'),
  ],
  COP: [
    bank('BANCOLOMBIA', 'Bancolombia', digits(11, 11), ['1000', '50000000'], ['accountType', 'documentId']),
    bank('DAVIVIENDA', 'Davivienda', digits(12, 12), ['1000', '50000000'], ['accountType', 'documentId']),
    wallet('NEQUI', 'Nequi', 69, phone('3', 10, 10), ['1000', '8000000']),
  ],
  BND: [bank('BIBD', 'Bank Islam Brunei Darussalam', digits(10, 14), ['1', '100000'])],
  SGD: [
    bank('DBS', 'DBS Bank', digits(10, 10), ['1', '200000']),
    bank('OCBC', 'OCBC Bank', digits(10, 12), ['1', '200000']),
    wallet('PAYNOW', 'PayNow', 71, phone('8', 8, 8), ['1', '200000'], 'payouts.fields.payNowPhone'),
  ],
  JPY: [
    { ...bank('MUFG', 'MUFG Bank', digits(7, 7), ['1', '1000000'], ['accountType', 'bankAgency']), agencyLabel: 'payouts.fields.branchCode' },
    { ...bank('SMBC', 'Sumitomo Mitsui Banking', digits(7, 7), ['1', '1000000'], ['accountType', 'bankAgency']), agencyLabel: 'payouts.fields.branchCode' },
  ],
  KRW: [
    bank('KB', 'KB Kookmin Bank', digits(12, 14), ['1000', '50000000']),
    bank('SHINHAN', 'Shinhan Bank', digits(11, 12), ['1000', '50000000']),
  ],
  USDT: PAYABLE_NETWORKS.map(cryptoDestination),
};

export function payoutDestinationsOf(currency: CurrencyCode): readonly PayoutDestination[] {
  return PAYOUT_DESTINATIONS[currency] ?? [];
}

export function findPayoutDestination(currency: CurrencyCode, bankCode: string): PayoutDestination | undefined {
  return payoutDestinationsOf(currency).find((d) => d.bankCode === bankCode);
}

/**
 * How a destination code reads in a list (ColumnKind.DESTINATION, screen and export alike): a crypto network by the
 * token and the standard it pays on ("USDT · TRC-20", not the code `USDT_TRC20`), a bank or wallet by the code the
 * merchant sent (BCA, OVO). Names, like channel and brand names: the same in every language.
 */
export function payoutDestinationLabel(bankCode: string): string {
  const network = networkOfBankCode(bankCode);
  const standard = network ? NETWORKS[network].tokenStandard : null;
  return standard ? `${CRYPTO_TOKEN} · ${standard}` : bankCode;
}

/** Currencies that can be paid out in this area (fiat with destinations). */
export const PAYOUT_CURRENCIES = (Object.keys(PAYOUT_DESTINATIONS) as CurrencyCode[]).filter((c) => payoutDestinationsOf(c).length > 0);

/** A destination as the payout asks for it: the fields the destination needs, trimmed. */
export interface DestinationInput {
  accountName?: string | null;
  accountNumber?: string | null;
  accountType?: string | null;
  documentId?: string | null;
  bankAgency?: string | null;
  pixKeyType?: string | null;
}

/** One problem of a field: the i18n key  and its parameters. */
export interface DestinationIssue {
  field: PayoutDestinationField | 'bankCode';
  key: string;
  params?: Record<string, string | number>;
}

/** The fields a destination shows and needs, in form order. */
export function fieldsOf(d: PayoutDestination): PayoutDestinationField[] {
  if (d.kind === DestinationKind.CRYPTO) return ['accountNumber'];
  const pixFirst = d.extra.includes('pixKeyType') ? (['pixKeyType'] as const) : [];
  return [...pixFirst, 'accountNumber', 'accountName', ...d.extra.filter((f) => f !== 'pixKeyType')];
}

/** The i18n key of a field's label at this destination (a wallet's account number is its phone, India's branch its IFSC). */
export function fieldLabelKey(d: PayoutDestination | undefined, field: PayoutDestinationField): string {
  if (field === 'accountNumber' && d?.accountLabel) return d.accountLabel;
  if (field === 'bankAgency' && d?.agencyLabel) return d.agencyLabel;
  return `payouts.fields.${field}`;
}

/** Document ids: Brazil CPF or CNPJ with their check digits; Colombia 6-10 digits (cédula or NIT without check). */
function documentIssue(currency: CurrencyCode, v: string): string | null {
  if (currency === 'BRL') return isValidBrazilDocument(v) ? null : 'payouts.validation.documentIdBrazil';
  return /^\d{6,10}$/.test(v) ? null : 'payouts.validation.documentIdDigits';
}

function agencyIssue(currency: CurrencyCode, v: string): string | null {
  if (currency === 'INR') return isValidIfsc(v) ? null : 'payouts.validation.ifsc';
  if (currency === 'JPY') return /^\d{3}$/.test(v) ? null : 'payouts.validation.branchCode';
  return /^\d{4}(-?\d)?$/.test(v) ? null : 'payouts.validation.bankAgency';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pixIssue(keyType: string, v: string): DestinationIssue | null {
  const ok =
    keyType === PixKeyType.CPF ? isValidCpf(v)
    : keyType === PixKeyType.CNPJ ? isValidCnpj(v)
    : keyType === PixKeyType.EMAIL ? EMAIL.test(v) && v.length <= 77
    : keyType === PixKeyType.PHONE ? /^\+55\d{10,11}$/.test(v)
    : keyType === PixKeyType.EVP ? EVP.test(v)
    : true;
  return ok ? null : { field: 'accountNumber', key: `payouts.validation.pixKey.${keyType}` };
}

function accountIssue(d: PayoutDestination, v: string, input: DestinationInput): DestinationIssue | null {
  const r = d.account;
  const issue = (key: string, params?: Record<string, string | number>): DestinationIssue => ({ field: 'accountNumber', key, ...(params ? { params } : {}) });
  switch (r.kind) {
    case 'digits':
      if (!/^\d+$/.test(v)) return issue('payouts.validation.digitsOnly');
      if (v.length < r.min || v.length > r.max) return issue(r.min === r.max ? 'payouts.validation.exactLength' : 'payouts.validation.lengthBetween', { min: r.min, max: r.max });
      return null;
    case 'phone':
      if (!/^\d+$/.test(v)) return issue('payouts.validation.digitsOnly');
      if (!v.startsWith(r.prefix)) return issue('payouts.validation.phonePrefix', { prefix: r.prefix });
      if (v.length < r.min || v.length > r.max) return issue(r.min === r.max ? 'payouts.validation.exactLength' : 'payouts.validation.lengthBetween', { min: r.min, max: r.max });
      return null;
    case 'clabe':
      if (!/^\d{18}$/.test(v)) return issue('payouts.validation.clabeLength');
      return isValidClabe(v) ? null : issue('payouts.validation.clabeCheckDigit');
    case 'iban':
      return v.length === r.length && v.startsWith(r.country) && /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(v) ? null : issue('payouts.validation.iban', { country: r.country, length: r.length });
    case 'upi':
      return /^[A-Za-z0-9.\-_]{2,64}@[A-Za-z]{2,32}$/.test(v) ? null : issue('payouts.validation.upiId');
    case 'pix':
      return input.pixKeyType ? pixIssue(input.pixKeyType, v) : null;
    case 'crypto': {
      const c = checkCryptoAddress(r.network, v);
      return c.ok ? null : issue(c.messageKey, c.params);
    }
  }
}

/**
 * Every problem of a destination, field by field (empty: valid). Pure: the server refuses with the first, the
 * form and the batch preview show them all.
 */
export function destinationIssues(currency: CurrencyCode, bankCode: string, input: DestinationInput): DestinationIssue[] {
  const d = findPayoutDestination(currency, bankCode);
  if (!d) return [{ field: 'bankCode', key: 'payouts.validation.bankCodeUnknown', params: { currency } }];
  const out: DestinationIssue[] = [];
  const val = (f: PayoutDestinationField) => (input[f] ?? '').trim();
  for (const f of fieldsOf(d)) {
    const v = val(f);
    if (v === '') {
      out.push({ field: f, key: 'payouts.validation.required' });
      continue;
    }
    if (f === 'accountName' && v.length > ACCOUNT_NAME_MAX_LENGTH) out.push({ field: f, key: 'payouts.validation.tooLong', params: { max: ACCOUNT_NAME_MAX_LENGTH } });
    if (f === 'accountType' && !(BANK_ACCOUNT_TYPES as string[]).includes(v)) out.push({ field: f, key: 'payouts.validation.accountType' });
    if (f === 'pixKeyType' && !(PIX_KEY_TYPES as string[]).includes(v)) out.push({ field: f, key: 'payouts.validation.pixKeyType' });
    if (f === 'documentId') {
      const k = documentIssue(currency, v);
      if (k) out.push({ field: f, key: k });
    }
    if (f === 'bankAgency') {
      const k = agencyIssue(currency, v);
      if (k) out.push({ field: f, key: k });
    }
    if (f === 'accountNumber') {
      const i = accountIssue(d, v, input);
      if (i) out.push(i);
    }
  }
  return out;
}
