/**
 * The sandbox channel: no money moves. It hands out realistic-looking payment codes per payment type and decides
 * what happens when the payer pays by the documented magic amounts (domain SANDBOX_MAGIC, docs/open-api.md).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  PAYOUT_SANDBOX_MAGIC,
  CryptoNetwork,
  CHANNEL_CASHIER,
  PAYOUT_SANDBOX_DELAY_MS,
  PaymentType,
  PayoutSandboxOutcome,
  SandboxOutcome,
  addressOf,
  networkOfChannel,
  decimalsOf,
  isCollectionFailureReason,
  payoutSandboxOutcome,
  sandboxOutcome,
  toMajorString,
  type CryptoNetworkValue,
} from '@mg/domain';
import type {
  ChannelAdapter,
  ChannelCollection,
  ChannelCollectionCreated,
  ChannelNotification,
  ChannelPaymentStatus,
  ChannelPayout,
  ChannelPayoutResult,
  ChannelPayoutSent,
} from './adapter';

/** Channels whose payment code is a QR payload (QRIS, PromptPay, DuitNow QR, VietQR, PIX, PayNow). */
const QR_CHANNELS = new Set([11, 20, 36, 43, 53, 71]);
const VA_LENGTH = 16;
const OTC_CODE_LENGTH = 12;
const SANDBOX_REF_PREFIX = 'SBX';

const OTC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function digits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

function pick(alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** EMVCo-style TLV field. */
function tlv(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE, as EMV QR payloads end with. */
function crc16(s: string): string {
  let crc = 0xffff;
  for (const ch of Buffer.from(s, 'utf8')) {
    crc ^= ch << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function qrPayload(c: ChannelCollection, reference: string): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'SANDBOX.MG') + tlv('01', reference)) +
    tlv('53', c.currency) +
    tlv('54', toMajorString(c.amount, c.currency)) +
    tlv('58', 'XX') +
    tlv('59', 'SANDBOX MERCHANT') +
    tlv('62', tlv('05', c.id));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}

/** The payment code of a collection, by payment type (and channel for QR and crypto). */
export function sandboxPaymentCode(c: ChannelCollection, reference: string): string | null {
  if (c.channel != null && QR_CHANNELS.has(c.channel)) return qrPayload(c, reference);
  switch (c.paymentType) {
    case PaymentType.VA:
      // Bank prefix 88 + two-digit channel + random digits: 16 digits, like a real VA number.
      return `88${String(c.channel ?? 0).padStart(2, '0')}${digits(VA_LENGTH - 4)}`;
    case PaymentType.OTC:
      return pick(OTC_ALPHABET, OTC_CODE_LENGTH);
    case PaymentType.CRYPTO: {
      // The order's own deposit address, derived from its id (as a wallet derives one key per order): valid for its
      // network, checksum included, and the same on a retried create.
      return sandboxAddress(networkOfChannel(c.channel) ?? CryptoNetwork.TRON, `deposit:${c.id}`);
    }
    case PaymentType.UPI:
      return `upi://pay?pa=sandbox@mg&tr=${reference}&am=${toMajorString(c.amount, c.currency)}&cu=${c.currency}`;
    case PaymentType.INVOICE:
      // Boleto-like line: 47 digits.
      return digits(47);
    default:
      // Wallets, cards, online banking: the payer completes on the cashier; the code is the cashier deep link ref.
      return c.channel === CHANNEL_CASHIER ? null : `sandbox://pay/${reference}`;
  }
}

/** What the sandbox channel reports once the payer pays: decided by the magic amounts. */
export function sandboxPaymentResult(c: Pick<ChannelCollection, 'amount' | 'currency'>): ChannelPaymentStatus {
  const magic = sandboxOutcome(c.amount, decimalsOf(c.currency));
  switch (magic.outcome) {
    case SandboxOutcome.FAIL:
      return { status: 'failed', reason: magic.reason ?? 'CHANNEL_DECLINED' };
    case SandboxOutcome.REJECT:
      return { status: 'rejected', reason: magic.reason ?? 'RISK_REJECTED' };
    case SandboxOutcome.PARTIAL: {
      const half = c.amount / 2n;
      return half > 0n ? { status: 'partial', paidAmount: half } : { status: 'success', paidAmount: c.amount };
    }
    case SandboxOutcome.STAY_PENDING:
      return { status: 'pending' };
    default:
      return { status: 'success', paidAmount: c.amount };
  }
}

function referenceOf(id: string): string {
  // Stable per collection, so a retried create gives the same reference.
  return `${SANDBOX_REF_PREFIX}${createHash('sha256').update(id).digest('hex').slice(0, 20).toUpperCase()}`;
}

export const sandboxChannel: ChannelAdapter = {
  code: 'sandbox',

  async createCollection(c: ChannelCollection): Promise<ChannelCollectionCreated> {
    const channelReference = referenceOf(c.id);
    return { paymentCode: sandboxPaymentCode(c, channelReference), channelReference };
  },

  /** The sandbox has no memory of its own: until the payer pays, every order is pending. */
  async queryStatus(): Promise<ChannelPaymentStatus> {
    return { status: 'pending' };
  },

  /**
   * Sandbox notifications are plain JSON `{ reference, status, paidAmount?, reason? }` (the sandbox has no
   * signature). Real adapters verify the provider's signature here.
   */
  async parseNotification(body: unknown): Promise<ChannelNotification> {
    const b = (body ?? {}) as Record<string, unknown>;
    const reference = b.reference;
    if (typeof reference !== 'string' || !reference.startsWith(SANDBOX_REF_PREFIX)) throw new Error('sandbox: bad reference');
    const paid = typeof b.paidAmount === 'string' && /^\d+$/.test(b.paidAmount) ? BigInt(b.paidAmount) : null;
    switch (b.status) {
      case 'pending':
        return { channelReference: reference, result: { status: 'pending' } };
      case 'success':
      case 'partial':
        if (paid == null || paid <= 0n) throw new Error('sandbox: paidAmount required');
        return { channelReference: reference, result: { status: b.status, paidAmount: paid } };
      case 'failed':
      case 'rejected':
        if (!isCollectionFailureReason(b.reason)) throw new Error('sandbox: unknown reason');
        return { channelReference: reference, result: { status: b.status, reason: b.reason } };
      default:
        throw new Error('sandbox: unknown status');
    }
  },

  /** Answers PAYOUT_SANDBOX_DELAY_MS later, except to an account number that keeps it processing (magic 99). */
  async sendPayout(p: ChannelPayout, now: Date): Promise<ChannelPayoutSent> {
    const stays = payoutSandboxOutcome(p.accountNumber) === PayoutSandboxOutcome.STAY;
    return { channelReference: sandboxPayoutReference(p.channel), answerDueAt: stays ? null : new Date(now.getTime() + PAYOUT_SANDBOX_DELAY_MS) };
  },

  /** By the documented magic account numbers (docs/open-api.md): ...13 fails, ...99 stays processing. */
  async queryPayout(p: ChannelPayout): Promise<ChannelPayoutResult> {
    switch (payoutSandboxOutcome(p.accountNumber)) {
      case PayoutSandboxOutcome.FAIL:
        return { status: 'failed', reason: PAYOUT_SANDBOX_MAGIC.FAIL_REASON };
      case PayoutSandboxOutcome.STAY:
        return { status: 'pending' };
      default:
        return { status: 'success' };
    }
  },
};

/**
 * An address of the sandbox chain derived from a seed (a wallet derives one key per purpose the same way): valid on
 * its network, checksum included, and the same for the same seed. Deposit, payer and hot-wallet addresses use it.
 */
export function sandboxAddress(network: CryptoNetworkValue, seed: string): string {
  return addressOf(network, createHash('sha256').update(seed).digest().subarray(0, 20));
}

/**
 * The sandbox's id of a sent payout: on a crypto network the chain's transaction id as that chain writes one (32 bytes
 * hex, Ethereum with 0x), so records and callbacks carry the real shape of `chainTradeNo`.
 */
function sandboxPayoutReference(channel: number): string {
  const network = networkOfChannel(channel);
  if (!network) return `SBXP${randomBytes(8).toString('hex').toUpperCase()}`;
  const hash = randomBytes(32).toString('hex');
  return network === CryptoNetwork.ETHEREUM ? `0x${hash}` : hash;
}

/**
 * The adapter serving a collection. No live provider is connected yet: every channel, in both modes, is served by
 * the sandbox (a live integration registers its adapter here by channel code).
 */
export function channelAdapterFor(_channel: number | null, _mode: string): ChannelAdapter {
  return sandboxChannel;
}
