import { useState } from 'react';
import { Badge, Button, Empty, List, Modal, Popover, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '../../components/list/paging';
import { PriorityTag } from './AnnouncementsPage';
import { createdOf, sysApi, type AnnouncementRecord } from '../users/api';

export const BELL_REFETCH_MS = 60_000;

function isRead(a: AnnouncementRecord): boolean {
  return a.read === true || a.readFlag === true || a.readFlag === '1' || a.readFlag === 1;
}

/** Header bell: unread count, the latest released announcements; opening one marks it read. */
export default function AnnouncementBell() {
  const { t } = useTranslation();
  const fmt = useFormatInstant();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);
  const list = useQuery({
    queryKey: ['sys', 'announcementsOfUser'],
    queryFn: sysApi.announcementsOfUser,
    refetchInterval: BELL_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
  const markRead = useMutation({
    mutationFn: (id: number) => sysApi.readAnnouncement(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sys', 'announcementsOfUser'] }),
  });
  const unread = list.data?.unreadCount ?? 0;
  const records = list.data?.records ?? [];

  const openOne = (a: AnnouncementRecord) => {
    setOpen(false);
    setViewing(a);
    if (!isRead(a)) markRead.mutate(a.id);
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
                  <Typography.Text strong={!isRead(a)} ellipsis>
                    {a.title}
                  </Typography.Text>
                }
                description={fmt(a.releasedAt ?? createdOf(a))}
              />
              {!isRead(a) && <Badge status="processing" />}
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <>
      <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('announcements.bell.title')} content={content}>
        <Button type="text" aria-label={t('announcements.bell.title')} data-testid="announcement-bell">
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        </Button>
      </Popover>
      <Modal open={viewing !== null} title={viewing?.title} footer={null} onCancel={() => setViewing(null)} width={640}>
        {viewing && (
          <>
            <Typography.Paragraph type="secondary">
              <PriorityTag priority={viewing.priority} /> {fmt(viewing.releasedAt ?? createdOf(viewing))}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
