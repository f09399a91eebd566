/**
 * The merchant's withdrawal accounts (its admin adds them, with the Google code when 2FA is on, and deletes them at
 * once), each with its state and when it becomes usable; provider staff see every merchant's accounts waiting for
 * verification and verify or reject them.
 */
import { useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  Perm,
  SecondFactorCall,
  WITHDRAWAL_ACCOUNT_STATUS_COLORS,
  WithdrawalAccountStatus,
  destinationIssues,
  fieldLabelKey,
  fieldsOf,
  findPayoutDestination,
  payoutDestinationsOf,
  type PayoutDestinationField,
  type WithdrawalAccountView,
} from '@mg/domain';
import type { Rule } from 'antd/es/form';
import { Can } from '../../components/Can';
import { ConfirmActionModal } from '../../components/ConfirmStepModal';
import { applyServerErrors } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { isGoogleCodeProblem, useGoogleCodeGate } from '../developer/_gate';
import { useAsksSecondFactor } from '../../components/secondFactor';
import {
  useAddAccount,
  useDeleteAccount,
  useVerifyAccount,
  useWithdrawalAccounts,
  type AccountInput,
} from './hooks';

type Values = Omit<AccountInput, 'currency'>;

function AddAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { currency } = useFormatters();
  const [form] = Form.useForm<Values>();
  const bankCode = Form.useWatch('bankCode', form) as string | undefined;
  const destination = bankCode ? findPayoutDestination(currency, bankCode) : undefined;
  const banks = payoutDestinationsOf(currency).filter((d) => d.kind === 'bank');
  const add = useAddAccount();
  const gate = useGoogleCodeGate(useAsksSecondFactor(SecondFactorCall.WITHDRAWAL_ACCOUNT_ADD));
  const [error, setError] = useState<string | null>(null);
  const label = (f: PayoutDestinationField) => t(fieldLabelKey(destination, f));
  const rule = (f: PayoutDestinationField): Rule => ({
    validator: async () => {
      const v = form.getFieldsValue(true) as Values;
      if (!v.bankCode) return;
      const issue = destinationIssues(currency, v.bankCode, v).find((i) => i.field === f);
      if (issue) throw new Error(t(issue.key, { ...issue.params, field: label(f) }));
    },
  });

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    const own = Object.fromEntries(
      (destination ? fieldsOf(destination) : []).map((f) => [f, (v[f as keyof Values] ?? '').trim()]),
    );
    await gate.run({
      title: t('withdrawals.actions.addAccount'),
      okText: t('common.actions.confirm'),
      action: async (googleCode) => {
        try {
          await add.mutateAsync({ ...own, bankCode: v.bankCode, currency, googleCode });
        } catch (e) {
          if (isGoogleCodeProblem(e)) throw e;
          setError(applyServerErrors(form, e));
          return;
        }
        message.success(t('withdrawals.form.accountAdded'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      title={t('withdrawals.actions.addAccount')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={add.isPending}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ 'data-testid': 'account-save' } as never}
      destroyOnHidden
      maskClosable={false}
    >
      {gate.element}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="withdrawalAccount"
        layout="vertical"
        autoComplete="off"
        data-testid="account-form"
      >
        <Form.Item
          name="bankCode"
          label={t('payouts.fields.bankCode')}
          rules={[{ required: true, message: t('withdrawals.bankRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={banks.map((d) => ({ value: d.bankCode, label: d.name }))}
            data-testid="account-bank"
          />
        </Form.Item>
        {destination &&
          fieldsOf(destination).map((f) => (
            <Form.Item key={f} name={f} label={label(f)} rules={[rule(f)]}>
              <Input maxLength={100} data-testid={`account-${f}`} />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}

export function AccountsDrawer({
  open,
  onClose,
  staff,
}: {
  open: boolean;
  onClose: () => void;
  /** provider staff: the verification queue */ staff: boolean;
}) {
  const { t } = useTranslation();
  const { currency, instant } = useFormatters();
  const accounts = useWithdrawalAccounts(
    staff ? { status: WithdrawalAccountStatus.PENDING } : { currency },
    open,
  );
  const remove = useDeleteAccount();
  const verify = useVerifyAccount();
  const gate = useGoogleCodeGate(useAsksSecondFactor(SecondFactorCall.WITHDRAWAL_ACCOUNT_DELETE));
  const [adding, setAdding] = useState(false);

  const [deciding, setDeciding] = useState<{ account: WithdrawalAccountView; verify: boolean } | null>(null);

  const columns = [
    ...(staff ? [{ key: 'merchantId', dataIndex: 'merchantId', title: t('common.fields.merchantId') }] : []),
    {
      key: 'bank',
      title: t('payouts.fields.bankCode'),
      render: (_: unknown, a: WithdrawalAccountView) => `${a.bankName} (${a.currency})`,
    },
    { key: 'number', dataIndex: 'accountNumber', title: t('payouts.fields.accountNumber') },
    { key: 'name', dataIndex: 'accountName', title: t('payouts.fields.accountName') },
    {
      key: 'status',
      title: t('withdrawals.fields.accountStatus'),
      render: (_: unknown, a: WithdrawalAccountView) => (
        <Space direction="vertical" size={0}>
          <Tag color={WITHDRAWAL_ACCOUNT_STATUS_COLORS[a.status]}>
            {t(`withdrawals.accountStatus.${a.status}`)}
          </Tag>
          {!a.usable && a.status === WithdrawalAccountStatus.PENDING && (
            <span>{`${t('withdrawals.fields.usableAt')} ${instant(a.usableAt)}`}</span>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, a: WithdrawalAccountView) =>
        staff ? (
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={() => setDeciding({ account: a, verify: true })}
              data-testid={`account-verify-${a.id}`}
            >
              {t('withdrawals.actions.verify')}
            </Button>
            <Button size="small" danger onClick={() => setDeciding({ account: a, verify: false })} data-testid={`account-reject-${a.id}`}>
              {t('withdrawals.actions.rejectAccount')}
            </Button>
          </Space>
        ) : (
          <Can code={Perm.WITHDRAWAL_ACCOUNT_EDIT}>
            <Popconfirm
              title={t('withdrawals.form.deleteConfirm', { account: a.accountNumber })}
              okText={t('common.actions.confirm')}
              cancelText={t('common.actions.cancel')}
              onConfirm={() =>
                gate.run({
                  title: t('withdrawals.actions.deleteAccount'),
                  okText: t('common.actions.confirm'),
                  danger: true,
                  action: async (googleCode) => {
                    await remove.mutateAsync({ id: a.id, googleCode });
                  },
                })
              }
            >
              <Button size="small" danger>
                {t('withdrawals.actions.deleteAccount')}
              </Button>
            </Popconfirm>
          </Can>
        ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={860}
      title={t('withdrawals.actions.accounts')}
      extra={
        staff ? null : (
          <Can code={Perm.WITHDRAWAL_ACCOUNT_EDIT}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="account-add"
            >
              {t('withdrawals.actions.addAccount')}
            </Button>
          </Can>
        )
      }
      data-testid="accounts-drawer"
    >
      {gate.element}
      {deciding && (
        <ConfirmActionModal
          title={t(deciding.verify ? 'withdrawals.actions.verify' : 'withdrawals.actions.rejectAccount')}
          items={[
            { key: 'merchant', label: t('common.fields.merchantId'), children: deciding.account.merchantId },
            { key: 'bank', label: t('payouts.fields.bankCode'), children: `${deciding.account.bankName} (${deciding.account.currency})` },
            { key: 'number', label: t('payouts.fields.accountNumber'), children: deciding.account.accountNumber },
            { key: 'name', label: t('payouts.fields.accountName'), children: deciding.account.accountName },
          ]}
          okText={t(deciding.verify ? 'withdrawals.actions.verify' : 'withdrawals.actions.rejectAccount')}
          danger={!deciding.verify}
          sending={verify.isPending}
          secondFactor={SecondFactorCall.WITHDRAWAL_ACCOUNT_VERIFY}
          testId="account-decide"
          onConfirm={(googleCode) => verify.mutateAsync({ id: deciding.account.id, verify: deciding.verify, googleCode })}
          doneMessage={t('error.operationSucceeded')}
          onClose={() => setDeciding(null)}
        />
      )}
      <Table<WithdrawalAccountView>
        rowKey="id"
        size="small"
        loading={accounts.isLoading}
        dataSource={accounts.data ?? []}
        columns={columns}
        pagination={false}
      />
      {adding && <AddAccountModal onClose={() => setAdding(false)} />}
    </Drawer>
  );
}
