/** Settlement records: T+N batches, pending until due, then settled into the available balance. */
import { useState } from 'react';
import { App, Button, Checkbox, Form, InputNumber, Modal, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, settlementsList } from '@mg/domain';
import { Can } from '../../components/Can';
import { ListPage, useIsPlatform, useMoney } from '../../components/list';
import { runAmounts, useRunSettlement } from './hooks';
import { SettlementDrawer } from './SettlementDrawer';

/**
 * "Run settlement now" (platform staff, Perm.SETTLEMENT_RUN): asks first, settles, then says how many batches were
 * settled and how much per currency.
 */
function RunSettlement() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const money = useMoney();
  const platform = useIsPlatform();
  const run = useRunSettlement();
  const [open, setOpen] = useState(false);
  const [merchantId, setMerchantId] = useState<number | null>(null);
  const [dueOnly, setDueOnly] = useState(false);

  const submit = async () => {
    try {
      const result = await run.mutateAsync({ ...(merchantId ? { merchantId } : {}), dueOnly });
      setOpen(false);
      const amounts = runAmounts(result);
      modal.success({
        title:
          result.settled > 0
            ? t('settlements.runDone', { count: result.settled })
            : t('settlements.runNothing'),
        content:
          amounts.length > 0 ? (
            <ul style={{ paddingLeft: 18, margin: 0 }} data-testid="run-amounts">
              {amounts.map(([currency, amount]) => (
                <li key={currency}>
                  <Typography.Text strong>{currency}</Typography.Text> {money(amount, currency)}
                </li>
              ))}
            </ul>
          ) : undefined,
        okText: t('common.actions.ok'),
      });
    } catch {
      // The API client has shown the server's message; the dialog stays open for another try.
    }
  };

  return (
    <>
      <Button
        type="primary"
        icon={<ThunderboltOutlined />}
        onClick={() => setOpen(true)}
        data-testid="run-settlement"
      >
        {t('settlements.run')}
      </Button>
      <Modal
        open={open}
        title={t('settlements.runTitle')}
        okText={t('settlements.runConfirm')}
        cancelText={t('common.actions.cancel')}
        confirmLoading={run.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('settlements.runHint')}</Typography.Paragraph>
        <Form layout="vertical">
          {platform && (
            <Form.Item label={t('common.fields.merchantId')} extra={t('settlements.runMerchantHint')}>
              <InputNumber
                min={1}
                precision={0}
                style={{ width: '100%' }}
                value={merchantId}
                onChange={(v) => setMerchantId(typeof v === 'number' ? v : null)}
                data-testid="run-merchant"
              />
            </Form.Item>
          )}
          <Checkbox
            checked={dueOnly}
            onChange={(e) => setDueOnly(e.target.checked)}
            data-testid="run-due-only"
          >
            {t('settlements.dueOnly')}
          </Checkbox>
        </Form>
      </Modal>
    </>
  );
}

export default function SettlementsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <>
      <ListPage
        list={settlementsList}
        onRowClick={(r) => setOpened(r.id)}
        actions={(r) => [
          <Button
            key="open"
            type="link"
            size="small"
            onClick={() => setOpened(r.id)}
            data-testid={`settlement-open-${r.id}`}
          >
            {t('settlements.open')}
          </Button>,
        ]}
        tools={[
          <Can key="run" code={Perm.SETTLEMENT_RUN}>
            <RunSettlement />
          </Can>,
        ]}
        overrides={{
          currencyShown: ['netAmount'],
          render: {
            netAmount: (r) => (
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {money(r.netAmount, r.currency)}{' '}
                <Typography.Text type="secondary">{r.currency}</Typography.Text>
              </Typography.Text>
            ),
          },
        }}
      />
      <SettlementDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
