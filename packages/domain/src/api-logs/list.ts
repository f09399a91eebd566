/** The request log's list, and one entry with its bodies and the signature check's verdict (its detail call). */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { ApiKeyMode } from '../open-api/vocabulary';
import { API_LOGS_PERM } from './perm';

/** Days the screen's range starts with. */
export const API_LOG_DEFAULT_DAYS = 1;

export const ApiLogStatusClass = { SUCCESS: '2xx', CLIENT_ERROR: '4xx', SERVER_ERROR: '5xx' } as const;
export const API_LOG_STATUS_CLASSES = Object.values(ApiLogStatusClass);
export const API_LOG_STATUS_COLORS: Readonly<Record<string, string>> = { '2xx': 'green', '4xx': 'orange', '5xx': 'red' };

const ID_MAX = 64;

export const apiLogsList = defineList({
  name: 'api-logs',
  api: '/api-logs',
  permission: API_LOGS_PERM.API_LOGS_MENU,
  record: z.object({
    id: z.string().describe('the log entry'),
    merchantId: z.number(),
    createdAt: z.string().describe('ISO-8601 UTC: when the request arrived'),
    method: z.string(),
    path: z.string().describe('path and query as signed'),
    status: z.number().describe('HTTP status answered'),
    statusClass: z.string().describe('2xx, 4xx or 5xx'),
    errorCode: z.string().nullable(),
    latencyMs: z.number(),
    keyId: z.string(),
    mode: z.string().describe(`${ApiKeyMode.SANDBOX} | ${ApiKeyMode.LIVE}`),
    ip: z.string(),
    requestId: z.string(),
    idempotencyKey: z.string().nullable(),
    orderId: z.string().nullable().describe('the collection, refund, payout or mandate it created or touched'),
    merchantOrderId: z.string().nullable(),
  }),
  columns: [
    { key: 'createdAt', header: 'api-logs.fields.time', kind: ColumnKind.DATE, sortable: true },
    { key: 'method', header: 'api-logs.fields.method', kind: ColumnKind.TEXT, width: 7 },
    { key: 'path', header: 'api-logs.fields.path', kind: ColumnKind.TEXT, width: 40 },
    { key: 'statusClass', header: 'api-logs.fields.statusClass', kind: ColumnKind.STATUS, labels: 'api-logs.statusClass', colors: API_LOG_STATUS_COLORS, width: 9 },
    { key: 'status', header: 'api-logs.fields.status', kind: ColumnKind.NUMBER, width: 7 },
    { key: 'errorCode', header: 'api-logs.fields.errorCode', kind: ColumnKind.TEXT, width: 32 },
    { key: 'latencyMs', header: 'api-logs.fields.latencyMs', kind: ColumnKind.NUMBER, sortable: true, width: 9 },
    { key: 'requestId', header: 'api-logs.fields.requestId', kind: ColumnKind.TEXT, width: 24 },
    { key: 'orderId', header: 'api-logs.fields.orderId', kind: ColumnKind.TEXT, optional: true, width: 24 },
    { key: 'merchantOrderId', header: 'api-logs.fields.merchantOrderId', kind: ColumnKind.TEXT, optional: true, width: 24 },
    { key: 'idempotencyKey', header: 'api-logs.fields.idempotencyKey', kind: ColumnKind.TEXT, optional: true, width: 24 },
    { key: 'keyId', header: 'api-logs.fields.keyId', kind: ColumnKind.TEXT, optional: true, width: 26 },
    { key: 'mode', header: 'api-logs.fields.mode', kind: ColumnKind.TEXT, optional: true, width: 8 },
    { key: 'ip', header: 'api-logs.fields.ip', kind: ColumnKind.TEXT, optional: true, width: 16 },
  ],
  // The request id first: what a developer has in hand (the answer's x-request-id) when something went wrong.
  filters: [
    { key: 'requestId', label: 'api-logs.fields.requestId', kind: FilterKind.TEXT, maxLength: ID_MAX, identifies: true },
    { key: 'statusClass', label: 'api-logs.fields.statusClass', kind: FilterKind.SELECT, options: API_LOG_STATUS_CLASSES, labels: 'api-logs.statusClass' },
    { key: 'path', label: 'api-logs.fields.path', kind: FilterKind.CONTAINS, maxLength: 200 },
    { key: 'orderId', label: 'api-logs.fields.orderId', kind: FilterKind.TEXT, maxLength: ID_MAX, identifies: true },
    { key: 'merchantOrderId', label: 'api-logs.fields.merchantOrderId', kind: FilterKind.TEXT, maxLength: ID_MAX, identifies: true },
    { key: 'keyId', label: 'api-logs.fields.keyId', kind: FilterKind.TEXT, maxLength: ID_MAX },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: API_LOG_DEFAULT_DAYS, required: true },
});

/** What the signature check found (no secret: the canonical string is what both sides sign). */
export const apiLogVerdictSchema = z.object({
  ok: z.boolean().describe('the signature and every header were right'),
  failedCheck: z.string().nullable().describe('the errorCode of the first check that failed (OPEN_API_BAD_SIGNATURE ...)'),
  header: z.string().nullable().describe('the header that was missing or malformed, when one was'),
  canonical: z.string().nullable().describe('METHOD \\n PATH_WITH_QUERY \\n X-Timestamp \\n X-Nonce \\n hex(SHA-256(body)), as the server computed it'),
  bodySha256: z.string().describe('hex SHA-256 of the body the server received'),
  timestampSkewS: z.number().nullable().describe('server clock minus X-Timestamp, in seconds'),
});
export type ApiLogVerdict = z.infer<typeof apiLogVerdictSchema>;

/** One entry with its bodies (GET /api/api-logs/{id}). */
export const apiLogDetailSchema = apiLogsList.record.extend({
  requestBody: z.string().nullable().describe('masked; cut at API_LOG_BODY_MAX_CHARS'),
  responseBody: z.string().nullable().describe('masked; cut at API_LOG_BODY_MAX_CHARS'),
  verdict: apiLogVerdictSchema,
});
export type ApiLogDetail = z.infer<typeof apiLogDetailSchema>;
