/**
 * The callbacks as OpenAPI 3.1 `webhooks`: one entry per event of domain CallbackEvent, its body the Standard
 * Webhooks envelope `{ type, timestamp, data }` and its `data` the record schema the open API answers with (one
 * component: the collection of `collection.succeeded` is the collection of GET /collections/{id}). The order kind
 * of an event is the word before its dot. CALLBACK_DATA is also what the tests check every callback body against
 * (setCallbackDataCheck in callbacks/outbox.ts).
 */
import { CallbackEvent, CallbackOrderKind, WEBHOOK_HEADERS, type CallbackEventValue, type CallbackOrderKindValue } from '@mg/domain';
import type { z } from 'zod';
import {
  collectionSchema,
  mandateSchema,
  payoutSchema,
  refundCallbackSchema,
  topUpSchema,
  webhookTestSchema,
  withdrawalSchema,
} from '../open-api/schemas';

/** The `data` of each order kind's callbacks. */
export const CALLBACK_DATA: Record<CallbackOrderKindValue, z.ZodType> = {
  [CallbackOrderKind.COLLECTION]: collectionSchema,
  [CallbackOrderKind.REFUND]: refundCallbackSchema,
  [CallbackOrderKind.PAYOUT]: payoutSchema,
  [CallbackOrderKind.WITHDRAWAL]: withdrawalSchema,
  [CallbackOrderKind.TOP_UP]: topUpSchema,
  [CallbackOrderKind.MANDATE]: mandateSchema,
};

/** The data schema of an event: its kind's record, or the test event's. */
export function callbackDataSchema(event: CallbackEventValue): z.ZodType {
  if (event === CallbackEvent.WEBHOOK_TEST) return webhookTestSchema;
  return CALLBACK_DATA[event.split('.')[0] as CallbackOrderKindValue];
}

/**
 * Throws unless `data` is what the webhook of `event` declares: valid, and no field the schema does not name (an
 * undeclared field is one a generated client cannot see).
 */
export function checkCallbackData(event: CallbackEventValue, data: Record<string, unknown>): void {
  const schema = callbackDataSchema(event) as z.ZodObject;
  const parsed = schema.safeParse(data);
  const extra = Object.keys(data).filter((k) => !(k in schema.shape));
  if (!parsed.success || extra.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`the ${event} callback's data is not its declared schema: ${[...issues, ...extra.map((k) => `${k}: not declared`)].join('; ')}`);
  }
}

/** The component id of a registered schema (`.meta({ id })`). */
function idOf(schema: z.ZodType): string {
  const id = (schema.meta() as { id?: string } | undefined)?.id;
  if (!id) throw new Error('a callback data schema needs a component id');
  return id;
}

const camel = (event: string) => event.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase());

const HEADERS = [
  { name: WEBHOOK_HEADERS.ID, description: 'the message id (msg_...): the same on every attempt of one event; use it to drop duplicates', schema: { type: 'string' } },
  { name: WEBHOOK_HEADERS.TIMESTAMP, description: 'Unix seconds of this attempt: refuse it when far from your clock', schema: { type: 'string', pattern: '^[0-9]+$' } },
  {
    name: WEBHOOK_HEADERS.SIGNATURE,
    description: 'space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with your webhook secret (two after a roll)',
    schema: { type: 'string' },
  },
].map((h) => ({ ...h, in: 'header', required: true }));

/** The document's `webhooks`. */
export function webhooksOf(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const event of Object.values(CallbackEvent)) {
    out[event] = {
      post: {
        operationId: `on${camel(event)[0]!.toUpperCase()}${camel(event).slice(1)}`,
        summary: `${event}: sent to your callback address`,
        tags: ['webhooks'],
        security: [],
        parameters: HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', const: event },
                  timestamp: { type: 'string', format: 'date-time' },
                  data: { $ref: `#/components/schemas/${idOf(callbackDataSchema(event))}` },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Any 2xx acknowledges it' },
          '4XX': { description: 'Not acknowledged: sent again on the retry schedule (a Retry-After of a 429 is honoured)' },
          '5XX': { description: 'Not acknowledged: sent again on the retry schedule; no answer within 10 s counts the same' },
        },
      },
    };
  }
  return out;
}
