import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPES,
  ActionType,
  AWARD_PRODUCT_TYPES,
  BUSINESS_TYPES,
  CHANNEL_ALL,
  CHANNELS,
  CURRENCY_CODES,
  DICT_CODES,
  DICT_CODE_RE,
  DICTIONARIES,
  DOMAIN_MESSAGES,
  DomainError,
  ERROR_CATALOGUE,
  ERROR_CODES,
  FIELD_KEYS,
  HTTP_REACTIONS,
  LANGUAGES,
  LOCALE_FILES,
  PAYMENT_TYPES,
  PAYOUT_FAILURE_REASONS,
  PRODUCT_TYPES,
  PaymentType,
  PermissionStatus,
  PermissionType,
  BUTTONS,
  MENU,
  MENU_ROOTS,
  ROLES,
  flattenMenu,
  ROLE_ALL,
  SPECIAL_PERMISSION_TIKIPAY_STAFF,
  TOKEN_EXPIRED_MESSAGE_PATTERN,
  UNAUTHORIZED_RELOAD_MS,
  allDomainKeys,
  platformAdminCurrencies,
  catalogueOf,
  channelsForCurrency,
  fieldKey,
  findChannel,
  findEnumEntry,
  getDictItems,
  httpReactionFor,
  isDictCode,
  isErrorCode,
  payoutFailureReason,
  translatableDomainKeys,
  translate,
} from '../src/index';

describe('enums', () => {
  it('values of spec §3', () => {
    expect(ACTION_TYPES.map((e) => e.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ActionType.SETTLEMENT).toBe(6);
    expect(BUSINESS_TYPES.map((e) => [e.value, e.code])).toEqual([
      [2, 'FALLBACK'],
      [3, 'CANCEL'],
    ]);
    expect(PRODUCT_TYPES.map((e) => e.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Spec §3's 1-18 and 99, and 19 (balance transfer) and 20 (merchant top-up) of issue 12: their fee rules are keyed by them.
    expect(PAYMENT_TYPES.map((e) => e.value)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 99]);
    expect(PaymentType.CRYPTO).toBe(18);
    expect(PaymentType.CASHIER).toBe(99);
    expect(AWARD_PRODUCT_TYPES.map((e) => e.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ACTION_TYPES[0]).toEqual({ value: 1, code: 'COLLECTION', i18nKey: 'enum.actionType.1' });
    expect(findEnumEntry(PAYMENT_TYPES, '99')?.code).toBe('CASHIER');
    expect(findEnumEntry(PAYMENT_TYPES, 'x')).toBeUndefined();
  });
  it('roles and permissions', () => {
    expect(ROLES.map((r) => r.code)).toEqual([
      'admin',
      'business',
      'third_role_admin',
      'third_role_operator',
      'third_role_read',
      'crypto_role_admin',
      'crypto_role_operator',
      'crypto_role_read',
    ]);
    expect(ROLE_ALL).toBe('business');
    expect(SPECIAL_PERMISSION_TIKIPAY_STAFF).toBe('tikipayStuff');
    expect(PermissionType).toEqual({ MENU_OR_COLUMN: '1', BUTTON: '2' });
    expect(PermissionStatus).toEqual({ DISABLED: '0', ENABLED: '1' });
  });
});

describe('channels', () => {
  it('codes are unique, in range, and name valid currencies and payment types', () => {
    const codes = CHANNELS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(CHANNELS.length).toBeGreaterThanOrEqual(40);
    for (const c of CHANNELS) {
      expect(c.code >= 1 && c.code <= 113, `${c.code}`).toBe(true);
      expect(c.countries.length).toBeGreaterThan(0);
      for (const cur of c.countries) expect(CURRENCY_CODES).toContain(cur);
      expect(PAYMENT_TYPES.some((p) => p.value === c.paymentType)).toBe(true);
      expect(c.name.trim()).not.toBe('');
    }
  });
  it('every currency has at least one channel besides the cashier', () => {
    for (const cur of CURRENCY_CODES)
      expect(channelsForCurrency(cur).filter((c) => c.code !== 99).length, cur).toBeGreaterThan(0);
  });
  it('lookups', () => {
    expect(findChannel(99)?.i18nKey).toBe('channel.99');
    expect(findChannel(CHANNEL_ALL)?.i18nKey).toBe('channel.all');
    expect(findChannel('53')?.name).toBe('PIX');
    expect(findChannel(60)?.countries).toEqual(['USDT']);
    expect(findChannel(200)).toBeUndefined();
  });
});

describe('errors', () => {
  it('catalogue statuses', () => {
    const s = (c: keyof typeof ERROR_CATALOGUE) => ERROR_CATALOGUE[c].httpStatus;
    expect([
      s('VALIDATION_FAILED'),
      s('FIELD_INVALID'),
      s('UNAUTHORIZED'),
      s('TOKEN_EXPIRED'),
      s('FORBIDDEN'),
      s('NOT_FOUND'),
    ]).toEqual([400, 400, 401, 401, 403, 404]);
    expect([
      s('CONFLICT'),
      s('DUPLICATE'),
      s('CAPTCHA_INVALID'),
      s('BUSINESS_RULE'),
      s('RATE_LIMITED'),
      s('INTERNAL'),
      s('TIMEOUT'),
    ]).toEqual([409, 409, 412, 422, 429, 500, 504]);
    expect([s('DICT_UNKNOWN'), s('STATE_TRANSITION_INVALID')]).toEqual([400, 422]);
    expect(ERROR_CATALOGUE.LOGIN_FAILED.messageKey).toBe('error.loginFailed');
    expect(ERROR_CATALOGUE.SELECT_A_RECORD.messageKey).toBe('error.selectARecord');
    expect(ERROR_CODES.length).toBe(Object.keys(ERROR_CATALOGUE).length);
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
  it('DomainError', () => {
    const e = new DomainError('FILE_UPLOAD_FAILED', { file: 'a.png' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('DomainError');
    expect(e.httpStatus).toBe(500);
    expect(translate('en-US', e.messageKey, e.params)).toBe('a.png upload failed');
  });
  it('payout failure reasons', () => {
    expect(PAYOUT_FAILURE_REASONS.length).toBe(21);
    // A payout stopped because its address left the book succeeds only once sent somewhere else.
    expect(payoutFailureReason('ADDRESS_DELETED')).toEqual({ code: 'ADDRESS_DELETED', messageKey: 'payoutFailure.addressDeleted', retryable: false });
    expect(payoutFailureReason('INVALID_DESTINATION_ACCOUNT')?.messageKey).toBe(
      'payoutFailure.invalidDestinationAccount',
    );
    expect(payoutFailureReason('NOPE')).toBeUndefined();
  });
  it('HTTP reactions', () => {
    expect(httpReactionFor(403)).toEqual({ kind: 'notice', messageKey: 'http.forbidden' });
    expect(httpReactionFor(404).kind).toBe('notice');
    expect(httpReactionFor(504).kind).toBe('notice');
    expect(httpReactionFor(401)).toMatchObject({
      kind: 'logoutAndReload',
      reloadAfterMs: UNAUTHORIZED_RELOAD_MS,
    });
    expect(httpReactionFor(500, 'Token expired, please log in again').kind).toBe('reloginDialog');
    expect(httpReactionFor(500, 'error.tokenExpired').kind).toBe('reloginDialog');
    expect(httpReactionFor(500, 'Token失效，请重新登录').kind).toBe('reloginDialog');
    expect(httpReactionFor(500, '登录已过期').kind).toBe('reloginDialog');
    expect(httpReactionFor(500, 'Database unavailable')).toEqual(HTTP_REACTIONS.other);
    expect(httpReactionFor(500)).toEqual(HTTP_REACTIONS.other);
    expect(httpReactionFor(418)).toMatchObject({ kind: 'serverMessage', durationSeconds: 4 });
    // A session ended for being idle: 401 TOKEN_EXPIRED is the re-login dialog, in any language of its message.
    expect(httpReactionFor(401, 'การเข้าสู่ระบบหมดอายุแล้ว', 'TOKEN_EXPIRED').kind).toBe('reloginDialog');
    expect(httpReactionFor(401, 'Unauthorized', 'UNAUTHORIZED').kind).toBe('logoutAndReload');
    expect(TOKEN_EXPIRED_MESSAGE_PATTERN.test('Invalid token')).toBe(true);
    expect(TOKEN_EXPIRED_MESSAGE_PATTERN.test('Insufficient balance')).toBe(false);
  });
  it('field keys', () => {
    expect(FIELD_KEYS.createTime_begin).toBe('field.createTime_begin');
    expect(fieldKey('amount')).toBe('field.amount');
    expect(fieldKey('constructor')).toBeUndefined();
  });
});

describe('dictionaries', () => {
  it('registry codes', () => {
    for (const code of [
      'payment_type',
      'product_type',
      'action_type',
      'business_type',
      'award_product_type',
      'payment_status',
      'payout_batch_status',
      'review_status',
      'notify_status',
      'settlement_status',
      'refund_fund_status',
      'refund_way',
      'refund_type',
      'auto_deduction_status',
      'withdrawal_result',
      'currency',
      'channel',
      'language',
      'brand',
      'role',
    ]) {
      expect(isDictCode(code), code).toBe(true);
      expect(DICT_CODE_RE.test(code)).toBe(true);
      expect(getDictItems(code)!.length).toBeGreaterThan(0);
    }
    for (const bad of ['constructor', '__proto__', 'toString', 'nope', 'Payment_type', '', 'payment-type'])
      expect(isDictCode(bad), bad).toBe(false);
    expect(getDictItems('nope')).toBeUndefined();
  });
  it('items have string values, unique per dictionary', () => {
    for (const code of DICT_CODES) {
      const items = DICTIONARIES[code]!();
      expect(new Set(items.map((i) => i.value)).size, code).toBe(items.length);
      for (const i of items) expect(typeof i.value).toBe('string');
    }
  });
  it('content', () => {
    expect(getDictItems('action_type')![5]).toEqual({ value: '6', textKey: 'enum.actionType.6' });
    expect(getDictItems('withdrawal_result')).toEqual([
      { value: '00', textKey: 'status.withdrawalResult.00' },
      { value: '99', textKey: 'status.withdrawalResult.99' },
    ]);
    const channels = getDictItems('channel')!;
    expect(channels[0]).toEqual({ value: '-1', textKey: 'channel.all' });
    expect(channels.find((c) => c.value === '53')).toEqual({
      value: '53',
      textKey: 'channel.53',
      text: 'PIX',
    });
    expect(channels.find((c) => c.value === '99')).toEqual({ value: '99', textKey: 'channel.99' });
    expect(getDictItems('currency')!.map((c) => c.value)).toEqual([...CURRENCY_CODES]);
    expect(getDictItems('brand')!.find((b) => b.value === 'lumipay')?.text).toBe('LumiPay');
  });
});

describe('i18n catalogue', () => {
  const en = LOCALE_FILES['en-US'];
  const keys = allDomainKeys();

  it('the referenced key set is substantial and includes every category', () => {
    expect(keys.length).toBeGreaterThan(300);
    for (const prefix of [
      'enum.',
      'status.',
      'country.',
      'currency.',
      'error.',
      'validation.',
      'field.',
      'payoutFailure.',
      'dict.',
      'http.',
      'role.',
      'language.',
      'channel.',
    ])
      expect(
        keys.some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it.each(LANGUAGES)('%s holds every translatable key (core file or namespace resource), non-empty', (lang) => {
    const all = catalogueOf(lang);
    const missing = translatableDomainKeys().filter((k) => typeof all[k] !== 'string' || all[k]!.trim() === '');
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s resolves every referenced key (brand names included)', (lang) => {
    const all = catalogueOf(lang);
    const missing = keys.filter((k) => !(DOMAIN_MESSAGES[lang][k] ?? all[k])?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no key the English file lacks', (lang) => {
    expect(Object.keys(LOCALE_FILES[lang]).filter((k) => !(k in en))).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same {{params}} as English', (lang) => {
    const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [k, v] of Object.entries(LOCALE_FILES[lang]))
      expect(params(v), `${lang} ${k}`).toEqual(params(en[k]!));
  });

  it('other languages are translated, not English copies', () => {
    // Identical texts are fine for names and codes (UPI, Tether (USDT), Status); a large share would be a placeholder.
    for (const lang of LANGUAGES.filter((l) => l !== 'en-US')) {
      const file = LOCALE_FILES[lang];
      const same = Object.keys(en).filter((k) => file[k] === en[k]);
      expect(same.length / Object.keys(en).length, `${lang}: ${same.join(', ')}`).toBeLessThan(0.1);
    }
  });

  it('every menu and permission title key is referenced and translated in all six languages', () => {
    const titleKeys = [...flattenMenu(MENU).map((m) => m.titleKey), ...BUTTONS.map((b) => b.titleKey)];
    expect(titleKeys.length).toBeGreaterThan(20);
    for (const k of titleKeys) {
      expect(keys, k).toContain(k);
      for (const lang of LANGUAGES) expect(catalogueOf(lang)[k]?.trim(), `${lang} ${k}`).toBeTruthy();
    }
    // Page titles live in their area's namespace (`settlements.menu`), group titles in the shell's.
    expect(keys.some((k) => k.endsWith('.menu'))).toBe(true);
    expect(keys.some((k) => k.startsWith('shell.menu.'))).toBe(true);
    expect(keys.some((k) => k.includes('.perm.'))).toBe(true);
  });

  it('translate: params, fallback to en-US, then the key', () => {
    expect(translate('zh-CN', 'validation.amount.tooManyDecimals', { digits: 2 })).toBe(
      '金额最多只能有 2 位小数',
    );
    expect(translate('pt-BR', 'validation.amount.tooManyDecimals', { digits: 6 })).toBe(
      'O valor pode ter no máximo 6 casas decimais',
    );
    expect(translate('th-TH', 'status.payment.success')).toBe('สำเร็จ');
    expect(translate('id-ID', 'channel.1')).toBe('BCA Virtual Account');
    expect(translate('ms-MY', 'no.such.key')).toBe('no.such.key');
    expect(translate('en-US', 'error.fileUploadFailed')).toBe('{{file}} upload failed');
  });
});

describe('platform admin currencies (spec §1)', () => {
  it("the brand's countries, plus USDT, INR, COP and BND outside production only", () => {
    expect(platformAdminCurrencies(['IDR', 'THB'], true)).toEqual(['IDR', 'THB']);
    expect(platformAdminCurrencies(['IDR', 'THB'], false)).toEqual(['IDR', 'THB', 'USDT', 'INR', 'COP', 'BND']);
    expect(platformAdminCurrencies(['MXN', 'BRL', 'COP'], false)).toEqual(['MXN', 'BRL', 'COP', 'USDT', 'INR', 'BND']);
  });
});

describe('menu roots', () => {
  it('MENU_ROOTS are exactly the first segments of the menu (the sign-in bundle decides protected paths from them)', () => {
    const roots = [...new Set(MENU.map((m) => `/${m.path.split('/')[1] ?? ''}`))].sort();
    expect([...MENU_ROOTS].sort()).toEqual(roots);
  });
});
