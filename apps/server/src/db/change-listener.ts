/**
 * Tells this instance when staff changed something it keeps a copy of (issue 41): one connection of its own LISTENs
 * on `mg_config_changed`, which the triggers of migration 0033 notify with the name of what changed (`dict`). Each
 * name has handlers (the dictionary service clears its copy). A connection that drops is opened again, and every
 * handler then runs once, since notices sent meanwhile are lost; the copies' own time to live bounds what a listener
 * that cannot connect at all would miss. It connects to PostgreSQL itself (DATABASE_DIRECT_URL): a transaction
 * pooler would hand the LISTEN's session to another client after the statement.
 *
 * Not for the open API's configuration cache, which checks a version in the statement each call makes anyway
 * (db/config-cache.ts), and not for anything on the payment path: a notifying commit takes a database-wide lock
 * (docs/decisions.md, issue 10); staff's rare writes to dictionaries may pay it.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export const CHANGE_CHANNEL = 'mg_config_changed';
const RETRY_MS = 2_000;

export class ChangeListener {
  readonly #handlers = new Map<string, (() => void)[]>();
  #client: pg.Client | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = true;
  #failures = 0;

  /** `url`: PostgreSQL past any pooler (the requests' pool's own when there is none). */
  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  on(name: string, handler: () => void): void {
    this.#handlers.set(name, [...(this.#handlers.get(name) ?? []), handler]);
  }

  /** Resolves once listening (or once the first attempt failed: it goes on trying in the background). */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const c = this.#client;
    this.#client = null;
    await c?.end().catch(() => undefined);
  }

  #fire(name: string): void {
    for (const h of this.#handlers.get(name) ?? []) h();
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'mg-changes', connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => undefined);
      this.#retry();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (m) => {
      if (m.channel === CHANGE_CHANNEL && m.payload) this.#fire(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.#stopped) {
        await client.end();
        return;
      }
      this.#client = client;
      // Whatever changed while no connection listened: every copy is read again.
      if (this.#failures > 0) for (const name of this.#handlers.keys()) this.#fire(name);
      this.#failures = 0;
    } catch (err) {
      client.end().catch(() => undefined);
      if (this.#failures++ === 0) this.log.warn({ err }, 'change listener: cannot listen for configuration changes; trying again (copies expire on their own meanwhile)');
      this.#retry();
    }
  }

  #retry(): void {
    if (this.#stopped || this.#timer) return;
    this.#failures = Math.max(1, this.#failures);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#connect();
    }, RETRY_MS);
    this.#timer.unref();
  }
}
