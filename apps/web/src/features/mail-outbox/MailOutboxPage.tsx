/**
 * Mail outbox (platform): what the server sent, or kept instead of sending when no SMTP is configured. The declared
 * list (packages/domain mail-outbox/list.ts); a row opens the message.
 */
import { useState } from 'react';
import { Alert, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailOutboxList, MAIL_STATUS_COLORS, type ListRecord } from '@mg/domain';
import { useFormatters } from '../../components/format';
import { ListPage, StatusTag } from '../../components/list';

type MailRecord = ListRecord<typeof mailOutboxList>;

export default function MailOutboxPage() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const [viewing, setViewing] = useState<MailRecord | null>(null);

  return (
    <>
      <ListPage
        list={mailOutboxList}
        banner={<Alert type="info" showIcon message={t('mail-outbox.hint')} style={{ marginBottom: 12 }} />}
        onRowClick={setViewing}
        overrides={{ render: { subject: (r) => <Typography.Link onClick={() => setViewing(r)}>{r.subject}</Typography.Link> } }}
      />
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} width={640} title={viewing?.subject}>
        {viewing && (
          <>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('mail-outbox.to')}>{viewing.toAddress}</Descriptions.Item>
              <Descriptions.Item label={t('mail-outbox.time')}>{instant(viewing.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('mail-outbox.status')}>
                <StatusTag value={viewing.status} labels="mail-outbox.statuses" colors={MAIL_STATUS_COLORS} />
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
