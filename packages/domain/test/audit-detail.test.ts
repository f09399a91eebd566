/** An audit entry's facts read in the reader's language, never as raw `key: value` text. */
import { describe, expect, it } from 'vitest';
import { AUDIT_DETAIL_KEYS, LANGUAGES, auditDetailParts, auditDetailText, translate, type Language } from '../src';

const format = (lang: Language) => ({ t: (key: string) => translate(lang, key), instant: (iso: string) => `<${iso.slice(0, 10)}>` });

describe('audit detail', () => {
  it('labels every declared fact in all six languages', () => {
    for (const lang of LANGUAGES) {
      for (const key of AUDIT_DETAIL_KEYS) {
        const [part] = auditDetailParts({ [key]: 'x' }, format(lang));
        expect(part?.label, `${lang} ${key}`).not.toBe(key);
        expect(part?.label, `${lang} ${key}`).not.toMatch(/^audit\./);
      }
    }
  });

  it('words the values: reasons, operations, flags, brands, times, lists and nested records', () => {
    const en = auditDetailParts(
      { reason: 'old password', twoFactor: true, brand: 'lumipay', currency: 'THB', oldKeyExpiresAt: '2026-11-24T10:00:00.000Z', roleIds: [], before: { rateBps: 150, fixedFee: '0.50' } },
      format('en-US'),
    );
    expect(auditDetailText(en)).toBe(
      'Reason: Wrong current password · Two-step verification: Yes · Brand: LumiPay · Currency: THB · Old key expires: <2026-11-24> · Role IDs: (none) · Before: Rate (bps): 150 · Fixed fee: 0.50',
    );
    const th = auditDetailText(auditDetailParts({ reason: 'credentials', op: 'user_roles', refundWay: 'original' }, format('th-TH')));
    expect(th).toBe(`${translate('th-TH', 'audit.detail.reason')}: ${translate('th-TH', 'audit.reason.credentials')} · ${translate('th-TH', 'audit.detail.op')}: ${translate('th-TH', 'audit.op.user_roles')} · ${translate('th-TH', 'audit.detail.refundWay')}: ${translate('th-TH', 'status.refundWay.original')}`);
    expect(th).not.toMatch(/reason|credentials|user_roles|original/);
  });

  it('leaves out empty facts and keeps a value it has no word for', () => {
    expect(auditDetailParts({ reason: 'something new', error: null, name: '' }, format('en-US'))).toEqual([{ key: 'reason', label: 'Reason', value: 'something new' }]);
    expect(auditDetailParts(null, format('en-US'))).toEqual([]);
  });
});
