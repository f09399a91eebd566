/** The mail outbox (platform staff): every message sent, or kept when no SMTP server is configured. */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';
import { mailOutboxList } from './list';
import { MAIL_OUTBOX_PERM } from './perm';

export * from './list';
export * from './perm';
export * from './vocabulary';

export const mailOutboxArea = defineArea({
  name: 'mail-outbox',
  perm: MAIL_OUTBOX_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 80, path: '/system/mail-outbox', name: 'system-mail-outbox', component: 'mail-outbox/MailOutbox', titleKey: 'mail-outbox.menu', icon: 'MailOutlined', perm: MAIL_OUTBOX_PERM.MAIL_OUTBOX_MENU, tiers: [GrantTier.PLATFORM], keepAlive: true }],
  lists: [mailOutboxList],
});
