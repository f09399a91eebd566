/**
 * The realtime hub of one server instance: it reads the events committed since its last read every
 * REALTIME.POLL_MS (the `realtime_event` outbox the triggers write) and hands each to the sockets of this instance
 * that may see it. Every instance reads the same table, so nothing is shared between instances but the database.
 * A failed read (the database away) is tried again from where it stood, less often while it keeps failing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { REALTIME, REALTIME_AUDIENCES, realtimeReaches, type RealtimeEvent, type RealtimeServerMessage } from '@mg/domain';
import { createDatabase, databaseUrlOf, type Database, type Db } from '../../db/pool';
import { holds, type AuthSession } from '../auth/plugin';
import { OutboxCursor } from './cursor';
import { eventsAfter, eventsSince, latestSeq } from './queries';

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
  /** What the catch-up sent: a later read of the outbox may bring the same events, which are not sent again. */
  replayed: Set<number>;
}

export class RealtimeHub {
  readonly #entries = new Set<Entry>();
  #stopped = false;
  /** Null until the first read of the newest number (the database may be away at start). */
  #cursor: OutboxCursor | null = null;
  #timer: NodeJS.Timeout | null = null;
  #reading: Promise<void> | null = null;
  /** Callers of `sync`: resolved at the end of the next read that begins. */
  #waiters: (() => void)[] = [];
  /** Reads failed in a row (the database away): the next waits longer, and only the first is logged. */
  #failures = 0;

  /**
   * The reads of the outbox have their own connection, out of the requests' pool: a read never waits for a pool slot
   * nor holds one from a payment, and is not counted among the requests' round trips. Opened at the first read.
   */
  #outbox: Database | null = null;

  /** `db`: the requests' database, for a socket's catch-up (the work of that socket's request). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  get #outboxDb(): Db {
    this.#outbox ??= createDatabase(databaseUrlOf(this.pool), { max: 1, applicationName: 'mg-realtime', countRoundTrips: false });
    return this.#outbox.db;
  }

  /** Authenticated sockets receiving events. */
  get size(): number {
    return this.#entries.size;
  }

  /** The open sockets of this instance, authenticated or not yet (routes.ts hands over its WebSocket server's set). */
  sockets: { readonly size: number } | null = null;

  get connections(): number {
    return this.sockets?.size ?? 0;
  }

  start(): void {
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#reading;
    for (const w of this.#waiters.splice(0)) w();
    await this.#outbox?.pool.end();
    this.#outbox = null;
  }

  /**
   * Adds a socket. With `since` (the last number the client saw) it is first sent what it missed; more than the
   * catch-up limit and it is told to reload instead. Resolves with the number the client is now current to.
   */
  async subscribe(sub: Subscriber, since: number | null): Promise<Entry> {
    const entry: Entry = { sub, pending: since === null ? null : [], replayed: new Set() };
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
        for (const e of missed) {
          if (!mayReceive(sub.auth, e)) continue;
          entry.replayed.add(e.seq);
          sub.send(messageOf(sub.auth, e));
        }
        for (const e of pending) if (!entry.replayed.has(e.seq)) sub.send(messageOf(sub.auth, e));
      }
    }
    sub.send({ type: 'ready', seq: current });
    return entry;
  }

  unsubscribe(entry: Entry): void {
    this.#entries.delete(entry);
  }

  /** An event read from the outbox: to every socket that may see it. */
  deliver(event: RealtimeEvent): void {
    for (const entry of this.#entries) {
      if (!mayReceive(entry.sub.auth, event)) continue;
      if (entry.pending) entry.pending.push(event);
      else if (!entry.replayed.has(event.seq)) entry.sub.send(messageOf(entry.sub.auth, event));
    }
  }

  /** One read of what was committed since the last: delivered oldest first, each event once. */
  async #read(): Promise<boolean> {
    if (!this.#cursor) {
      this.#cursor = new OutboxCursor(await latestSeq(this.#outboxDb));
      return false;
    }
    const cursor = this.#cursor;
    const events = await eventsAfter(this.#outboxDb, cursor.after, cursor.gaps, REALTIME.POLL_BATCH);
    const fresh = cursor.take(
      events.map((e) => e.seq),
      Date.now(),
    );
    events.forEach((e, i) => fresh[i] && this.deliver(e));
    return events.length === REALTIME.POLL_BATCH;
  }

  /** Resolves once a read that began after this call has ended: what was committed before it has been handed on. */
  sync(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #schedule(wait: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      const waiting = this.#waiters.splice(0);
      this.#reading = this.#read()
        .then((more) => {
          if (this.#failures > 0) this.log.info({ failures: this.#failures }, 'realtime: reading the events again');
          this.#failures = 0;
          return more ? 0 : REALTIME.POLL_MS;
        })
        .catch((err: Error) => {
          if (this.#failures++ === 0) this.log.warn({ err: err.message }, 'realtime: could not read the events');
          return Math.min(REALTIME.POLL_MS * 2 ** this.#failures, REALTIME.POLL_RETRY_MAX_MS);
        })
        .then((next) => {
          for (const w of waiting) w();
          this.#schedule(next);
        });
    }, wait);
    // A server closing does not wait for the next tick.
    this.#timer.unref();
  }
}
