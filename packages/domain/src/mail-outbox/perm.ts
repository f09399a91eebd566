/** Permission codes of the mail outbox. */
export const MAIL_OUTBOX_PERM = { MAIL_OUTBOX_MENU: 'mail-outbox:menu' } as const;
