/** Business constants and limits of spec §9. Screens and handlers read these; they never repeat the numbers. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const EXPORT_TIMEOUT_MS = 6_000_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/**
 * How long the web app waits for its brand's antd stylesheet before it renders anyway (antd then builds the styles
 * itself): the stylesheet only saves time, so a slow one must not hold the page.
 */
export const ANTD_STYLESHEET_WAIT_MS = 3_000;
/**
 * How long a list's first page, asked for while the table first renders, answers another first render of the same
 * list and query: React renders a table again from the start when a lazy part of it was still loading, and that
 * render must join the request already made instead of sending a second one. Short, so a list opened again shows
 * fresh rows.
 */
export const LIST_PRIME_FRESH_MS = 2_000;
/**
 * Times the shell asks for the session (user info, menu) when no answer comes in REQUEST_TIMEOUT_MS, before it
 * offers a refresh: a slow answer under load is not a refusal, and signing out would lose the session.
 */
export const SESSION_LOAD_ATTEMPTS = 3;

/**
 * Queued ledger transfers (a collection's money in) the writer posts in one statement: enough for a burst of payments
 * to share one commit, few enough that the statement holds the balance rows for milliseconds.
 */
export const LEDGER_WRITE_BATCH = 500;
/**
 * How often every server posts the transfers still queued. A payment's own request posts its transfer before it
 * answers; this catches what a crash or a failed write left behind.
 */
export const LEDGER_SWEEP_MS = 5_000;

export const SOCKET_HEARTBEAT_MS = 10_000;
export const SOCKET_TIMEOUT_MS = 6_000;
export const SOCKET_RECONNECT_MS = 5_000;

/** Login token and department choice lifetime: 7 days. */
export const TOKEN_TTL_MS = 604_800_000;
export const DUPLICATE_REQUEST_GUARD_MS = 2_000;

/** Query ranges: one month by default, three on the screens that allow it. */
export const QUERY_RANGE_MONTHS = 1;
export const QUERY_RANGE_MONTHS_LONG = 3;

export const WITHDRAWAL_PROCESSING_WORKING_DAYS = 3;
/** The old text's fixed minimum; the live minimum and maximum are configuration per merchant and currency. */
export const LEGACY_MIN_WITHDRAWAL = 1_000_000;

export const PASSWORD_MIN_LENGTH = 8;
export const GOOGLE_CODE_LENGTH = 6;
export const TEXT_MAX_LENGTH = 255;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;

export const POPUP_PAGE_SIZE = 10;
export const POPUP_MODAL_WIDTH = 1200;
export const POPUP_ROW_KEY_MAX = 50;
export const REPORT_CACHE_MS = 30_000;
/** Spec §7 session fields the dashboard adds to every call's query (GET) or body, and the GET cache breaker `_t`. */
export const SESSION_QUERY_FIELDS = ['countryCurrency', 'timeZoneOffset', 'lang', 'paymentBrand', '_t'] as const;

export const FILE_NAME_TRUNCATE = 5;
export const TEXT_ELLIPSIS = 25;
export const DEBOUNCE_MS = 100;
export const DICT_SEARCH_DEBOUNCE_MS = 300;
export const UPLOAD_BIZ_PATH_DEFAULT = 'temp';

export const LAYOUT = {
  siderWidth: 200,
  siderCollapsedWidth: 80,
  /** The phone menu drawer: wider than the sider, so long labels (Thai, Malay) fit where nothing can be hovered. */
  menuDrawerWidth: 280,
  loginBreakpoint: 800,
  headerBreakpoint: 600,
  headerAutoHideScroll: 100,
  defaultTheme: 'light',
  defaultColor: 'default',
  defaultLayout: 'sidemenu',
  multipage: true,
  changePasswordModalWidth: 800,
  departModalWidth: 450,
} as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Footer copyright year (spec §2). */
export const COPYRIGHT_YEAR = 2025;

/** Merchant id of the platform admin (spec §1). */
export const PLATFORM_MERCHANT_ID = 10000;

/** Server message shown for this long on failures (spec §8). */
export const ERROR_MESSAGE_SECONDS = 4;
/** Seconds a client should wait before retrying a request the database could not serve (503 DATABASE_UNAVAILABLE). */
export const DATABASE_RETRY_AFTER_S = 1;
/** Delay before reload after a 401 with a token (spec §8). */
export const UNAUTHORIZED_RELOAD_MS = 1_500;
/**
 * A signed-in page asks whether its session still holds when the user comes back to the tab, and this often while it
 * is open: an expired session then sends the user to sign-in at once, not at the next click on a broken page.
 */
export const SESSION_CHECK_MS = 5 * 60_000;

/**
 * Idle limits of a session (issue 39), besides its TOKEN_TTL_MS: a session nobody used for this long answers 401
 * TOKEN_EXPIRED. Platform staff see every merchant, so theirs is short. The server's SESSION_IDLE_MINUTES_PLATFORM and
 * SESSION_IDLE_MINUTES_MERCHANT override them.
 */
export const SESSION_IDLE_MINUTES_PLATFORM = 30;
export const SESSION_IDLE_MINUTES_MERCHANT = 480;
/**
 * A session's last-seen time is written only when it is older than this, so a busy session costs one write a minute
 * rather than one per request; the idle limit is therefore exact to within this much.
 */
export const SESSION_SEEN_WRITE_MS = 60_000;

/**
 * DATABASE_READ_MAX_LAG_MS unset: how much older than the primary a list, a search or a report read from the replica
 * may be (never older than the reader's own last write; apps/server/src/db/read-replica.ts).
 */
export const READ_REPLICA_MAX_LAG_MS = 5_000;
/**
 * Request header a client sets (value "1") on calls no person asked for: polling, reloads after a realtime event,
 * session probes. Those answer as usual but do not count as use of the session (the idle limit keeps running).
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Background';
/**
 * The web app counts a call as a person's only within this long after the person's last input in the page (a click,
 * a key, a touch, the wheel) or its load; any other call carries BACKGROUND_REQUEST_HEADER.
 */
export const USER_ACTIVITY_WINDOW_MS = 60_000;

/** Tenant header default (spec §7). */
export const DEFAULT_TENANT_ID = '0';

/** Paging bounds the server accepts. */
export const PAGE_SIZE_MAX = 100;
