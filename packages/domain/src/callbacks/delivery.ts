/**
 * A callback delivery as the dashboard shows it (a collection's or payout's details, the callbacks calls): the
 * delivery with its attempts log, each attempt with what was sent and what came back.
 */
import { z } from 'zod';
import { CALLBACK_ORDER_KINDS, type CallbackOrderKindValue } from './vocabulary';

export const callbackAttemptSchema = z.object({
  id: z.number(),
  attemptNo: z.number(),
  trigger: z.string().describe('auto | manual'),
  url: z.string(),
  responseStatus: z.number().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable().describe('why no HTTP answer came: a code (callback.error.*) and details'),
  errorKey: z.string().nullable().describe('i18n key of the error code; interpolate {{detail}} with errorDetail'),
  errorDetail: z.string().nullable(),
  latencyMs: z.number(),
  answered: z.boolean().describe('false: sent (or about to be) and no answer recorded: in flight, or the sender stopped before writing it, outcome unknown'),
  createdAt: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
});
export type CallbackAttemptView = z.infer<typeof callbackAttemptSchema>;

export const callbackDeliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  orderKind: z.string(),
  orderId: z.string(),
  url: z.string(),
  status: z.string().describe('NotifyStatus: pending | notified | failed'),
  attempts: z.number().describe('automatic attempts made (the retry schedule counter), each counted before its request went out; manual ones are in the log'),
  nextAttemptAt: z.string().nullable().describe('pending only'),
  lastResponseStatus: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attemptsLog: z.array(callbackAttemptSchema),
});
export type CallbackDeliveryView = z.infer<typeof callbackDeliverySchema>;

export const callbackOrderKindSchema = z.enum(CALLBACK_ORDER_KINDS as [CallbackOrderKindValue, ...CallbackOrderKindValue[]]);

