/** SQL of outgoing mail: every message is one mail_outbox row. */
import type { Db } from '../../db/pool';
import { mailOutbox } from '../../db/schema';

export interface OutboxRow {
  merchantId: number | null;
  toAddress: string;
  subject: string;
  textBody: string;
  status: string;
  error: string | null;
  sentAt: Date | null;
}

export async function insertOutboxRow(db: Db, row: OutboxRow): Promise<void> {
  await db.insert(mailOutbox).values(row);
}
