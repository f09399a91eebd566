/**
 * Each instance's writer of request-log rows: a request hands its row over after its answer is sent and goes on;
 * the rows are written API_LOG_FLUSH_MS later, up to API_LOG_BATCH_MAX in one INSERT, so the payment path pays
 * neither a statement nor a wait for its log. Bounded: beyond API_LOG_BUFFER_MAX rows waiting (the database away),
 * new rows are dropped and counted, never queued without end; a failed write is logged and dropped, never retried
 * into a request. What an instance holds is only rows in transit (lost if it is killed, like its open sockets).
 */
import { API_LOG_BATCH_MAX, API_LOG_BUFFER_MAX, API_LOG_FLUSH_MS } from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool';
import { insertApiLogs, type ApiLogInsert } from './queries';

export class ApiLogWriter {
  private rows: ApiLogInsert[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Rows not kept because too many were waiting (metrics, tests). */
  dropped = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(row: ApiLogInsert): void {
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
        const batch = this.rows.splice(0, API_LOG_BATCH_MAX);
        try {
          await insertApiLogs(this.db, batch);
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
