/**
 * Auto-deduction mandates (docs/payments-api.md "Auto-deductions"): the declared list (packages/domain
 * auto-deductions/list.ts) with a new mandate, pause / resume / stop / charge now on each row as its state allows,
 * and a mandate's charges (each a collection of its own) on a row click. "Charge now" takes money from the payer:
 * it names the payer, the amount and which charge it is before it does, with the Google code when 2FA is on.
 */
import { useState } from 'react';
import { App, Button, Drawer, Popconfirm, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MandateStatus, PAYMENT_STATUS_COLORS, Perm, SecondFactorCall, autoDeductionsList, collectionsArea } from '@mg/domain';
import { Can } from '../../components/Can';
import { ConfirmActionModal } from '../../components/ConfirmStepModal';
import { useFormatters } from '../../components/format';
import { ListPage, useMoney } from '../../components/list';
import { usePermission } from '../../session/usePermission';
import { MandateFormModal } from './MandateFormModal';
import { useMandateAction, useMandateCharges, type MandateAction, type MandateCharge, type MandateRecord } from './hooks';

/** What each state offers (the server refuses anything else). */
const ACTIONS_OF: Readonly<Record<string, readonly MandateAction[]>> = {
  [MandateStatus.INIT]: ['stop'],
  [MandateStatus.ACTIVE]: ['charge', 'pause', 'stop'],
  [MandateStatus.PAUSED]: ['resume', 'stop'],
};

function ChargesDrawer({ mandate, onClose }: { mandate: MandateRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const charges = useMandateCharges(mandate?.id ?? null);
  return (
    <Drawer open={mandate !== null} onClose={onClose} width={640} title={`${t('auto-deductions.fields.charges')} · ${mandate?.id ?? ''}`}>
      <Table<MandateCharge>
        rowKey="seq"
        size="small"
        loading={charges.isLoading}
        dataSource={charges.data ?? []}
        pagination={false}
        columns={[
          { key: 'seq', dataIndex: 'seq', title: '#' },
          {
            key: 'collection',
            title: t('collections.fields.transactionId'),
            render: (_: unknown, c: MandateCharge) => <Link to={`${collectionsArea.pages[0]!.path}?id=${encodeURIComponent(c.collectionId)}`}>{c.collectionId}</Link>,
          },
          { key: 'status', title: t('common.fields.status'), render: (_: unknown, c: MandateCharge) => <Tag color={PAYMENT_STATUS_COLORS[c.status]}>{t(`status.payment.${c.status}`)}</Tag> },
          { key: 'reason', dataIndex: 'failureReason', title: t('auto-deductions.fields.lastFailureReason') },
          { key: 'at', title: t('common.fields.createdAt'), render: (_: unknown, c: MandateCharge) => instant(c.createdAt) },
        ]}
      />
    </Drawer>
  );
}

export default function AutoDeductionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermission();
  const manage = has(Perm.AUTO_DEDUCTION_MANAGE);
  const act = useMandateAction();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<MandateRecord | null>(null);

  const [charging, setCharging] = useState<MandateRecord | null>(null);
  const money = useMoney();
  const run = async (r: MandateRecord, action: Exclude<MandateAction, 'charge'>) => {
    await act.mutateAsync({ id: r.id, action });
    message.success(t('error.operationSucceeded'));
  };

  return (
    <>
      <ListPage
        list={autoDeductionsList}
        onRowClick={setOpen}
        tools={[
          <Can key="create" code={Perm.AUTO_DEDUCTION_MANAGE}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="mandate-new">
              {t('auto-deductions.actions.new')}
            </Button>
          </Can>,
        ]}
        actions={
          manage
            ? (r) =>
                (ACTIONS_OF[r.status] ?? []).map((a) =>
                  a === 'stop' ? (
                    <Popconfirm key={a} title={`${t('auto-deductions.actions.stop')} ${r.id}?`} okText={t('common.actions.confirm')} cancelText={t('common.actions.cancel')} okButtonProps={{ danger: true }} onConfirm={() => run(r, a)}>
                      <Button type="link" size="small" danger data-testid={`mandate-stop-${r.id}`}>
                        {t('auto-deductions.actions.stop')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button key={a} type="link" size="small" loading={act.isPending && a !== 'charge'} onClick={() => (a === 'charge' ? setCharging(r) : void run(r, a))} data-testid={`mandate-${a}-${r.id}`}>
                      {t(`auto-deductions.actions.${a === 'charge' ? 'chargeNow' : a}`)}
                    </Button>
                  ),
                )
            : undefined
        }
      />
      {creating && <MandateFormModal onClose={() => setCreating(false)} />}
      <ChargesDrawer mandate={open} onClose={() => setOpen(null)} />
      {charging && (
        <ConfirmActionModal
          title={t('auto-deductions.actions.chargeNow')}
          items={[
            { key: 'id', label: t('auto-deductions.fields.id'), children: charging.id },
            { key: 'payer', label: t('auto-deductions.fields.payerEmail'), children: charging.payerEmail },
            { key: 'amount', label: t('auto-deductions.fields.amount'), children: <strong>{`${money(charging.amount, charging.currency)} ${charging.currency}`}</strong> },
            {
              key: 'seq',
              label: t('auto-deductions.fields.chargesDone'),
              children: charging.repetitions === null ? `${charging.chargesDone + 1} · ${t('auto-deductions.form.untilStopped')}` : `${charging.chargesDone + 1} / ${charging.repetitions}`,
            },
          ]}
          hint={t('auto-deductions.chargeNowHint')}
          okText={t('auto-deductions.actions.chargeNow')}
          danger
          sending={act.isPending}
          secondFactor={SecondFactorCall.MANDATE_CHARGE}
          testId="mandate-charge"
          onConfirm={(googleCode) => act.mutateAsync({ id: charging.id, action: 'charge', charge: charging.chargesDone + 1, googleCode })}
          doneMessage={t('error.operationSucceeded')}
          onClose={() => setCharging(null)}
        />
      )}
    </>
  );
}
