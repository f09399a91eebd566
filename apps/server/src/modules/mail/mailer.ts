/**
 * Outgoing mail. Every message is written to mail_outbox (the record platform staff read at /sys/mail/outbox);
 * with MAIL_URL set it is also sent over SMTP (nodemailer) and the row says whether that worked. In development
 * a log line `mail to <addr>: <subject>` carries the text (codes included) so a developer needs no mailbox;
 * never in production or test.
 */
import type { Transporter } from 'nodemailer';
import { MailStatus, type MailStatusValue } from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool';
import { insertOutboxRow } from './queries';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Sender address; default no-reply@localhost. */
  from?: string;
  merchantId?: number | null;
}

export interface MailerOptions {
  mailUrl?: string;
  nodeEnv?: 'development' | 'production' | 'test';
  /** Tests: a nodemailer transport of their own (e.g. jsonTransport). */
  transport?: Transporter;
}


export class Mailer {
  #smtp: Promise<Transporter> | undefined;

  constructor(private readonly opts: MailerOptions = {}) {}

  /** nodemailer is loaded by the first message sent over SMTP: without MAIL_URL it is never needed (~15 MB at rest). */
  #transport(): Promise<Transporter> | undefined {
    if (this.opts.transport) return Promise.resolve(this.opts.transport);
    const url = this.opts.mailUrl;
    if (!url) return undefined;
    return (this.#smtp ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  }

  async send(db: Db, log: FastifyBaseLogger, msg: MailMessage): Promise<MailStatusValue> {
    let status: MailStatusValue = MailStatus.OUTBOX;
    let error: string | null = null;
    const transport = this.#transport();
    if (transport) {
      try {
        await (await transport).sendMail({ from: msg.from ?? 'no-reply@localhost', to: msg.to, subject: msg.subject, text: msg.text });
        status = MailStatus.SENT;
      } catch (err) {
        status = MailStatus.FAILED;
        error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        log.warn({ errMessage: error }, 'mail: SMTP delivery failed, kept in the outbox');
      }
    }
    await insertOutboxRow(db, {
      merchantId: msg.merchantId ?? null,
      toAddress: msg.to.slice(0, 191),
      subject: msg.subject.slice(0, 255),
      textBody: msg.text,
      status,
      error,
      sentAt: status === MailStatus.SENT ? new Date() : null,
    });
    if (this.opts.nodeEnv === 'development') log.info(`mail to ${msg.to}: ${msg.subject} | ${msg.text}`);
    return status;
  }
}
