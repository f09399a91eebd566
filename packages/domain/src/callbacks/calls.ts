/**
 * The callbacks calls declared once (calls/define.ts): a manual resend and a replay of the failed deliveries of a
 * range. An order's deliveries are the collections' call (collectionCalls.callbacks), the endpoint health, the test
 * event and enabling an address the developer page's (developerCalls): each under the permission of the area whose
 * page makes it, and no import cycle between the areas.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { adminIdSchema, staffMerchantIdField } from '../validation';
import { callbackDeliverySchema } from './delivery';
import { CALLBACKS_PERM } from './perm';


export const callbackCalls = {
  resend: defineCall({
    method: 'POST',
    path: '/callbacks/:id/resend',
    permission: CALLBACKS_PERM.CALLBACK_RESEND,
    summary: 'Send a callback once more, now (trigger manual); a failed one that gets a 2xx becomes notified',
    params: z.object({ id: adminIdSchema }),
    answer: callbackDeliverySchema,
  }),
  replay: defineCall({
    method: 'POST',
    path: '/callbacks/replay',
    permission: CALLBACKS_PERM.CALLBACK_RESEND,
    summary: 'Send again the failed deliveries created in a time range (to one address, or all): each gets one more attempt',
    body: z.object({ from: z.string().datetime(), to: z.string().datetime(), url: z.string().max(512).nullable().default(null), merchantId: staffMerchantIdField }),
    answer: z.object({ replayed: z.number() }),
  }),
};
