/**
 * The payout approval policy of the session currency (docs/payments-api.md `PUT /api/payouts/policy`): auto-approve
 * up to an amount per payout while the day's auto-approved total stays within a limit; empty: every payout is
 * reviewed. Payouts to a destination first used less than 24 hours ago are always reviewed. Saving asks the Google
 * code when 2FA is on.
 */
import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYOUT_NEW_DESTINATION_HOURS, amountSchema, canonicalAmount } from '@mg/domain';
import { applyServerErrors, useCurrentUser } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { zodMessage } from '../../components/zodRule';
import { useGoogleCodeGate } from '../developer/_gate';
import { usePayoutPolicy, useSavePayoutPolicy } from './hooks';

interface Values {
  autoApproveMax: string;
  dailyAutoMax: string;
}

export function PolicyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { currency } = useFormatters();
  const { data: user } = useCurrentUser();
  const gate = useGoogleCodeGate(Boolean(user?.twoFactorEnabled));
  const policy = usePayoutPolicy(true);
  const save = useSavePayoutPolicy();
  const [form] = Form.useForm<Values>();
  const current = policy.data?.currencies.find((c) => c.currency === currency);
  useEffect(() => {
    form.setFieldsValue({ autoApproveMax: current?.autoApproveMax ?? '', dailyAutoMax: current?.dailyAutoMax ?? '' });
  }, [form, current]);

  // Empty is allowed: that limit never auto-approves.
  const schema = amountSchema(currency, { allowGrouping: true });
  const amountRule = {
    validator: (_: unknown, value: unknown) => {
      const problem = typeof value === 'string' && value.trim() !== '' ? zodMessage(schema, value, t) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const amount = (v: string) => (v.trim() === '' ? null : canonicalAmount(v, currency));
    await gate.run({
      title: t('payouts.policy.title'),
      okText: t('common.actions.save'),
      action: async (googleCode) => {
        try {
          await save.mutateAsync({ currency, autoApproveMax: amount(values.autoApproveMax), dailyAutoMax: amount(values.dailyAutoMax), googleCode });
        } catch (e) {
          applyServerErrors(form, e);
          throw e;
        }
        message.success(t('payouts.policy.saved'));
        onClose();
      },
    });
  };

  return (
    <>
      <Modal open title={`${t('payouts.policy.title')} (${currency})`} onCancel={onClose} onOk={() => void submit()} okText={t('common.actions.save')} cancelText={t('common.actions.cancel')} confirmLoading={save.isPending} destroyOnHidden>
        {policy.isLoading && <Spin />}
        <Typography.Paragraph type="secondary">{t('payouts.policy.hint', { hours: PAYOUT_NEW_DESTINATION_HOURS })}</Typography.Paragraph>
        {!current?.autoApproveMax && <Alert type="info" showIcon message={t('payouts.policy.allReviewed')} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" name="payoutPolicy" autoComplete="off">
          <Form.Item name="autoApproveMax" label={`${t('payouts.policy.autoApproveMax')} (${currency})`} rules={[amountRule]}>
            <Input inputMode="decimal" suffix={currency} data-testid="policy-auto-max" />
          </Form.Item>
          <Form.Item name="dailyAutoMax" label={`${t('payouts.policy.dailyAutoMax')} (${currency})`} extra={t('payouts.policy.dailyHint')} rules={[amountRule]}>
            <Input inputMode="decimal" suffix={currency} data-testid="policy-daily-max" />
          </Form.Item>
        </Form>
      </Modal>
      {gate.element}
    </>
  );
}
