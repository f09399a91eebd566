/**
 * Calls and shapes of the payments screens (docs/payments-api.md: collections, refunds, callbacks, payment links).
 * Amounts are decimal strings in major units, times ISO-8601 UTC. Everything goes through the API client.
 */
import type {
  CallbackOrderKindValue,
  NotifyStatusValue,
  PaymentLinkStatusValue,
  PaymentStatusValue,
  RefundFundStatusValue,
  RefundTypeValue,
  RefundWayValue,
} from '@mg/domain';
import { api } from '../../api';

/** A collection (transaction record) row of `GET /api/collections`. */
export interface CollectionRecord {
  id: string;
  merchantId: number;
  merchantOrderId: string;
  currency: string;
  paymentType: number;
  channel: number | null;
  paymentCode: string | null;
  status: PaymentStatusValue;
  amount: string;
  adminFee: string;
  serviceFee: string;
  paidAmount: string | null;
  refundedAmount: string;
  paidAt: string | null;
  payerName: string | null;
  payerEmail: string | null;
  payerPhone: string | null;
  orderDescription: string | null;
  expiryHours: number;
  expiresAt: string | null;
  notifyStatus: NotifyStatusValue | null;
  settlementStatus: string | null;
  source: string;
  mode: string;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One attempt of a callback delivery. */
export interface CallbackAttempt {
  attemptNo: number;
  trigger: 'auto' | 'manual';
  url: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  latencyMs: number;
  createdAt: string;
  requestHeaders: Record<string, unknown> | null;
  requestBody: string | null;
}

/** A callback (webhook) delivery of an order with its attempts. */
export interface CallbackDelivery {
  id: number | string;
  /** 'collection' | 'refund': the detail of a collection carries its refunds' deliveries too. */
  orderKind?: CallbackOrderKindValue;
  orderId?: string;
  eventId: string;
  eventType: string;
  url: string;
  status: NotifyStatusValue;
  attempts: number;
  nextAttemptAt: string | null;
  lastResponseStatus: number | null;
  createdAt: string;
  attemptsLog: CallbackAttempt[];
}

export interface RefundRecord {
  id: string;
  merchantId: number;
  collectionId: string;
  merchantOrderId: string | null;
  merchantRefundId: string | null;
  currency: string;
  refundType: RefundTypeValue;
  refundWay: RefundWayValue;
  requestedAmount: string;
  actualAmount: string | null;
  reason: string;
  status: RefundFundStatusValue;
  failureReason: string | null;
  notifyStatus: NotifyStatusValue | null;
  createdBy: string;
  createdAt: string;
  completedAt: string | null;
}

/** `GET /api/collections/{id}`: the record plus its refunds, callbacks and links. */
export interface CollectionDetail extends CollectionRecord {
  refunds: RefundRecord[];
  callbacks: CallbackDelivery[];
  cashierUrl: string | null;
  notifyUrl: string | null;
  returnUrl: string | null;
  /** amount - refunded; "0" unless success / partial. */
  refundable: string;
}

export interface RefundInput {
  amount: string;
  refundWay: RefundWayValue;
  reason: string;
}

export interface PaymentLinkRecord {
  id: string;
  currency: string;
  amount: string;
  description: string;
  paymentType: number;
  expiryHours: number;
  expiresAt: string;
  status: PaymentLinkStatusValue;
  url: string;
  collectionId: string | null;
  createdBy: string;
  createdAt: string;
}

export interface PaymentLinkInput {
  amount: string;
  description: string;
  expiryHours: number;
  paymentType?: number;
}

export const PAYMENTS_PATHS = {
  collections: '/collections',
  refunds: '/refunds',
  paymentLinks: '/payment-links',
} as const;

export const paymentsApi = {
  collection: (id: string) => api.get<CollectionDetail>(`${PAYMENTS_PATHS.collections}/${encodeURIComponent(id)}`),
  /** Silent: the refund dialog shows the server's message itself, on the fields or above them. */
  refund: (collectionId: string, input: RefundInput) =>
    api.post<RefundRecord>(`${PAYMENTS_PATHS.collections}/${encodeURIComponent(collectionId)}/refunds`, input, { silent: true }),
  callbacks: (orderKind: CallbackOrderKindValue, orderId: string) => api.get<CallbackDelivery[]>('/callbacks', { orderKind, orderId }),
  resendCallback: (deliveryId: number | string) => api.post<CallbackDelivery>(`/callbacks/${encodeURIComponent(String(deliveryId))}/resend`),
  createPaymentLink: (input: PaymentLinkInput) => api.post<PaymentLinkRecord>(PAYMENTS_PATHS.paymentLinks, input, { silent: true }),
  voidPaymentLink: (id: string) => api.post<PaymentLinkRecord>(`${PAYMENTS_PATHS.paymentLinks}/${encodeURIComponent(id)}/void`),
};
