/**
 * `COPY <table> (<columns>) FROM STDIN` through node-postgres without an extra package: a "submittable" (the
 * interface pg.Client#query accepts for custom query classes, as pg-cursor uses) that speaks the COPY-in
 * sub-protocol itself. Rows are text-format lines (tab-separated, `\N` for null) produced by an async generator
 * of string chunks; writing waits for the socket to drain, so memory stays flat whatever the row count.
 *
 *   const rows = await copyIn(client, 'copy collection (id, ...) from stdin', chunks());
 */
import type pg from 'pg';

/** The parts of pg's internal Connection the COPY-in protocol needs. */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean };
}

/** Escapes a value for COPY text format; null and undefined become `\N`. */
export function copyText(v: string | number | bigint | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  return v.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

class CopyInQuery {
  readonly done: Promise<number>;
  #resolve!: (n: number) => void;
  #reject!: (e: unknown) => void;
  #rows = 0;
  #failed = false;

  constructor(
    readonly text: string,
    private readonly source: AsyncIterable<string>,
  ) {
    this.done = new Promise((res, rej) => {
      this.#resolve = res;
      this.#reject = rej;
    });
  }

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    void this.#pump(connection);
  }

  async #pump(connection: PgConnection): Promise<void> {
    try {
      for await (const chunk of this.source) {
        if (this.#failed) return;
        connection.sendCopyFromChunk(Buffer.from(chunk, 'utf8'));
        if (connection.stream.writableNeedDrain) await new Promise((r) => connection.stream.once('drain', r));
      }
      if (!this.#failed) connection.endCopyFrom();
    } catch (e) {
      // The source failed: abort the COPY (the server answers with an error, which rejects `done`).
      connection.sendCopyFail(e instanceof Error ? e.message : String(e));
      this.#failed = true;
      this.#reject(e);
    }
  }

  handleCommandComplete(msg: { text?: string }): void {
    const m = /COPY (\d+)/.exec(msg.text ?? '');
    this.#rows = m ? Number(m[1]) : 0;
  }

  handleReadyForQuery(): void {
    this.#resolve(this.#rows);
  }

  handleError(err: unknown): void {
    this.#failed = true;
    this.#reject(err);
  }

  // Not expected during COPY FROM STDIN; present because pg may call them.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Runs one COPY ... FROM STDIN on `client` and resolves with the row count the server reports. */
export async function copyIn(
  client: pg.Client | pg.PoolClient,
  copySql: string,
  source: AsyncIterable<string>,
): Promise<number> {
  const q = new CopyInQuery(copySql, source);
  (client as unknown as { query(s: unknown): unknown }).query(q);
  return q.done;
}
