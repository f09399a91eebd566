import { useState } from 'react';
import { Alert, Descriptions, Drawer, Tag, Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { tablePagination, useFormatInstant, usePagedRequest, useUrlFilters } from '../../components/list/paging';
import { createdOf, type MailRecord } from '../users/api';

export const MAIL_STATUSES = ['outbox', 'sent', 'failed'] as const;
const MAIL_COLORS: Record<string, string> = { outbox: 'blue', sent: 'green', failed: 'red' };

function MailStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={MAIL_COLORS[status] ?? 'default'}>{MAIL_STATUSES.includes(status as 'sent') ? t(`mail-outbox.status.${status}`) : status}</Tag>;
}

/** Mail outbox (platform): what the server sent, or kept instead of sending when no SMTP is configured. */
export default function MailOutbox() {
  const { t } = useTranslation();
  const fmt = useFormatInstant();
  const { initial, write } = useUrlFilters();
  const request = usePagedRequest<MailRecord>('/sys/mail/outbox', write);
  const [viewing, setViewing] = useState<MailRecord | null>(null);

  const columns: ProColumns<MailRecord>[] = [
    { title: t('mail-outbox.time'), key: 'time', search: false, width: 170, render: (_, r) => fmt(createdOf(r)) },
    { title: t('mail-outbox.to'), dataIndex: 'toAddress', initialValue: initial.toAddress },
    {
      title: t('mail-outbox.subject'),
      dataIndex: 'subject',
      search: false,
      render: (_, r) => <Typography.Link onClick={() => setViewing(r)}>{r.subject}</Typography.Link>,
    },
    {
      title: t('mail-outbox.status'),
      dataIndex: 'status',
      search: false,
      render: (_, r) => <MailStatusTag status={r.status} />,
    },
    { title: t('mail-outbox.sentAt'), dataIndex: 'sentAt', search: false, render: (_, r) => fmt(r.sentAt) },
  ];

  return (
    <>
      <Alert type="info" showIcon message={t('mail-outbox.hint')} style={{ marginBottom: 12 }} />
      <ProTable<MailRecord>
        rowKey="id"
        columns={columns}
        request={request}
        headerTitle={t('mail-outbox.title')}
        pagination={tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        onRow={(r) => ({ onDoubleClick: () => setViewing(r) })}
      />
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} width={640} title={viewing?.subject}>
        {viewing && (
          <>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('mail-outbox.to')}>{viewing.toAddress}</Descriptions.Item>
              <Descriptions.Item label={t('mail-outbox.time')}>{fmt(createdOf(viewing))}</Descriptions.Item>
              <Descriptions.Item label={t('mail-outbox.status')}>
                <MailStatusTag status={viewing.status} />
              </Descriptions.Item>
              {viewing.error && <Descriptions.Item label={t('mail-outbox.error')}>{viewing.error}</Descriptions.Item>}
            </Descriptions>
            <Typography.Paragraph copyable={{ text: viewing.textBody }} style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} data-testid="mail-body">
              {viewing.textBody}
            </Typography.Paragraph>
          </>
        )}
      </Drawer>
    </>
  );
}
