/**
 * API request logs (issue 42, beyond the spec; Stripe's Workbench logs are the model): every open-API request of a
 * merchant, kept API_LOG_RETENTION_DAYS, with its bodies masked and the signature check's verdict, listed under
 * Developer. A collection's or payout's details link to the requests that touched it (`?orderId=`).
 */
import { defineArea, GrantTier } from '../areas/define';
import { apiLogsList } from './list';
import { API_LOGS_PERM } from './perm';

export * from './calls';
export * from './list';
export * from './perm';

export const API_LOGS_PAGE = '/developer/api-logs';

/** Days a request is kept, unless API_LOG_RETENTION_DAYS says. */
export const API_LOG_RETENTION_DAYS = 30;
/** Characters of a request or answer body kept (the rest is cut, and says so). */
export const API_LOG_BODY_MAX_CHARS = 16_384;
/** Entries one instance holds before writing (a burst beyond it is dropped and counted, never slows a request). */
export const API_LOG_BUFFER_MAX = 10_000;
/** How often an instance writes what it holds, and the most rows of one statement. */
export const API_LOG_FLUSH_MS = 250;
export const API_LOG_BATCH_MAX = 500;
/** Digits in a row that read as a card or account number: all but the last four are masked. */
export const API_LOG_MASK_DIGITS_MIN = 12;

const T = [GrantTier.DEVELOP];

export const apiLogsArea = defineArea(
  {
    name: 'api-logs',
    perm: API_LOGS_PERM,
    pages: [{ order: 62, path: API_LOGS_PAGE, name: 'developer-api-logs', component: 'api-logs/ApiLogs', titleKey: 'api-logs.menu', icon: 'FileTextOutlined', perm: API_LOGS_PERM.API_LOGS_MENU, tiers: T, keepAlive: true }],
    lists: [apiLogsList],
  },
);
