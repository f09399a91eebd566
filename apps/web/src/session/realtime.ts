/**
 * The realtime socket of a signed-in tab (spec §7 `/vxeSocket/{userId}/{pageId}`, §9 heartbeat 10 s, timeout 6 s,
 * reconnect 5 s). The token is the first message, never part of the URL. Each event is handed on once (numbers seen
 * are remembered), and a reconnect names the last number seen so the server sends what was missed; when too much was
 * missed the server says `reset` and everything shown is reloaded.
 *
 * A connection that stops answering is given up by the client itself: no pong within 6 s of a ping, or no `ready`
 * within a ping's interval and its timeout of opening, and the socket is dropped (closed, and nothing it does after
 * counts) and a new one opened 5 s later. A close of a dead connection completes only when the other side answers
 * (Chromium fired `onclose` 45.6 s after `close()` on a server that hung, issue 40), so the reconnect is never left to
 * `onclose`; the state says `waiting` from the missed pong on, not `live`.
 */
import {
  SOCKET_HEARTBEAT_MS,
  SOCKET_RECONNECT_MS,
  SOCKET_TIMEOUT_MS,
  RealtimeClose,
  type RealtimeEvent,
  type RealtimeServerMessage,
} from '@mg/domain';

export const RealtimeState = { CONNECTING: 'connecting', LIVE: 'live', WAITING: 'waiting', ENDED: 'ended' } as const;
export type RealtimeStateValue = (typeof RealtimeState)[keyof typeof RealtimeState];

export interface RealtimeHandlers {
  /**
   * `fresh`: the event is newer than this connection's first `ready`. A reconnect's replay starts before the last
   * number seen (a change can commit under a lower number), so it can hand on changes from before the page connected:
   * those reload what is shown but are not news to tell.
   */
  onEvent: (event: RealtimeEvent, mine: boolean, fresh: boolean) => void;
  /** More was missed than the server replays: reload every list that shows pushed records. */
  onReset: () => void;
  onState?: (state: RealtimeStateValue) => void;
  /** The server refused the session: the app's own sign-out path should take over. */
  onRefused?: () => void;
}

export interface RealtimeOptions {
  url: string;
  token: string;
  handlers: RealtimeHandlers;
  /** Tests: a fake socket and timers. */
  createSocket?: (url: string) => WebSocket;
}

/** Numbers remembered to hand each event on once (a replay overlaps what was already seen). */
const SEEN_LIMIT = 2_000;

export class RealtimeConnection {
  #ws: WebSocket | null = null;
  #stopped = false;
  #lastSeq: number | null = null;
  /** The newest number when this connection was first ready: what came before it the page loaded fresh. */
  #startSeq: number | null = null;
  readonly #seen = new Set<number>();
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #pongTimer: ReturnType<typeof setTimeout> | null = null;
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Opened and not `ready` yet: given up when it runs out. */
  #connectTimer: ReturnType<typeof setTimeout> | null = null;
  #state: RealtimeStateValue = RealtimeState.CONNECTING;

  constructor(private readonly opts: RealtimeOptions) {}

  get state(): RealtimeStateValue {
    return this.#state;
  }

  get lastSeq(): number | null {
    return this.#lastSeq;
  }

  start(): void {
    this.#stopped = false;
    this.#open();
  }

  stop(): void {
    this.#stopped = true;
    this.#clearTimers();
    const ws = this.#ws;
    this.#ws = null;
    if (ws && ws.readyState <= 1) ws.close(1000);
    this.#setState(RealtimeState.ENDED);
  }

  #setState(state: RealtimeStateValue): void {
    if (this.#state === state) return;
    this.#state = state;
    this.opts.handlers.onState?.(state);
  }

  #clearTimers(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    if (this.#pongTimer) clearTimeout(this.#pongTimer);
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    if (this.#connectTimer) clearTimeout(this.#connectTimer);
    this.#heartbeat = this.#pongTimer = this.#reconnectTimer = this.#connectTimer = null;
  }

  /**
   * Gives up a socket that stopped answering: what it does from now on is ignored (its close, if it ever completes,
   * and any late message), it is asked to close, and the next one opens SOCKET_RECONNECT_MS later.
   */
  #drop(ws: WebSocket): void {
    if (this.#ws !== ws) return;
    this.#ws = null;
    this.#clearTimers();
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closing, or never opened: nothing to ask
    }
    this.#scheduleReconnect();
  }

  #open(): void {
    if (this.#stopped) return;
    this.#setState(RealtimeState.CONNECTING);
    let ws: WebSocket;
    try {
      ws = (this.opts.createSocket ?? ((u) => new WebSocket(u)))(this.opts.url);
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#ws = ws;
    // Not ready by the time a first ping's pong would be late: the way to the server is dead (a proxy that stopped
    // forwarding, a server that hangs) even if the socket does not know it.
    this.#connectTimer = setTimeout(() => this.#drop(ws), SOCKET_HEARTBEAT_MS + SOCKET_TIMEOUT_MS);
    ws.onopen = () => {
      if (this.#ws !== ws) return;
      ws.send(JSON.stringify({ type: 'auth', token: this.opts.token, since: this.#lastSeq }));
      this.#heartbeat = setInterval(() => this.#ping(ws), SOCKET_HEARTBEAT_MS);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (this.#ws === ws) this.#receive(e.data);
    };
    // An error is followed by a close; the reconnect is planned there, once.
    ws.onerror = () => undefined;
    ws.onclose = (e: CloseEvent) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      this.#clearTimers();
      if (e.code === RealtimeClose.UNAUTHORIZED || e.code === RealtimeClose.FORBIDDEN) {
        this.#setState(RealtimeState.ENDED);
        this.opts.handlers.onRefused?.();
        return;
      }
      this.#scheduleReconnect();
    };
  }

  #ping(ws: WebSocket): void {
    if (ws.readyState !== 1) return;
    ws.send(JSON.stringify({ type: 'ping' }));
    // A pong still awaited is late already (its timer gives the socket up): a new ping does not give it more time.
    if (this.#pongTimer) return;
    // No answer in time: the connection is dead even if the socket does not know it yet.
    this.#pongTimer = setTimeout(() => this.#drop(ws), SOCKET_TIMEOUT_MS);
  }

  #scheduleReconnect(): void {
    if (this.#stopped) return;
    this.#setState(RealtimeState.WAITING);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      this.#open();
    }, SOCKET_RECONNECT_MS);
  }

  #receive(data: unknown): void {
    let m: RealtimeServerMessage;
    try {
      m = JSON.parse(String(data)) as RealtimeServerMessage;
    } catch {
      return;
    }
    switch (m.type) {
      case 'ready':
        if (this.#connectTimer) clearTimeout(this.#connectTimer);
        this.#connectTimer = null;
        this.#startSeq ??= m.seq;
        if (this.#lastSeq === null || m.seq > this.#lastSeq) this.#lastSeq = m.seq;
        this.#setState(RealtimeState.LIVE);
        break;
      case 'pong':
        if (this.#pongTimer) clearTimeout(this.#pongTimer);
        this.#pongTimer = null;
        break;
      case 'reset':
        this.#lastSeq = m.seq;
        this.opts.handlers.onReset();
        break;
      case 'event': {
        const { seq } = m.event;
        if (this.#seen.has(seq)) return;
        this.#seen.add(seq);
        if (this.#seen.size > SEEN_LIMIT) this.#seen.delete(this.#seen.values().next().value as number);
        if (this.#lastSeq === null || seq > this.#lastSeq) this.#lastSeq = seq;
        this.opts.handlers.onEvent(m.event, m.mine, this.#startSeq === null || seq > this.#startSeq);
        break;
      }
    }
  }
}
