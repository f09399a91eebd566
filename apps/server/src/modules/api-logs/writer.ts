/**
 * Each instance's writer of request-log rows: a request hands over what its row is made of (a function making it)
 * after its answer is sent and goes on; the rows are made and written API_LOG_FLUSH_MS later, up to
 * API_LOG_BATCH_MAX in one INSERT, so the payment path pays neither a statement nor a wait for its log. Bounded: beyond API_LOG_BUFFER_MAX rows waiting (the database away),
 * new rows are dropped and counted, never queued without end; a failed write is logged and dropped, never retried
 * into a request. What an instance holds is only rows in transit (lost if it is killed, like its open sockets).
 * The writes go through a connection of the writer's own, so a flush never takes one of the pool's connections from
 * a payment waiting for it (with 16 clients on a pool of 10, every connection is in use).
 */
import { API_LOG_BATCH_MAX, API_LOG_BUFFER_MAX, API_LOG_FLUSH_MS } from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase, type Database } from '../../db/pool';
import { insertApiLogs, type ApiLogInsert } from './queries';

/** Makes a request's row when its batch is written; null: nothing to log (or it could not be made, logged). */
export type ApiLogEntry = () => ApiLogInsert | null;

export class ApiLogWriter {
  private rows: ApiLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Rows not kept because too many were waiting (metrics, tests). */
  dropped = 0;
  written = 0;

  private own: Database | null = null;

  /** `url`: the database (opened at the first write); or `database`, one given (tests of the bound). */
  constructor(
    private readonly target: { url: string } | { database: Database },
    private readonly log: FastifyBaseLogger,
  ) {}

  private database(): Database {
    if ('database' in this.target) return this.target.database;
    this.own ??= createDatabase(this.target.url, { max: 1, applicationName: 'mg-api-log', countRoundTrips: false });
    return this.own;
  }

  /** Writes what is waiting, then closes the writer's connection. */
  async close(): Promise<void> {
    await this.flush();
    await this.own?.pool.end();
    this.own = null;
  }

  add(row: ApiLogEntry): void {
    if (this.rows.length >= API_LOG_BUFFER_MAX) {
      this.dropped++;
      return;
    }
    this.rows.push(row);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), API_LOG_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is waiting (one write at a time); resolves when it is written or given up. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing = this.writing.then(async () => {
      while (this.rows.length > 0) {
        const entries = this.rows.splice(0, API_LOG_BATCH_MAX);
        const batch: ApiLogInsert[] = [];
        for (const make of entries) {
          const row = make();
          if (row) batch.push(row);
        }
        if (batch.length === 0) continue;
        try {
          await insertApiLogs(this.database().db, batch);
          this.written += batch.length;
        } catch (e) {
          this.dropped += batch.length;
          this.log.warn({ err: e, rows: batch.length }, 'api request log rows not written');
        }
      }
    });
    return this.writing;
  }
}
