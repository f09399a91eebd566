/**
 * Transaction records (collections): the declared list (packages/domain collections/list.ts) with a detail drawer
 * (callback attempts, resend) and the refund action (docs/payments-api.md "Collections").
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, collectionsList } from '@mg/domain';
import { Can } from '../../components/Can';
import { useFormatters } from '../../components/format';
import { ListPage } from '../../components/list';
import { RefundModal } from './RefundModal';
import { TransactionDrawer, canRefund } from './TransactionDrawer';

export default function CollectionsPage() {
  const { t } = useTranslation();
  const { currency } = useFormatters();
  const [openId, setOpenId] = useState<string | null>(null);
  const [refundId, setRefundId] = useState<string | null>(null);

  return (
    <>
      <ListPage
        list={collectionsList}
        tooltip={t('collections.defaultRangeHint')}
        onRowClick={(r) => setOpenId(r.id)}
        overrides={{
          // Codes can be long (QR payloads): cut with an ellipsis; the full code is in the details and copied whole.
          props: { paymentCode: { width: 180 } },
          render: {
            paymentCode: (r) => (r.paymentCode ? <Typography.Text copyable={{ text: r.paymentCode }} ellipsis={{ tooltip: r.paymentCode }} style={{ maxWidth: 160 }}>{r.paymentCode}</Typography.Text> : '-'),
            payerName: (r) =>
              r.payerName || r.payerEmail ? (
                <Space direction="vertical" size={0}>
                  <span>{r.payerName ?? '-'}</span>
                  {r.payerEmail && <Typography.Text type="secondary">{r.payerEmail}</Typography.Text>}
                </Space>
              ) : (
                '-'
              ),
          },
        }}
        actions={(r) => [
          <Button key="details" type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(r.id)} data-testid={`details-${r.id}`}>
            {t('common.actions.details')}
          </Button>,
          canRefund(r, currency) ? (
            <Can key="refund" code={Perm.REFUND_ADD}>
              <Button type="link" size="small" danger icon={<RollbackOutlined />} onClick={() => setRefundId(r.id)} data-testid={`refund-${r.id}`}>
                {t('refunds.form.action')}
              </Button>
            </Can>
          ) : null,
        ]}
      />
      <TransactionDrawer id={openId} onClose={() => setOpenId(null)} />
      {refundId && <RefundModal collectionId={refundId} onClose={() => setRefundId(null)} onRefunded={() => setRefundId(null)} />}
    </>
  );
}
