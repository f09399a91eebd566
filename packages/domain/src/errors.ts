/**
 * Error catalogue (spec §8, DESIGN §6): stable codes -> HTTP status and i18n message key. The server answers with
 * the key; the web client translates it. Message keys are derived from the code: `error.<camelCase>`.
 */
import { ERROR_MESSAGE_SECONDS, UNAUTHORIZED_RELOAD_MS } from './constants';

const CATALOGUE_STATUS = {
  // validation
  VALIDATION_FAILED: 400,
  FIELD_INVALID: 400,
  // auth
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE: 409,
  CAPTCHA_INVALID: 412,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  TIMEOUT: 504,
  // spec §8 login and user
  LOGIN_FAILED: 401,
  VERIFICATION_CODE_ERROR: 412,
  USER_NOT_FOUND_REGISTER: 404,
  USER_LOGGED_OUT: 401,
  USER_FROZEN: 403,
  REQUEST_ERROR_RETRY: 500,
  WRONG_CREDENTIALS: 401,
  GOOGLE_CODE_ERROR: 401,
  /** Too many wrong step-up codes in a session (domain STEP_UP_MAX_FAILURES): not a sign-out, a wait. */
  STEP_UP_LOCKED: 429,
  // registration
  REGISTRATION_FAILED: 422,
  USERNAME_TAKEN: 409,
  PHONE_TAKEN: 409,
  EMAIL_TAKEN: 409,
  EMAIL_CODE_INCORRECT: 412,
  // password
  OLD_PASSWORD_WRONG: 422,
  NEW_PASSWORD_EMPTY: 400,
  PASSWORD_MISMATCH: 400,
  NO_CURRENT_USER: 401,
  DEPART_NOT_SET: 422,
  // general
  OPERATION_FAILED: 500,
  NETWORK_ERROR: 503,
  /** The database is unreachable for a moment (restart, failover): retry shortly. */
  DATABASE_UNAVAILABLE: 503,
  UNKNOWN_OPERATION: 400,
  SELECT_A_RECORD: 400,
  FILE_DOWNLOAD_FAILED: 500,
  FILE_UPLOAD_FAILED: 500,
  DOWNLOAD_TIMEOUT: 504,
  IMAGE_DOWNLOAD_FAILED: 500,
  UNKNOWN_FILE: 400,
  NO_FILE_UPLOADED: 400,
  DO_NOT_REPEAT: 409,
  NOTIFICATION_ALREADY_SENT: 409,
  OPERATION_UNSUPPORTED: 422,
  INSUFFICIENT_BALANCE: 422,
  /** A crypto payout to an address not in the merchant's address book, or still in its cooling period (issue 13). */
  ADDRESS_NOT_WHITELISTED: 422,
  /** Uploads (issue 14): what the bytes are is not accepted for the upload's biz; over the biz's size limit. */
  FILE_TYPE_NOT_ALLOWED: 400,
  FILE_TOO_LARGE: 413,
  /** Uploads (issue 39): the type is accepted but its structure is not whole (no viewer could open it). */
  FILE_UNREADABLE: 400,
  /** Onboarding (issue 14): the application is submitted or decided (no edits until staff ask for changes). */
  APPLICATION_LOCKED: 409,
  /** Saved meanwhile from another tab or device: reload before saving again. */
  APPLICATION_VERSION_CONFLICT: 409,
  APPLICATION_INCOMPLETE: 422,
  VIDEO_ATTEMPTS_EXHAUSTED: 422,
  /** Live keys and live payments wait for the onboarding approval (sandbox always works). */
  MERCHANT_NOT_APPROVED: 403,
  /** Staff marked the collection's channel down (channel health): another channel, or later. */
  CHANNEL_DOWN: 422,
  DUPLICATE_REQUEST_INTERRUPTED: 409,
  OPERATION_SUCCEEDED: 200,
  // domain plumbing
  DICT_UNKNOWN: 400,
  STATE_TRANSITION_INVALID: 422,
  // open API authentication (docs/open-api.md)
  OPEN_API_MISSING_HEADER: 401,
  OPEN_API_INVALID_HEADER: 401,
  OPEN_API_STALE_TIMESTAMP: 401,
  OPEN_API_UNKNOWN_KEY: 401,
  OPEN_API_KEY_REVOKED: 401,
  OPEN_API_KEY_EXPIRED: 401,
  OPEN_API_BAD_SIGNATURE: 401,
  OPEN_API_NONCE_REUSED: 401,
  OPEN_API_IP_NOT_ALLOWED: 403,
  OPEN_API_LIVE_KEY_NEEDS_WHITELIST: 403,
  OPEN_API_IDEMPOTENCY_KEY_MISSING: 400,
  OPEN_API_IDEMPOTENCY_KEY_REUSED: 422,
  OPEN_API_IDEMPOTENCY_IN_PROGRESS: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof CATALOGUE_STATUS;
export const ERROR_CODES = Object.keys(CATALOGUE_STATUS) as ErrorCode[];

export interface ErrorCatalogueEntry {
  httpStatus: number;
  messageKey: string;
}

/** `LOGIN_FAILED` -> `loginFailed`. */
export function codeToCamel(code: string): string {
  return code.toLowerCase().replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase());
}

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorCatalogueEntry>> = Object.fromEntries(
  ERROR_CODES.map((code) => [
    code,
    { httpStatus: CATALOGUE_STATUS[code], messageKey: `error.${codeToCamel(code)}` },
  ]),
) as Record<ErrorCode, ErrorCatalogueEntry>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(CATALOGUE_STATUS, value);
}

export type ErrorParams = Record<string, string | number>;

/**
 * The one error type of the domain. `message` is the i18n key (never display text), so a stray log line or an
 * unhandled error still carries something translatable.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;

  constructor(code: ErrorCode, params: ErrorParams = {}, options?: { cause?: unknown }) {
    super(ERROR_CATALOGUE[code].messageKey, options);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }

  get httpStatus(): number {
    return ERROR_CATALOGUE[this.code].httpStatus;
  }

  get messageKey(): string {
    return ERROR_CATALOGUE[this.code].messageKey;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Payout failure reasons (spec §8)                                                                              */

const PAYOUT_FAILURE_CODES = [
  'INVALID_DESTINATION_ACCOUNT',
  'PAYEE_NAME_MISSING',
  'BANK_REFUSED',
  'INSUFFICIENT_BALANCE',
  'CHANNEL_NETWORK_TIMEOUT',
  'CHANNEL_UNKNOWN_ERROR',
  'CHANNEL_VALIDATION_ERROR',
  'TRANSACTION_REJECTED',
  'AMOUNT_OVER_LIMIT',
  'PAYMENT_METHOD_UNSUPPORTED',
  'MAINTENANCE',
  'PHONE_CHECK_FAILED',
  'MAX_TRANSFERS_PER_ACCOUNT',
  'NETWORK_ANOMALY',
  'CHANNEL_PROCESSING_FAILED',
  'REQUEST_DENIED',
  'DESTINATION_OVER_CHARGE_LIMIT',
  'ACCOUNT_PAYOUT_LIMIT_EXCEEDED',
  'CHANNEL_INSUFFICIENT_BALANCE',
  /** Nobody reviewed the payout within PAYOUT_REVIEW_EXPIRY_HOURS: it was rejected and its hold released. */
  'REVIEW_EXPIRED',
  /**
   * Its crypto address was deleted from the merchant's address book before the payout was sent (issue 39): waiting
   * for review it was rejected, approved and not yet sent it was cancelled; either way its hold was released.
   */
  'ADDRESS_DELETED',
] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];

export interface PayoutFailureReason {
  code: PayoutFailureCode;
  messageKey: string;
  /** The same payout may succeed if sent again later (a channel's passing trouble), not without a change. */
  retryable: boolean;
}

/** Reasons of passing trouble: the merchant may send the same payout again. */
const RETRYABLE_PAYOUT_FAILURES: readonly PayoutFailureCode[] = [
  'CHANNEL_NETWORK_TIMEOUT',
  'CHANNEL_UNKNOWN_ERROR',
  'MAINTENANCE',
  'NETWORK_ANOMALY',
  'CHANNEL_PROCESSING_FAILED',
  'CHANNEL_INSUFFICIENT_BALANCE',
  'INSUFFICIENT_BALANCE',
  'REVIEW_EXPIRED',
];

export const PAYOUT_FAILURE_REASONS: readonly PayoutFailureReason[] = PAYOUT_FAILURE_CODES.map((code) => ({
  code,
  messageKey: `payoutFailure.${codeToCamel(code)}`,
  retryable: RETRYABLE_PAYOUT_FAILURES.includes(code),
}));

export function isPayoutFailureCode(value: unknown): value is PayoutFailureCode {
  return typeof value === 'string' && (PAYOUT_FAILURE_CODES as readonly string[]).includes(value);
}

export function payoutFailureReason(code: string): PayoutFailureReason | undefined {
  return PAYOUT_FAILURE_REASONS.find((r) => r.code === code);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* HTTP reactions of the web client (spec §8 "HTTP statuses")                                                    */

/**
 * A 500 whose message matches this is a dead session (spec §8): the client shows the re-login dialog. Matches the
 * server's own key (`error.tokenExpired`, code TOKEN_EXPIRED) and the free-text variants of older back ends.
 */
export const TOKEN_EXPIRED_MESSAGE_PATTERN =
  /TOKEN_EXPIRED|error\.tokenExpired|token\s*(?:has\s+|is\s+)?(?:expired|invalid|失效|过期)|(?:expired|invalid)\s+token|登录(?:已)?(?:过期|失效)|login\s+(?:has\s+)?expired/i;

export type HttpReaction =
  | { kind: 'notice'; messageKey: string }
  | { kind: 'logoutAndReload'; messageKey: string; reloadAfterMs: number; onlyWithToken: true }
  | {
      kind: 'reloginDialog';
      titleKey: string;
      messageKey: string;
      buttonKey: string;
      pattern: RegExp;
    }
  | { kind: 'serverMessage'; durationSeconds: number; fallbackKey: string };

export const HTTP_REACTIONS = {
  403: { kind: 'notice', messageKey: 'http.forbidden' },
  404: { kind: 'notice', messageKey: 'http.notFound' },
  504: { kind: 'notice', messageKey: 'http.timeout' },
  401: {
    kind: 'logoutAndReload',
    messageKey: 'http.unauthorized',
    reloadAfterMs: UNAUTHORIZED_RELOAD_MS,
    onlyWithToken: true,
  },
  500: {
    kind: 'reloginDialog',
    titleKey: 'http.tokenExpired.title',
    messageKey: 'http.tokenExpired.message',
    buttonKey: 'http.tokenExpired.relogin',
    pattern: TOKEN_EXPIRED_MESSAGE_PATTERN,
  },
  other: {
    kind: 'serverMessage',
    durationSeconds: ERROR_MESSAGE_SECONDS,
    fallbackKey: 'error.operationFailed',
  },
} as const satisfies Record<403 | 404 | 504 | 401 | 500 | 'other', HttpReaction>;

/**
 * Which reaction a failed response gets. A session the server ended for being idle answers 401 with `errorCode`
 * TOKEN_EXPIRED (docs/api.md "Errors"): the re-login dialog, not the 401 notice and reload. A 500 is that dialog only
 * when its message matches TOKEN_EXPIRED_MESSAGE_PATTERN (spec §8, older back ends); any other 500 shows the server
 * message like every other status.
 */
export function httpReactionFor(status: number, serverMessage?: string | null, errorCode?: string | null): HttpReaction {
  if (errorCode === 'TOKEN_EXPIRED') return HTTP_REACTIONS[500];
  switch (status) {
    case 403:
    case 404:
    case 504:
    case 401:
      return HTTP_REACTIONS[status];
    case 500:
      return serverMessage && TOKEN_EXPIRED_MESSAGE_PATTERN.test(serverMessage)
        ? HTTP_REACTIONS[500]
        : HTTP_REACTIONS.other;
    default:
      return HTTP_REACTIONS.other;
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Field names (a 400 names the field; the client shows its translated label)                                    */

const FIELD_NAMES = [
  'amount',
  'currency',
  'channel',
  'status',
  'createTime_begin',
  'createTime_end',
  'createTimeBegin',
  'createTimeEnd',
  'startTime',
  'endTime',
  'username',
  'realname',
  'email',
  'phone',
  'password',
  'oldpassword',
  'confirmpassword',
  'captcha',
  'googleCode',
  'pageNo',
  'pageSize',
  'column',
  'order',
  'timeZone',
  'language',
  'dict',
  'merchantId',
  'orgCode',
  'role',
  'accountName',
  'accountNumber',
  'bankCode',
  'accountType',
  'documentId',
  'bankAgency',
  'pixKeyType',
  'merchantOrderId',
  'description',
  'reason',
  'remark',
  'file',
  // balance transfers
  'toMerchantId',
  'requestId',
  // withdrawals
  'accountId',
  'minAmount',
  'maxAmount',
  'floor',
  // auto-deduction
  'intervalPeriod',
  'intervalUnit',
  'repetitions',
  'payerEmail',
  // developer parameters and fee rules
  'ipWhitelist',
  'collectionCallbackUrl',
  'payoutCallbackUrl',
  'rateBps',
  'fixedFee',
  'minFee',
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export const FIELD_KEYS: Readonly<Record<FieldName, string>> = Object.fromEntries(
  FIELD_NAMES.map((f) => [f, `field.${f}`]),
) as Record<FieldName, string>;

/** i18n key of a field's label, or undefined for a field the catalogue does not name. */
export function fieldKey(name: string): string | undefined {
  return Object.hasOwn(FIELD_KEYS, name) ? FIELD_KEYS[name as FieldName] : undefined;
}
