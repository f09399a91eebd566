/**
 * Dictionary registry: what the server serves at /sys/dict/getDictItems/{dict} (spec §7). Items carry a value
 * (always a string, as the legacy dictionaries do) and an i18n key; `text` is set where the display text is a brand
 * name that needs no translation (channels, brands). Clients show `text ?? t(textKey)`; textKey always resolves in
 * the domain catalogue too.
 */
import { BRANDS } from '../brands';
import { CHANNEL_ALL_ENTRY, CHANNELS } from '../channels';
import { CURRENCIES, CURRENCY_CODES } from '../currencies';
import {
  ACTION_TYPES,
  AWARD_PRODUCT_TYPES,
  BUSINESS_TYPES,
  PAYMENT_TYPES,
  PRODUCT_TYPES,
  ROLES,
  type EnumEntry,
} from '../enums';
import { LANGUAGES } from '../languages';
import type { StateMachine } from '../state-machine';
import {
  AUTO_DEDUCTION_STATUS,
  NOTIFY_STATUS,
  PAYMENT_STATUS,
  PAYOUT_BATCH_STATUS,
  REFUND_FUND_STATUS,
  REFUND_TYPE,
  REFUND_WAY,
  REVIEW_STATUS,
  SETTLEMENT_STATUS,
  WITHDRAWAL_RESULT,
  type StatusEnum,
} from '../statuses';

export interface DictItem {
  value: string;
  textKey: string;
  text?: string;
}

export const DICT_CODE_RE = /^[a-z][a-z0-9_]{0,63}$/;

const fromEnum = (set: readonly EnumEntry[]) => (): DictItem[] =>
  set.map((e) => ({ value: String(e.value), textKey: e.i18nKey }));
const fromMachine =
  <S extends string>(m: StateMachine<S>) =>
  (): DictItem[] =>
    m.states.map((s) => ({ value: s, textKey: m.i18nKey(s) }));
const fromStatusEnum =
  <V extends string>(e: StatusEnum<V>) =>
  (): DictItem[] =>
    e.values.map((v) => ({ value: v, textKey: e.i18nKey(v) }));

const REGISTRY = {
  action_type: fromEnum(ACTION_TYPES),
  business_type: fromEnum(BUSINESS_TYPES),
  product_type: fromEnum(PRODUCT_TYPES),
  payment_type: fromEnum(PAYMENT_TYPES),
  award_product_type: fromEnum(AWARD_PRODUCT_TYPES),
  payment_status: fromMachine(PAYMENT_STATUS),
  payout_batch_status: fromMachine(PAYOUT_BATCH_STATUS),
  review_status: fromMachine(REVIEW_STATUS),
  notify_status: fromMachine(NOTIFY_STATUS),
  settlement_status: fromMachine(SETTLEMENT_STATUS),
  refund_fund_status: fromMachine(REFUND_FUND_STATUS),
  auto_deduction_status: fromMachine(AUTO_DEDUCTION_STATUS),
  withdrawal_result: fromStatusEnum(WITHDRAWAL_RESULT),
  refund_way: fromStatusEnum(REFUND_WAY),
  refund_type: fromStatusEnum(REFUND_TYPE),
  currency: (): DictItem[] =>
    CURRENCY_CODES.map((c) => ({ value: c, textKey: CURRENCIES[c].descriptionKey })),
  country: (): DictItem[] => CURRENCY_CODES.map((c) => ({ value: c, textKey: CURRENCIES[c].countryKey })),
  /** "All" (-1) first, then every channel. */
  channel: (): DictItem[] =>
    [CHANNEL_ALL_ENTRY, ...CHANNELS].map((ch) =>
      ch.generic
        ? { value: String(ch.code), textKey: ch.i18nKey }
        : { value: String(ch.code), textKey: ch.i18nKey, text: ch.name },
    ),
  language: (): DictItem[] => LANGUAGES.map((l) => ({ value: l, textKey: `language.${l}` })),
  brand: (): DictItem[] => BRANDS.map((b) => ({ value: b.value, textKey: `brand.${b.value}`, text: b.name })),
  role: (): DictItem[] => ROLES.map((r) => ({ value: r.code, textKey: r.i18nKey })),
} satisfies Record<string, () => DictItem[]>;

export type DictCode = keyof typeof REGISTRY;
export const DICT_CODES = Object.keys(REGISTRY) as DictCode[];

export const DICTIONARIES: Readonly<Record<string, () => DictItem[]>> = Object.freeze(REGISTRY);

/** i18n key of a dictionary's own name: `dict.payment_type`. */
export function dictNameKey(code: DictCode): string {
  return `dict.${code}`;
}

/** True only for registered codes (not for "constructor", "__proto__" or any other well-formed stranger). */
export function isDictCode(s: unknown): s is DictCode {
  return typeof s === 'string' && DICT_CODE_RE.test(s) && Object.hasOwn(REGISTRY, s);
}

/** Items of a registered dictionary, or undefined (the server answers DICT_UNKNOWN). */
export function getDictItems(code: string): DictItem[] | undefined {
  return isDictCode(code) ? REGISTRY[code]() : undefined;
}
