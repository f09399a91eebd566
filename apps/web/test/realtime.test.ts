/**
 * The realtime connection of a tab (session/realtime.ts) against a scripted socket: the token goes in the first
 * message, never the URL; a ping every 10 s and a close when no pong comes in 6 s; a reconnect 5 s after a close
 * that names the last number seen; each event handed on once; no reconnect after the server refused the session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClose, SOCKET_HEARTBEAT_MS, SOCKET_RECONNECT_MS, SOCKET_TIMEOUT_MS, type RealtimeEvent } from '@mg/domain';
import { RealtimeConnection, RealtimeState } from '../src/session/realtime';
import { realtimeUrl } from '../src/app/shell/useRealtime';

class ScriptedSocket {
  static all: ScriptedSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const event = (seq: number, over: Partial<RealtimeEvent> = {}): RealtimeEvent => ({
  seq,
  kind: 'collection',
  merchantId: 10001,
  userId: null,
  id: `C${seq}`,
  status: 'success',
  actor: null,
  created: false,
  at: '2026-11-27T10:00:00.000Z',
  ...over,
});

/**
 * A socket whose connection went dead (a server that hangs, a proxy that stopped forwarding): `close()` starts the
 * closing handshake and nothing completes it, so `onclose` never fires (Chromium fires it only once the other side
 * answers: 45.6 s later in issue 40, or never).
 */
class HungSocket extends ScriptedSocket {
  override close() {
    if (this.readyState < 2) this.readyState = 2;
  }
  /** The close completing long after (the server woke up). */
  lateClose() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

function connection(Socket: typeof ScriptedSocket = ScriptedSocket) {
  const events: number[] = [];
  const states: string[] = [];
  const handlers = { onEvent: vi.fn((e: RealtimeEvent, _mine: boolean, _fresh: boolean) => events.push(e.seq)), onReset: vi.fn(), onRefused: vi.fn(), onState: (s: string) => states.push(s) };
  const c = new RealtimeConnection({ url: 'ws://host.test/api/vxeSocket/7/page', token: 'secret-token', handlers, createSocket: (u) => new Socket(u) as unknown as WebSocket });
  return { c, events, states, handlers };
}

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('realtime connection', () => {
  it('sends the token as the first message, not in the URL; events are handed on once', () => {
    const { c, events, states } = connection();
    c.start();
    const s = ScriptedSocket.all[0]!;
    expect(s.url).not.toContain('secret-token');
    s.open();
    expect(s.sent[0]).toEqual({ type: 'auth', token: 'secret-token', since: null });
    s.receive({ type: 'ready', seq: 40 });
    expect(states.at(-1)).toBe(RealtimeState.LIVE);
    s.receive({ type: 'event', event: event(41), mine: false });
    s.receive({ type: 'event', event: event(41), mine: false });
    s.receive({ type: 'event', event: event(43), mine: false });
    expect(events).toEqual([41, 43]);
    expect(c.lastSeq).toBe(43);
    c.stop();
  });

  it('pings every 10 s, closes when no pong comes in 6 s, reconnects 5 s later naming the last number seen', () => {
    const { c, events, states, handlers } = connection();
    c.start();
    const first = ScriptedSocket.all[0]!;
    first.open();
    first.receive({ type: 'ready', seq: 5 });
    first.receive({ type: 'event', event: event(6), mine: false });

    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ type: 'pong' });
    vi.advanceTimersByTime(SOCKET_TIMEOUT_MS);
    expect(first.readyState).toBe(1);

    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS - SOCKET_TIMEOUT_MS);
    expect(first.sent.filter((m) => m.type === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(SOCKET_TIMEOUT_MS);
    expect(first.readyState).toBe(3);
    expect(states.at(-1)).toBe(RealtimeState.WAITING);

    vi.advanceTimersByTime(SOCKET_RECONNECT_MS - 1);
    expect(ScriptedSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = ScriptedSocket.all[1]!;
    second.open();
    expect(second.sent[0]).toEqual({ type: 'auth', token: 'secret-token', since: 6 });
    // The replay overlaps what was seen: only the new one is handed on.
    second.receive({ type: 'event', event: event(6), mine: false });
    // The replay starts before the cursor: a change from before the page connected reloads but is no news.
    second.receive({ type: 'event', event: event(3), mine: false });
    second.receive({ type: 'event', event: event(7), mine: false });
    second.receive({ type: 'ready', seq: 7 });
    expect(events).toEqual([6, 3, 7]);
    expect(handlers.onEvent.mock.calls.map(([e, , fresh]) => [e.seq, fresh])).toEqual([
      [6, true],
      [3, false],
      [7, true],
    ]);
    c.stop();
  });

  it('a close or an error of the network: reconnects after 5 s; a refused session: no reconnect', () => {
    const { c, handlers, states } = connection();
    c.start();
    ScriptedSocket.all[0]!.close(1006);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(ScriptedSocket.all).toHaveLength(2);
    const s = ScriptedSocket.all[1]!;
    s.open();
    s.close(RealtimeClose.UNAUTHORIZED);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 3);
    expect(ScriptedSocket.all).toHaveLength(2);
    expect(handlers.onRefused).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe(RealtimeState.ENDED);
    c.stop();
  });

  it('a reset reloads what is shown and moves the cursor', () => {
    const { c, handlers } = connection();
    c.start();
    const s = ScriptedSocket.all[0]!;
    s.open();
    s.receive({ type: 'reset', seq: 900 });
    expect(handlers.onReset).toHaveBeenCalledTimes(1);
    expect(c.lastSeq).toBe(900);
    c.stop();
  });

  it('the address follows the page: wss on https, the user and page in the path', () => {
    expect(realtimeUrl(7, 'p1', { protocol: 'https:', host: 'dash.example.test' })).toBe('wss://dash.example.test/api/vxeSocket/7/p1');
    expect(realtimeUrl(7, 'p1', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/vxeSocket/7/p1');
  });

  it('no pong in 6 s on a connection that never closes: not live from then on, a new socket 5 s later whatever the old one does', () => {
    const { c, events, states } = connection(HungSocket);
    c.start();
    const dead = ScriptedSocket.all[0] as HungSocket;
    dead.open();
    dead.receive({ type: 'ready', seq: 10 });
    dead.receive({ type: 'event', event: event(11), mine: false });
    expect(c.state).toBe(RealtimeState.LIVE);

    // The server hangs: the ping goes out, no pong comes back.
    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS);
    expect(dead.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(SOCKET_TIMEOUT_MS - 1);
    expect(c.state).toBe(RealtimeState.LIVE);
    vi.advanceTimersByTime(1);
    // Given up: asked to close (it never completes) and said so at once.
    expect(dead.readyState).toBe(2);
    expect(c.state).toBe(RealtimeState.WAITING);

    vi.advanceTimersByTime(SOCKET_RECONNECT_MS - 1);
    expect(ScriptedSocket.all).toHaveLength(1);
    expect(c.state).toBe(RealtimeState.WAITING);
    vi.advanceTimersByTime(1);
    expect(ScriptedSocket.all).toHaveLength(2);
    expect(c.state).toBe(RealtimeState.CONNECTING);
    const next = ScriptedSocket.all[1] as HungSocket;
    next.open();
    expect(next.sent[0]).toEqual({ type: 'auth', token: 'secret-token', since: 11 });

    // The old socket wakes up: its late messages and its close count for nothing (no state, no second reconnect).
    dead.receive({ type: 'event', event: event(12), mine: false });
    dead.receive({ type: 'ready', seq: 12 });
    dead.lateClose();
    expect(events).toEqual([11]);
    expect(c.state).toBe(RealtimeState.CONNECTING);
    next.receive({ type: 'ready', seq: 12 });
    expect(c.state).toBe(RealtimeState.LIVE);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS * 3);
    expect(ScriptedSocket.all).toHaveLength(2);
    expect(states).toEqual([RealtimeState.LIVE, RealtimeState.WAITING, RealtimeState.CONNECTING, RealtimeState.LIVE]);
    c.stop();
  });

  it('a socket that never gets ready (the way to the server is dead) is given up after a ping and its timeout', () => {
    const { c } = connection(HungSocket);
    c.start();
    const stuck = ScriptedSocket.all[0] as HungSocket;
    expect(c.state).toBe(RealtimeState.CONNECTING);
    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS + SOCKET_TIMEOUT_MS - 1);
    expect(c.state).toBe(RealtimeState.CONNECTING);
    vi.advanceTimersByTime(1);
    expect(stuck.readyState).toBe(2);
    expect(c.state).toBe(RealtimeState.WAITING);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(ScriptedSocket.all).toHaveLength(2);
    // Opened and authenticated but never ready (a server that hangs after the upgrade): given up the same way.
    const half = ScriptedSocket.all[1] as HungSocket;
    half.open();
    vi.advanceTimersByTime(SOCKET_HEARTBEAT_MS + SOCKET_TIMEOUT_MS);
    expect(c.state).toBe(RealtimeState.WAITING);
    vi.advanceTimersByTime(SOCKET_RECONNECT_MS);
    expect(ScriptedSocket.all).toHaveLength(3);
    c.stop();
  });
});
