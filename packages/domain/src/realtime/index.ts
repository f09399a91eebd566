/**
 * Realtime push (spec §7 `/vxeSocket/{userId}/{pageId}`, §9 heartbeat, timeout, reconnect; issue 15): which record
 * changes are pushed, to whom, and the messages of the socket, declared once for the server's hub and the web client.
 *
 * A change is a row of `realtime_event`, written by the database itself (a trigger on each order table's status),
 * numbered by one ascending sequence. A socket is sent the events of its session's merchant (platform staff: every
 * merchant) whose list it may open; a client that reconnects names the last number it saw and is sent what it missed.
 */
import { z } from 'zod';
import type { AnyListDecl } from '../lists/define';
import { collectionsList } from '../collections/list';
import { payoutsList } from '../payouts/list';
import { refundsList } from '../refunds/list';
import { withdrawalsList } from '../withdrawals/list';

/** What changed: one kind per order table. */
export const RealtimeKind = {
  COLLECTION: 'collection',
  PAYOUT: 'payout',
  REFUND: 'refund',
  WITHDRAWAL: 'withdrawal',
} as const;
export type RealtimeKindValue = (typeof RealtimeKind)[keyof typeof RealtimeKind];
export const REALTIME_KINDS = Object.values(RealtimeKind);

/**
 * The list a kind's changes show in: its permission decides who is told, its name is the web's query key to
 * refresh, and its status column's labels name the new status in a toast.
 */
export const REALTIME_LISTS: Readonly<Record<RealtimeKindValue, AnyListDecl>> = {
  collection: collectionsList,
  payout: payoutsList,
  refund: refundsList,
  withdrawal: withdrawalsList,
};

/** The i18n key of an event's status, from its list's status column. */
export function realtimeStatusKey(kind: RealtimeKindValue, status: string): string {
  const column = REALTIME_LISTS[kind].columns.find((c) => c.key === 'status');
  return column?.labels ? `${column.labels}.${status}` : status;
}

export const REALTIME = {
  /** The socket's path under /api; `:userId` must be the session's user. */
  PATH: '/vxeSocket/:userId/:pageId',
  /** PostgreSQL channel the database notifies each committed event on. */
  CHANNEL: 'realtime',
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
} as const;

export const realtimeEventSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(REALTIME_KINDS),
  merchantId: z.number().int(),
  id: z.string(),
  status: z.string(),
  /** The user whose action this was (payouts, refunds, withdrawals), or null (a payer, the channel, a job). */
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
