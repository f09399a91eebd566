/**
 * Endpoint health of the merchant's callback addresses (issue 15, the developer page): each address with its
 * success rate over the window, its last success, the deliveries given up and the latest errors.
 */
import { z } from 'zod';

/** The configured address a test event goes to. */
export const CallbackTestTarget = { COLLECTION: 'collection', PAYOUT: 'payout' } as const;
export type CallbackTestTargetValue = (typeof CallbackTestTarget)[keyof typeof CallbackTestTarget];

export const callbackEndpointSchema = z.object({
  url: z.string(),
  /** Which of the merchant's configured addresses it is (none: an order's own notifyUrl). */
  configuredFor: z.array(z.enum([CallbackTestTarget.COLLECTION, CallbackTestTarget.PAYOUT])),
  attempts: z.number(),
  succeeded: z.number(),
  successRate: z.number().nullable().describe('0..1 of the attempts of the window; null without attempts'),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  failedDeliveries: z.number().describe('deliveries of the window given up after every retry'),
  disabledAt: z.string().nullable().describe('disabled after failing every attempt for a day: its callbacks are held until enabled'),
  recentErrors: z.array(z.object({ at: z.string(), responseStatus: z.number().nullable(), error: z.string().nullable(), eventType: z.string() })),
});
export const callbackEndpointHealthSchema = z.object({ windowDays: z.number(), endpoints: z.array(callbackEndpointSchema) });
export type CallbackEndpointHealth = z.infer<typeof callbackEndpointHealthSchema>;
