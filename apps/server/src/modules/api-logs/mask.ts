/**
 * What a request log keeps of a body: secrets replaced, card-like and account-like numbers cut to their last four
 * digits, the whole cut at API_LOG_BODY_MAX_CHARS. A merchant's developer sees enough to recognise the call; a
 * reader of the log (or of a leaked copy) learns no secret and no full account number.
 */
import { API_LOG_BODY_MAX_CHARS, API_LOG_MASK_DIGITS_MIN } from '@mg/domain';

/** Field names whose values are secrets wherever they appear. */
const SECRET_NAME = /secret|password|passwd|token|signature|googlecode|otp|cvv|cvc|pin$|privatekey|authorization/i;
/** Field names of account and card numbers: masked whatever their length. */
const ACCOUNT_NAME = /account(no|number)?$|card(no|number)?$|iban$|pan$/i;
/** A value that is only a number (spaces, dashes and a leading + allowed): a card, an account, a phone. */
const NUMBER_ONLY = /^\+?[\d -]+$/;
/** In text that is not JSON: a run of digits standing alone (not part of an id such as C2501010000001ABC). */
const STANDALONE_DIGITS = new RegExp(`(?<![A-Za-z0-9])\\d{${API_LOG_MASK_DIGITS_MIN},}(?![A-Za-z0-9])`, 'g');
export const MASK = '***';

const lastFour = (digits: string) => `${'•'.repeat(4)}${digits.slice(-4)}`;

const KeyKind = { PLAIN: 0, SECRET: 1, ACCOUNT: 2 } as const;
type KeyKind = (typeof KeyKind)[keyof typeof KeyKind];
/** A field name's kind, worked out once per name: bodies repeat the same few dozen names (bounded: it stops
 *  remembering past 2 000 names, so a client sending random names costs only the regex tests). */
const kinds = new Map<string, KeyKind>();
function kindOf(key: string): KeyKind {
  let kind = kinds.get(key);
  if (kind === undefined) {
    kind = SECRET_NAME.test(key) ? KeyKind.SECRET : ACCOUNT_NAME.test(key) ? KeyKind.ACCOUNT : KeyKind.PLAIN;
    if (kinds.size < 2000) kinds.set(key, kind);
  }
  return kind;
}

function maskString(kind: KeyKind, v: string): string {
  // Most strings (ids, names, statuses) are not only digits: one regex test and they are kept as they are.
  if (!NUMBER_ONLY.test(v)) return v;
  const digits = v.replace(/\D/g, '');
  if (digits.length >= API_LOG_MASK_DIGITS_MIN || (kind === KeyKind.ACCOUNT && digits.length > 4)) return lastFour(digits);
  return v;
}

function maskValue(kind: KeyKind, v: unknown): unknown {
  if (kind === KeyKind.SECRET && v !== null && v !== undefined) return MASK;
  if (typeof v === 'string') return maskString(kind, v);
  if (typeof v === 'number' && kind === KeyKind.ACCOUNT) return lastFour(String(v));
  if (Array.isArray(v)) return v.map((x) => maskValue(kind, x));
  if (v && typeof v === 'object') {
    // No prototype: a body's own "__proto__" key stays a key of the copy (on a plain object it would set the copy's
    // prototype and vanish from the log).
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const k in v) if (Object.hasOwn(v, k)) out[k] = maskValue(kindOf(k), (v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

const cut = (out: string) => (out.length > API_LOG_BODY_MAX_CHARS ? `${out.slice(0, API_LOG_BODY_MAX_CHARS)}…` : out);

/** A parsed body as the log keeps it (no second parse of what the request already parsed). */
export function maskParsed(value: unknown): string {
  return cut(JSON.stringify(maskValue(KeyKind.PLAIN, value)));
}

/** A body's text as the log keeps it; null for none. Text that is not JSON is masked as text. */
export function maskBody(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  try {
    return maskParsed(JSON.parse(text));
  } catch {
    // A NUL cannot be stored in a text column (the whole batch would be refused): written as its JSON escape.
    return cut(text.replace(STANDALONE_DIGITS, (run) => lastFour(run)).replaceAll('\u0000', '\\u0000'));
  }
}
