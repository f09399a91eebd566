/**
 * The realtime hub of one server instance: one LISTEN connection to PostgreSQL, and the sockets of this instance.
 * Every instance on the database hears every committed event (the triggers notify with the event as payload, in
 * commit order) and hands it to its own sockets that may see it; nothing is shared between instances but the
 * database. While the LISTEN connection is lost the hub reconnects, then reads from the table what it missed.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME, REALTIME_AUDIENCES, realtimeEventSchema, realtimeReaches, type RealtimeEvent, type RealtimeServerMessage } from '@mg/domain';
import type { Db } from '../../db/pool';
import { holds, type AuthSession } from '../auth/plugin';
import { eventsSince, latestSeq, listenForEvents } from './queries';

/** Waits between attempts to get the LISTEN connection back. */
const LISTEN_RETRY_MS = [500, 1_000, 2_000, 5_000] as const;
/** Events replayed before the cursor a client names: a change committed late under a lower number is not lost. */
const REPLAY_OVERLAP = 100;

/** One authenticated socket as the hub sees it. */
export interface Subscriber {
  auth: AuthSession;
  send: (message: RealtimeServerMessage) => void;
}

/** Whether a session may be told of an event: one its merchant and user reach (domain realtimeReaches), in a list it may open. */
export function mayReceive(auth: AuthSession, event: RealtimeEvent): boolean {
  if (!realtimeReaches(auth, event)) return false;
  const list = REALTIME_AUDIENCES[event.kind].list;
  return list === null || holds(auth, list.permission);
}

function messageOf(auth: AuthSession, event: RealtimeEvent): RealtimeServerMessage {
  return { type: 'event', event, mine: event.actor !== null && event.actor === auth.username };
}

interface Entry {
  sub: Subscriber;
  /** While the catch-up is read, live events wait here (sent after it, those it did not already hold). */
  pending: RealtimeEvent[] | null;
}

export class RealtimeHub {
  readonly #entries = new Set<Entry>();
  #client: pg.Client | null = null;
  #stopped = false;
  #retries = 0;
  /** The newest event this hub heard: after a lost LISTEN connection, what follows it is read from the table. */
  #heard = 0;
  #retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  async start(): Promise<void> {
    this.#heard = await latestSeq(this.db);
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * Adds a socket. With `since` (the last number the client saw) it is first sent what it missed; more than the
   * catch-up limit and it is told to reload instead. Resolves with the number the client is now current to.
   */
  async subscribe(sub: Subscriber, since: number | null): Promise<Entry> {
    const entry: Entry = { sub, pending: since === null ? null : [] };
    this.#entries.add(entry);
    const current = await latestSeq(this.db);
    if (since !== null) {
      const from = Math.max(0, since - REPLAY_OVERLAP);
      const reader = sub.auth.isPlatform ? null : { merchantId: sub.auth.merchantId, userId: sub.auth.userId };
      const missed = await eventsSince(this.db, from, reader, REALTIME.CATCH_UP_LIMIT + REPLAY_OVERLAP + 1);
      const pending = entry.pending ?? [];
      entry.pending = null;
      if (missed.length > REALTIME.CATCH_UP_LIMIT + REPLAY_OVERLAP) {
        sub.send({ type: 'reset', seq: current });
      } else {
        const sent = new Set<number>();
        for (const e of missed) {
          if (!mayReceive(sub.auth, e)) continue;
          sent.add(e.seq);
          sub.send(messageOf(sub.auth, e));
        }
        for (const e of pending) if (!sent.has(e.seq)) sub.send(messageOf(sub.auth, e));
      }
    }
    sub.send({ type: 'ready', seq: current });
    return entry;
  }

  unsubscribe(entry: Entry): void {
    this.#entries.delete(entry);
  }

  /** An event heard on the channel (or read after a reconnect): to every socket that may see it. */
  deliver(event: RealtimeEvent): void {
    if (event.seq > this.#heard) this.#heard = event.seq;
    for (const entry of this.#entries) {
      if (!mayReceive(entry.sub.auth, event)) continue;
      if (entry.pending) entry.pending.push(event);
      else entry.sub.send(messageOf(entry.sub.auth, event));
    }
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ ...this.pool.options, application_name: 'mg-realtime' } as pg.ClientConfig);
    client.on('error', (err) => {
      this.log.warn({ err: err.message }, 'realtime: listen connection lost');
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    client.on('notification', (msg) => {
      if (msg.channel !== REALTIME.CHANNEL || !msg.payload) return;
      const parsed = realtimeEventSchema.safeParse(JSON.parse(msg.payload));
      if (parsed.success) this.deliver(parsed.data);
      else this.log.warn({ payload: msg.payload.slice(0, 200) }, 'realtime: notification not understood');
    });
    try {
      await client.connect();
      await listenForEvents(client);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'realtime: cannot listen yet');
      this.#lost(client);
      return;
    }
    if (this.#stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    const reconnected = this.#retries > 0;
    this.#client = client;
    this.#retries = 0;
    if (reconnected) await this.#readMissed();
  }

  /** After a reconnect: the events committed while nobody listened. */
  async #readMissed(): Promise<void> {
    try {
      // From before the newest number heard, as for a client: a change can commit after a higher number.
      const missed = await eventsSince(this.db, Math.max(0, this.#heard - REPLAY_OVERLAP), null, REALTIME.CATCH_UP_LIMIT * 10);
      for (const e of missed) this.deliver(e);
      if (missed.length > 0) this.log.info({ events: missed.length }, 'realtime: delivered the events of the outage');
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'realtime: could not read the missed events');
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client !== null && this.#client !== client) return;
    this.#client = null;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (this.#stopped || this.#retryTimer) return;
    const wait = LISTEN_RETRY_MS[Math.min(this.#retries, LISTEN_RETRY_MS.length - 1)]!;
    this.#retries++;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#connect();
    }, wait);
  }
}
