/**
 * Realtime push (spec §7 `/vxeSocket/{userId}/{pageId}`, §9 heartbeat, timeout, reconnect; issue 15): which changes
 * are pushed, to whom, and the messages of the socket, declared once for the server's hub and the web client.
 *
 * A change is a row of `realtime_event`, written by the database itself (a trigger on each table's status), numbered
 * by one ascending sequence. Who is told is the kind's audience below: the users of the event's merchant (platform
 * staff: every merchant, where their screens show every merchant) who may open its list, or everybody for an
 * announcement to all merchants, or the one user an event names. A client that reconnects names the last number it
 * saw and is sent what it missed.
 */
import { z } from 'zod';
import type { AnyListDecl } from '../lists/define';
import { announcementsList } from '../announcements/list';
import { collectionsList } from '../collections/list';
import { payoutsList } from '../payouts/list';
import { refundsList } from '../refunds/list';
import { topUpsList } from '../top-ups/list';
import { withdrawalsList } from '../withdrawals/list';

/** What changed: one kind per table whose status is pushed. */
export const RealtimeKind = {
  COLLECTION: 'collection',
  PAYOUT: 'payout',
  REFUND: 'refund',
  WITHDRAWAL: 'withdrawal',
  /** A top-up's status (paid at its cashier, failed, closed, expired). */
  TOP_UP: 'top_up',
  /** A payout batch's status (rejected, processed: all its payouts ended, ...). */
  PAYOUT_BATCH: 'payout_batch',
  /** An export job ended (done or failed); told to the user who started it only. */
  EXPORT: 'export',
  /** An announcement was released; merchant null: to every merchant. */
  ANNOUNCEMENT: 'announcement',
} as const;
export type RealtimeKindValue = (typeof RealtimeKind)[keyof typeof RealtimeKind];
export const REALTIME_KINDS = Object.values(RealtimeKind);

/** What the web says of an event besides reloading what it shows. */
export const RealtimeToast = {
  /** A change of a record the user created (not its creation): "Payout X is now Y". */
  MINE: 'mine',
  /** The user's export ended: ready (with its download) or failed. */
  EXPORT: 'export',
  /** A new announcement: the bell has it. */
  ANNOUNCEMENT: 'announcement',
} as const;
export type RealtimeToastValue = (typeof RealtimeToast)[keyof typeof RealtimeToast];

/** Who is told of a kind's events and what the web does with them. */
export interface RealtimeAudience {
  /** Its permission decides who is told; null: every user the event's merchant and user reach (the bell is everyone's). */
  list: AnyListDecl | null;
  /**
   * Platform staff are told of every merchant's events, as their lists show every merchant; false: only of the
   * platform's own and the global ones, as their bell shows.
   */
  staffSeeAll: boolean;
  /** The web's query-key name (components/list/keys) whose queries an event reloads; null: nothing shown is kept. */
  refresh: string | null;
  /** i18n prefix of the status labels (`<labels>.<status>`); null where the toast has its own texts. */
  labels: string | null;
  toast: RealtimeToastValue;
}

function statusLabelsOf(list: AnyListDecl): string {
  return list.columns.find((c) => c.key === 'status')?.labels ?? 'status';
}

function ofList(list: AnyListDecl): RealtimeAudience {
  return { list, staffSeeAll: true, refresh: list.name, labels: statusLabelsOf(list), toast: RealtimeToast.MINE };
}

export const REALTIME_AUDIENCES: Readonly<Record<RealtimeKindValue, RealtimeAudience>> = {
  collection: ofList(collectionsList),
  payout: ofList(payoutsList),
  refund: ofList(refundsList),
  withdrawal: ofList(withdrawalsList),
  top_up: ofList(topUpsList),
  // Batches show in the payouts area (its batch list and review counts are under the payouts' keys).
  payout_batch: { ...ofList(payoutsList), labels: 'status.payoutBatch' },
  // The event names its user; whoever started an export may see how it ended.
  export: { list: null, staffSeeAll: true, refresh: null, labels: null, toast: RealtimeToast.EXPORT },
  announcement: { list: null, staffSeeAll: false, refresh: announcementsList.name, labels: statusLabelsOf(announcementsList), toast: RealtimeToast.ANNOUNCEMENT },
};

/** The i18n key of an event's status. */
export function realtimeStatusKey(kind: RealtimeKindValue, status: string): string {
  const labels = REALTIME_AUDIENCES[kind].labels;
  return labels ? `${labels}.${status}` : status;
}

/** Who an event reaches before permissions: the session's merchant and user. */
export interface RealtimeReader {
  userId: number;
  merchantId: number;
  isPlatform: boolean;
}

/**
 * Whether an event reaches a session, list permission aside (the server checks it with the session's grants): an
 * event naming a user reaches that user only; otherwise the event's merchant's users, everyone for no merchant, and
 * platform staff for any merchant where the kind says so.
 */
export function realtimeReaches(reader: RealtimeReader, event: Pick<RealtimeEvent, 'kind' | 'merchantId' | 'userId'>): boolean {
  if (event.userId !== null) return event.userId === reader.userId;
  if (event.merchantId === null || event.merchantId === reader.merchantId) return true;
  return reader.isPlatform && REALTIME_AUDIENCES[event.kind].staffSeeAll;
}

export const REALTIME = {
  /** The socket's path under /api; `:userId` must be the session's user. */
  PATH: '/vxeSocket/:userId/:pageId',
  /**
   * Each instance reads the events committed since its last read this often (an outbox, not NOTIFY: PostgreSQL takes
   * one lock for the whole database at the commit of every notifying transaction, and that serialised the payments).
   */
  POLL_MS: 200,
  /** After failed reads (the database away) the next waits twice as long each time, up to this. */
  POLL_RETRY_MAX_MS: 5_000,
  /** At most this many events per read; a full read is followed by the next at once. */
  POLL_BATCH: 2_000,
  /**
   * A number below the newest read that has not been read yet belongs to a transaction still running (or rolled
   * back): it is looked for at every read for this long, then given up.
   */
  GAP_WAIT_MS: 120_000,
  /** At most this many such ranges of numbers are looked for; beyond, the oldest are given up. */
  MAX_GAPS: 200,
  /** A socket that has not authenticated by then is closed. */
  AUTH_TIMEOUT_MS: 5_000,
  /** Silent longer than this (no ping from the client), the server closes the socket. */
  IDLE_CLOSE_MS: 30_000,
  /** At most this many missed events are replayed; beyond, the client is told to reload what it shows. */
  CATCH_UP_LIMIT: 500,
  /** Events are kept this long for catching up, then purged. */
  RETENTION_HOURS: 24,
  /** Changes arriving within this window refresh an open list once. */
  REFRESH_COALESCE_MS: 400,
} as const;

/** Close codes of the socket (4000-4999 are the application's). */
export const RealtimeClose = {
  /** No valid session, or it ended. */
  UNAUTHORIZED: 4401,
  /** The path names another user. */
  FORBIDDEN: 4403,
  /** No authentication in AUTH_TIMEOUT_MS, or silent for IDLE_CLOSE_MS. */
  TIMEOUT: 4408,
  /** The server could not answer (the database away): the client reconnects as after any close. */
  UNAVAILABLE: 1011,
  /** The instance is shutting down (SIGTERM): the client reconnects, behind a proxy to another instance. */
  GOING_AWAY: 1001,
} as const;

export const realtimeEventSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(REALTIME_KINDS),
  /** Null: every merchant's (an announcement to all). */
  merchantId: z.number().int().nullable(),
  /** Set: told to this user only (an export's). */
  userId: z.number().int().nullable(),
  id: z.string(),
  status: z.string(),
  /** The user whose action this was (payouts, batches, refunds, withdrawals, announcements), or null (a payer, the channel, a job). */
  actor: z.string().nullable(),
  /** The record's first status (it was just created), not a change of it. */
  created: z.boolean(),
  at: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Client -> server. The token travels in the first message, never in the URL. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(256), since: z.number().int().nonnegative().nullable() }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Server -> client. */
export type RealtimeServerMessage =
  /** Authenticated; `seq` is the newest event number (the cursor of a client that has seen nothing yet). */
  | { type: 'ready'; seq: number }
  | { type: 'event'; event: RealtimeEvent; mine: boolean }
  | { type: 'pong' }
  /** More was missed than can be replayed: reload what is shown. */
  | { type: 'reset'; seq: number };
