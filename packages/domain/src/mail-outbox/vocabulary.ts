/** What became of an e-mail: sent by SMTP, failed there, or kept in the outbox (no SMTP server configured). */
export const MailStatus = { OUTBOX: 'outbox', SENT: 'sent', FAILED: 'failed' } as const;
export type MailStatusValue = (typeof MailStatus)[keyof typeof MailStatus];
export const MAIL_STATUSES = Object.values(MailStatus);
export const MAIL_STATUS_COLORS: Readonly<Record<string, string>> = { outbox: 'blue', sent: 'green', failed: 'red' };
/** Longest stored address (the column's width). */
export const MAIL_ADDRESS_MAX_LENGTH = 191;
