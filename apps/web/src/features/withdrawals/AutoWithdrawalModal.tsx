/**
 * The daily auto-withdrawal of the session currency (docs/payments-api.md "Withdrawals"): on or off, the account, what
 * stays on the balance and the hour in the currency's zone; saved with the Google code when 2FA is on.
 */
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountSchema, canonicalAmount, SecondFactorCall } from '@mg/domain';
import { applyServerErrors } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { zodRule } from '../../components/zodRule';
import { isGoogleCodeProblem, useGoogleCodeGate } from '../developer/_gate';
import { useAsksSecondFactor } from '../../components/secondFactor';
import { useAutoWithdrawal, useSetAutoWithdrawal, useWithdrawalAccounts } from './hooks';

interface Values {
  enabled: boolean;
  accountId?: number;
  floor: string;
  hour: number;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function AutoWithdrawalModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { currency } = useFormatters();
  const auto = useAutoWithdrawal(currency);
  const accounts = useWithdrawalAccounts({ currency });
  const save = useSetAutoWithdrawal();
  const gate = useGoogleCodeGate(useAsksSecondFactor(SecondFactorCall.WITHDRAWAL_AUTO));
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    await gate.run({
      title: t('withdrawals.auto.title'),
      okText: t('common.actions.confirm'),
      action: async (googleCode) => {
        try {
          await save.mutateAsync({
            currency,
            enabled: v.enabled,
            accountId: v.accountId!,
            floor: canonicalAmount(v.floor, currency),
            hour: v.hour,
            googleCode,
          });
        } catch (e) {
          if (isGoogleCodeProblem(e)) throw e;
          setError(applyServerErrors(form, e));
          return;
        }
        message.success(t('error.operationSucceeded'));
        onClose();
      },
    });
  };

  const a = auto.data;
  return (
    <Modal
      open
      title={`${t('withdrawals.auto.title')} (${currency})`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'auto-save' } as never}
      destroyOnHidden
      maskClosable={false}
    >
      {gate.element}
      <Typography.Paragraph type="secondary">{t('withdrawals.auto.hint')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {a && (
        <Form
          form={form}
          layout="vertical"
          name="withdrawalAuto"
          initialValues={{
            enabled: a.enabled,
            accountId: a.accountId ?? undefined,
            floor: a.floor,
            hour: a.hour,
          }}
          data-testid="auto-form"
        >
          <Form.Item name="enabled" label={t('withdrawals.auto.enabled')} valuePropName="checked">
            <Switch data-testid="auto-enabled" />
          </Form.Item>
          <Form.Item
            name="accountId"
            label={t('withdrawals.fields.account')}
            rules={[{ required: true, message: t('withdrawals.accountRequired') }]}
          >
            <Select
              loading={accounts.isLoading}
              options={(accounts.data ?? [])
                .filter((x) => x.status !== 'rejected')
                .map((x) => ({
                  value: x.id,
                  label: `${x.bankName} · ${x.accountNumber} · ${x.accountName}`,
                }))}
              data-testid="auto-account"
            />
          </Form.Item>
          <Form.Item
            name="floor"
            label={`${t('withdrawals.auto.floor')} (${currency})`}
            rules={[zodRule(amountSchema(currency, { allowGrouping: true, allowZero: true }), t)]}
          >
            <Input inputMode="decimal" suffix={currency} data-testid="auto-floor" />
          </Form.Item>
          <Form.Item name="hour" label={t('withdrawals.auto.hour', { zone: a.timeZone })}>
            <Select
              options={HOURS.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))}
              data-testid="auto-hour"
            />
          </Form.Item>
          {a.lastRunOn && (
            <Typography.Text type="secondary">
              {t('withdrawals.auto.lastRun', { date: a.lastRunOn })}
            </Typography.Text>
          )}
        </Form>
      )}
    </Modal>
  );
}
