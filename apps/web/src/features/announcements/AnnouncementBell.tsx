import { useState } from 'react';
import { Badge, Button, Empty, List, Modal, Popover, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../components/format';
import { PriorityTag } from './PriorityTag';

/** Above this many unread, the badge shows "99+". */
const BELL_OVERFLOW = 99;
import { useAnnouncementsOfUser, useMarkRead, type UserAnnouncement } from './hooks';

/** Header bell: unread count, the latest released announcements; opening one marks it read. */
export default function AnnouncementBell() {
  const { t } = useTranslation();
  const { instant: fmt } = useFormatters();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<UserAnnouncement | null>(null);
  const list = useAnnouncementsOfUser();
  const markRead = useMarkRead();
  const unread = list.data?.unreadCount ?? 0;
  const records = list.data?.records ?? [];

  const openOne = (a: UserAnnouncement) => {
    setOpen(false);
    setViewing(a);
    if (!a.read) markRead.mutate(a.id);
  };

  const content = (
    <div style={{ width: 320, maxHeight: 400, overflowY: 'auto' }} data-testid="announcement-list">
      {list.isLoading ? (
        <Spin />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('announcements.bell.empty')} />
      ) : (
        <List
          size="small"
          dataSource={records}
          renderItem={(a) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => openOne(a)}>
              <List.Item.Meta
                title={
                  <Typography.Text strong={!a.read} ellipsis>
                    {a.title}
                  </Typography.Text>
                }
                description={fmt(a.releasedAt ?? a.createdAt)}
              />
              {!a.read && <Badge status="processing" />}
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <>
      <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('announcements.bell.title')} content={content}>
        {/* The name holds the count the badge shows (WCAG 2.5.3: a visible label is part of the accessible name). */}
        <Button
          type="text"
          aria-label={unread > 0 ? t('announcements.bell.unread', { count: unread > BELL_OVERFLOW ? `${BELL_OVERFLOW}+` : unread }) : t('announcements.bell.title')}
          data-testid="announcement-bell"
        >
          <Badge count={unread} size="small" overflowCount={BELL_OVERFLOW}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        </Button>
      </Popover>
      <Modal open={viewing !== null} title={viewing?.title} footer={null} onCancel={() => setViewing(null)} width={640}>
        {viewing && (
          <>
            <Typography.Paragraph type="secondary">
              <PriorityTag priority={viewing.priority} /> {fmt(viewing.releasedAt ?? viewing.createdAt)}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
