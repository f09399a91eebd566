/**
 * Payment channel adapters (DESIGN §7): a channel turns a collection into something the payer can pay with (VA
 * number, QR payload, store code ...), answers status queries and parses its own notifications; it takes payouts
 * and answers what became of them. The server only talks to channels through this interface; the sandbox
 * (./sandbox.ts) is the first implementation.
 */
import type { CollectionFailureReasonValue, CurrencyCode, PayoutFailureCode } from '@mg/domain';

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

/** What a channel needs to know to pay a payout out. */
export interface ChannelPayout {
  id: string;
  currency: CurrencyCode;
  channel: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  amount: bigint;
}

export interface ChannelPayoutSent {
  /** The channel's own id of the payout. */
  channelReference: string;
  /** When its answer is expected (the sandbox answers a few seconds later); null: none is expected on its own. */
  answerDueAt: Date | null;
}

/** A channel's view of a sent payout. */
export type ChannelPayoutResult = { status: 'pending' } | { status: 'success' } | { status: 'failed'; reason: PayoutFailureCode };

export interface ChannelAdapter {
  /** Adapter code ('sandbox', later one per provider). */
  readonly code: string;
  createCollection(c: ChannelCollection): Promise<ChannelCollectionCreated>;
  queryStatus(c: ChannelCollection): Promise<ChannelPaymentStatus>;
  /** Parses (and authenticates) a notification the channel sent us; throws on anything it does not recognise. */
  parseNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<ChannelNotification>;
  /** Hands a payout to the channel. */
  sendPayout(p: ChannelPayout, now: Date): Promise<ChannelPayoutSent>;
  /** What became of a sent payout. */
  queryPayout(p: ChannelPayout): Promise<ChannelPayoutResult>;
}
