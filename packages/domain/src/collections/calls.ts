/**
 * The collections calls declared once (calls/define.ts): one collection's details, with its refunds, the callback
 * deliveries of it and of its refunds, its cashier link and what is left to refund.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { staffMerchantIdField } from '../validation';
import { callbackDeliverySchema, callbackOrderKindSchema } from '../callbacks/delivery';
import { answerRecordOf } from '../lists/define';
import { refundsList } from '../refunds/list';
import { collectionsList } from './list';
import { COLLECTIONS_PERM } from './perm';

export const collectionDetailSchema = collectionsList.record.extend({
  refunds: z.array(answerRecordOf(refundsList)),
  callbacks: z.array(callbackDeliverySchema),
  cashierUrl: z.string(),
  notifyUrl: z.string().nullable(),
  returnUrl: z.string().nullable(),
  refundable: z.string().describe('paid (else ordered) amount - refunded; 0 unless success or partial'),
});

export const collectionCalls = {
  detail: defineCall({
    method: 'GET',
    path: '/collections/:id',
    permission: COLLECTIONS_PERM.COLLECTION_MENU,
    summary: 'One collection with its refunds, callback deliveries, cashier link and what is left to refund',
    params: z.object({ id: z.string().min(1).max(32) }),
    answer: collectionDetailSchema,
  }),
  callbacks: defineCall({
    method: 'GET',
    path: '/callbacks',
    permission: COLLECTIONS_PERM.COLLECTION_MENU,
    summary: 'The callback deliveries of one order (collection or refund), newest first, with every attempt',
    query: z.object({
      orderKind: callbackOrderKindSchema,
      orderId: z.string().trim().min(1).max(32),
      merchantId: staffMerchantIdField,
    }),
    answer: z.array(callbackDeliverySchema),
  }),
};
