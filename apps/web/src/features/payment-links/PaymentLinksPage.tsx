/**
 * Payment links: shareable cashier links for a fixed amount (docs/payments-api.md "Payment links"): the declared
 * list (packages/domain payment-links/list.ts), create (then the link to copy), void an active one.
 */
import { useState } from 'react';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { LinkOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PaymentLinkStatus, Perm, paymentLinksList } from '@mg/domain';
import { Can } from '../../components/Can';
import { useFormatters } from '../../components/format';
import { ListPage } from '../../components/list';
import { CreatePaymentLinkModal } from './CreatePaymentLinkModal';
import { useVoidPaymentLink, type PaymentLinkRecord } from './hooks';

function VoidButton({ link }: { link: PaymentLinkRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const voidLink = useVoidPaymentLink();
  return (
    <Can code={Perm.PAYMENT_LINK_VOID}>
      <Popconfirm
        title={t('payment-links.voidConfirm')}
        okText={t('common.actions.confirm')}
        cancelText={t('common.actions.cancel')}
        okButtonProps={{ danger: true, loading: voidLink.isPending }}
        onConfirm={async () => {
          await voidLink.mutateAsync(link.id);
          message.success(t('payment-links.voided'));
        }}
      >
        <Button type="link" size="small" danger icon={<StopOutlined />} data-testid={`void-${link.id}`}>
          {t('payment-links.void')}
        </Button>
      </Popconfirm>
    </Can>
  );
}

export default function PaymentLinksPage() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <ListPage
        list={paymentLinksList}
        tooltip={t('collections.defaultRangeHint')}
        overrides={{
          render: {
            description: (r) => (
              <Typography.Text ellipsis={{ tooltip: r.description }} style={{ maxWidth: 220 }}>
                {r.description}
              </Typography.Text>
            ),
            expiresAt: (r) => (
              <Space direction="vertical" size={0}>
                <span>{instant(r.expiresAt)}</span>
                <Typography.Text type="secondary">
                  {t('collections.fields.hours', { count: r.expiryHours })}
                </Typography.Text>
              </Space>
            ),
            url: (r) => (
              <Typography.Text copyable={{ text: r.url }} data-testid={`link-url-${r.id}`}>
                <Typography.Link href={r.url} target="_blank" rel="noopener noreferrer">
                  <LinkOutlined /> {t('payment-links.open')}
                </Typography.Link>
              </Typography.Text>
            ),
            collectionId: (r) =>
              r.collectionId ? <Typography.Text copyable>{r.collectionId}</Typography.Text> : '-',
          },
        }}
        tools={[
          <Can key="create" code={Perm.PAYMENT_LINK_ADD}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="create-payment-link"
            >
              {t('payment-links.create')}
            </Button>
          </Can>,
        ]}
        actions={(r) => (r.status === PaymentLinkStatus.ACTIVE ? [<VoidButton key="void" link={r} />] : [])}
      />
      {creating && <CreatePaymentLinkModal onClose={() => setCreating(false)} />}
    </>
  );
}
