/**
 * A realtime WebSocket client for tests (modules/realtime): every message kept in order, the close code, and waits
 * on them. `new Socket(url)`, `await s.open()`, `s.send({ type: 'auth', token, since })`, `await s.until(() => ...)`.
 */
import type { RealtimeServerMessage } from '@mg/domain';
import WebSocket from 'ws';

/** A socket with its messages kept, and waits on them. */
export class Socket {
  readonly messages: RealtimeServerMessage[] = [];
  closeCode: number | null = null;
  readonly ws: WebSocket;
  readonly #waiters: (() => void)[] = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (d) => {
      this.messages.push(JSON.parse(String(d)) as RealtimeServerMessage);
      this.#wake();
    });
    this.ws.on('close', (code) => {
      this.closeCode = code;
      this.#wake();
    });
  }

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w();
  }

  async open(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) return;
    await new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
    });
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  /** Resolves when `pred` holds, or fails after `ms`. */
  async until<T>(pred: () => T | undefined | false, ms = 5_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = pred();
      if (v) return v;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; messages: ${JSON.stringify(this.messages).slice(0, 500)}, close ${this.closeCode}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  events(): Extract<RealtimeServerMessage, { type: 'event' }>[] {
    return this.messages.filter((m): m is Extract<RealtimeServerMessage, { type: 'event' }> => m.type === 'event');
  }

  close(): void {
    this.ws.close();
  }
}
