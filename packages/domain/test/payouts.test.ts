import { describe, expect, it } from 'vitest';
import {
  CHANNELS,
  PAYOUT_DESTINATIONS,
  PAYOUT_STATUS,
  CURRENCY_CODES,
  accountRuleText,
  batchAmountRule,
  batchColumnsOf,
  batchDestinationsOf,
  batchExampleRow,
  batchRowIssues,
  destinationIssues,
  fieldRuleText,
  isBatchCurrency,
  translate,
  isValidClabe,
  isValidCnpj,
  isValidCpf,
  isValidIfsc,
  parseAmount,
  payoutSandboxOutcome,
  payoutShownFee,
  type CurrencyCode,
} from '../src';

describe('payout destination checks', () => {
  it('checks Brazilian CPF and CNPJ check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
  });

  it('checks the Mexican CLABE check digit and the Indian IFSC', () => {
    expect(isValidClabe('002010077777777771')).toBe(true);
    expect(isValidClabe('002010077777777772')).toBe(false);
    expect(isValidClabe('00201007777777777')).toBe(false);
    expect(isValidIfsc('SBIN0001234')).toBe(true);
    expect(isValidIfsc('SBIN1001234')).toBe(false);
  });

  it('names the field and the rule of each problem', () => {
    expect(destinationIssues('IDR', 'OVO', { accountName: 'Budi', accountNumber: '0712345678' })).toEqual([
      { field: 'accountNumber', key: 'payouts.validation.phonePrefix', params: { prefix: '08' } },
    ]);
    expect(destinationIssues('IDR', 'BCA', { accountName: '', accountNumber: '12345' }).map((i) => [i.field, i.key])).toEqual([
      ['accountNumber', 'payouts.validation.exactLength'],
      ['accountName', 'payouts.validation.required'],
    ]);
    expect(destinationIssues('IDR', 'NOPE', {})[0]?.field).toBe('bankCode');
    expect(destinationIssues('MXN', 'BBVA_MX', { accountName: 'Ana', accountNumber: '002010077777777772' })[0]?.key).toBe('payouts.validation.clabeCheckDigit');
    expect(destinationIssues('BRL', 'ITAU', { accountName: 'Ana', accountNumber: '123456', accountType: 'savings', documentId: '52998224726', bankAgency: '0001' })).toEqual([
      { field: 'documentId', key: 'payouts.validation.documentIdBrazil' },
    ]);
    expect(destinationIssues('BRL', 'PIX', { accountName: 'Ana', accountNumber: 'ana@example.com', pixKeyType: 'email', documentId: '52998224725' })).toEqual([]);
    expect(destinationIssues('INR', 'SBI', { accountName: 'Ravi', accountNumber: '123456789012', bankAgency: 'SBIN0001234' })).toEqual([]);
  });

  it('declares only real channels, valid limits, and a destination for every fiat currency it names', () => {
    for (const [currency, list] of Object.entries(PAYOUT_DESTINATIONS)) {
      const codes = new Set<string>();
      for (const d of list ?? []) {
        expect(CHANNELS.some((c) => c.code === d.channel), `${d.bankCode} channel`).toBe(true);
        const min = parseAmount(d.minAmount, currency as CurrencyCode);
        const max = parseAmount(d.maxAmount, currency as CurrencyCode);
        expect(min.ok && max.ok && min.minor < max.minor, `${d.bankCode} limits`).toBe(true);
        expect(codes.has(d.bankCode)).toBe(false);
        codes.add(d.bankCode);
      }
    }
  });
});

describe('payout statuses and the sandbox', () => {
  it('lets a payout be cancelled only before it ends', () => {
    expect(PAYOUT_STATUS.canTransition('pending_review', 'cancelled')).toBe(true);
    expect(PAYOUT_STATUS.canTransition('success', 'cancelled')).toBe(false);
    expect(PAYOUT_STATUS.canTransition('rejected', 'processing')).toBe(false);
  });
  it('reads the magic account numbers', () => {
    expect(payoutSandboxOutcome('1234567813')).toBe('fail');
    expect(payoutSandboxOutcome('1234567899')).toBe('stay');
    expect(payoutSandboxOutcome('1234567800')).toBe('succeed');
  });
  it('shows the fee while it is held and once charged, none for a payout that ended otherwise', () => {
    expect(['pending_review', 'processing', 'success'].map((s) => payoutShownFee(s, 4000n))).toEqual([4000n, 4000n, 4000n]);
    expect(['failed', 'rejected', 'cancelled'].map((s) => payoutShownFee(s, 4000n))).toEqual([0n, 0n, 0n]);
  });
});

describe('batch files', () => {
  it("each currency's template example row passes its own check (BRL's lacked type, document and branch)", () => {
    for (const c of CURRENCY_CODES.filter(isBatchCurrency)) {
      const row = batchExampleRow(c);
      expect(batchRowIssues(c, row), c).toEqual([]);
      // Every value of the example sits in a column of the template.
      for (const k of Object.keys(row)) expect(batchColumnsOf(c), `${c} ${k}`).toContain(k);
    }
  });

  it('names each bank\'s account rule as the check refuses it (Mandiri 13 digits, BRI 15, wallets a phone from 08)', () => {
    const idr = Object.fromEntries(batchDestinationsOf('IDR').map((d) => [d.bankCode, translate('en-US', accountRuleText(d.account).key, accountRuleText(d.account).params)]));
    expect(idr).toMatchObject({ MANDIRI: 'exactly 13 digits', BRI: 'exactly 15 digits', PERMATA: '10 to 16 digits', OVO: 'a phone number starting with 08, 10 to 13 digits' });
    expect(translate('en-US', fieldRuleText('BRL', 'accountType').key, fieldRuleText('BRL', 'accountType').params)).toBe('one of checking, savings');
    expect(batchDestinationsOf('USDT')).toEqual([]);
    expect(translate('en-US', batchAmountRule('BRL').key, batchAmountRule('BRL').params)).toBe('Amounts: as 1234.56, or written the country\'s way, as 1.234,56; no currency symbol.');
  });

  it('reads a BRL amount written the Brazilian way, and refuses a formula in any cell the same way', () => {
    const row = { ...batchExampleRow('BRL'), amount: '1.234,56' };
    expect(batchRowIssues('BRL', row)).toEqual([]);
    expect(batchRowIssues('BRL', { ...row, amount: '=1+1' })).toEqual([{ column: 'amount', key: 'payouts.batch.formula' }]);
    expect(batchRowIssues('IDR', { ...batchExampleRow('IDR'), accountName: '=HYPERLINK("http://x")' })).toEqual([{ column: 'accountName', key: 'payouts.batch.formula' }]);
    // A phone or PIX key may start with + : not a formula.
    expect(batchRowIssues('BRL', { ...batchExampleRow('BRL'), bankCode: 'PIX', pixKeyType: 'phone', accountNumber: '+5511987654321' })).toEqual([]);
  });
});
