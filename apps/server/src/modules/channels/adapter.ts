/**
 * Payment channel adapters (DESIGN §7): a channel turns a collection into something the payer can pay with (VA
 * number, QR payload, store code ...), answers status queries and parses its own notifications. The server only
 * talks to channels through this interface; the sandbox (./sandbox.ts) is the first implementation.
 */
import type { CollectionFailureReasonValue, CurrencyCode } from '@mg/domain';

/** What a channel needs to know about a collection. */
export interface ChannelCollection {
  id: string;
  merchantId: number;
  currency: CurrencyCode;
  paymentType: number;
  channel: number | null;
  amount: bigint;
  expiresAt: Date;
  channelReference?: string | null;
}

export interface ChannelCollectionCreated {
  /** What the payer uses to pay: VA number, QR payload, convenience-store code, wallet deep link ... */
  paymentCode: string | null;
  /** The channel's own id of the order. */
  channelReference: string;
}

/** A channel's view of a payment: still open, (partly) paid, or failed with a reason. */
export type ChannelPaymentStatus =
  | { status: 'pending' }
  | { status: 'success'; paidAmount: bigint }
  | { status: 'partial'; paidAmount: bigint }
  | { status: 'failed'; reason: CollectionFailureReasonValue }
  | { status: 'rejected'; reason: CollectionFailureReasonValue };

export interface ChannelNotification {
  channelReference: string;
  result: ChannelPaymentStatus;
}

export interface ChannelAdapter {
  /** Adapter code ('sandbox', later one per provider). */
  readonly code: string;
  createCollection(c: ChannelCollection): Promise<ChannelCollectionCreated>;
  queryStatus(c: ChannelCollection): Promise<ChannelPaymentStatus>;
  /** Parses (and authenticates) a notification the channel sent us; throws on anything it does not recognise. */
  parseNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<ChannelNotification>;
}
