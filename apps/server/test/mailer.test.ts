/**
 * Outgoing mail through the Mailer: every message lands in mail_outbox; with MAIL_URL it also goes over SMTP (nodemailer,
 * loaded by the first message), and the row says whether that worked.
 */
import { MailStatus } from '@mg/domain';
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '../src/modules/mail/mailer';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

const log = pino({ level: 'silent' });

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function outboxRow(to: string) {
  const { rows } = await tdb.pool.query<{ status: string; error: string | null; sent_at: Date | null }>(
    'select status, error, sent_at from mail_outbox where to_address = $1',
    [to],
  );
  return rows;
}

describe('Mailer', () => {
  it('without MAIL_URL: kept in the outbox, nothing sent', async () => {
    const status = await new Mailer({ nodeEnv: 'test' }).send(tdb.db, log, { to: 'a@example.test', subject: 's', text: 't' });
    expect(status).toBe(MailStatus.OUTBOX);
    expect(await outboxRow('a@example.test')).toEqual([{ status: MailStatus.OUTBOX, error: null, sent_at: null }]);
  });

  it('with MAIL_URL and no SMTP server answering: failed, the reason recorded, the message kept', async () => {
    const mailer = new Mailer({ nodeEnv: 'test', mailUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const status = await mailer.send(tdb.db, log, { to: 'b@example.test', subject: 's', text: 't' });
    expect(status).toBe(MailStatus.FAILED);
    const [row] = await outboxRow('b@example.test');
    expect(row).toMatchObject({ status: MailStatus.FAILED, sent_at: null });
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });

  it('with a working transport: sent, and the outbox row says when', async () => {
    const { default: nodemailer } = await import('nodemailer');
    const mailer = new Mailer({ nodeEnv: 'test', transport: nodemailer.createTransport({ jsonTransport: true }) });
    expect(await mailer.send(tdb.db, log, { to: 'c@example.test', subject: 's', text: 't' })).toBe(MailStatus.SENT);
    const [row] = await outboxRow('c@example.test');
    expect(row?.status).toBe(MailStatus.SENT);
    expect(row?.sent_at).toBeInstanceOf(Date);
  });
});
