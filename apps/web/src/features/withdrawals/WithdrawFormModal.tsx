/**
 * A withdrawal (docs/payments-api.md `POST /api/withdrawals`): one of the merchant's accounts in the session currency
 * (one still waiting for verification is shown disabled with the time it becomes usable; a verified one never), the amount with the currency's minimum and
 * maximum and the available balance beside it. Continue asks the server for the spec §5 checks and the fee; the
 * confirmation shows the account, amount, fee, what is held and the date it is expected on the account (working days
 * of the country), with the Google code there when 2FA is on, and only then is the money held.
 */
import { useState } from 'react';
import { Alert, App, Descriptions, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecondFactorCall, WithdrawalAccountStatus, amountSchema, canonicalAmount, getCurrency, withdrawalAccountUsable, type WithdrawalQuoteView } from '@mg/domain';
import { ConfirmStepModal, useQuoteItems } from '../../components/ConfirmStepModal';
import { isGoogleCodeProblem } from '../../components/secondFactor';
import { applyServerErrors } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { useMoney } from '../../components/list';
import { useNow } from '../../components/remaining';
import { zodRule } from '../../components/zodRule';
import {
  useCreateWithdrawal,
  useWithdrawalAccounts,
  useWithdrawalLimits,
  useWithdrawalQuote,
  type WithdrawalInput,
} from './hooks';

interface Values {
  accountId?: number;
  amount: string;
}

export function WithdrawFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const quoteItems = useQuoteItems();
  const { currency, instant } = useFormatters();
  const [form] = Form.useForm<Values>();
  const accounts = useWithdrawalAccounts({ currency });
  const limits = useWithdrawalLimits(currency);
  const quote = useWithdrawalQuote();
  const create = useCreateWithdrawal();
  const [confirming, setConfirming] = useState<{ input: WithdrawalInput; quote: WithdrawalQuoteView } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);

  const usable = (accounts.data ?? []).filter((a) => a.status !== WithdrawalAccountStatus.REJECTED);
  // Decided on this page's clock with the server's rule: an account verified, or past its cooling period since the
  // list was read, is offered without "Usable from" (which only an account still waiting shows, issue 40).
  const now = useNow(usable.some((a) => !withdrawalAccountUsable(a)));
  const options = usable.map((a) => {
    const ready = withdrawalAccountUsable(a, new Date(now));
    return {
      value: a.id,
      disabled: !ready,
      label: `${a.bankName} · ${a.accountNumber} · ${a.accountName}${ready ? '' : ` — ${t('withdrawals.fields.usableAt')} ${instant(a.usableAt)}`}`,
    };
  });
  const l = limits.data;
  const country = t(getCurrency(currency).countryKey, { defaultValue: getCurrency(currency).country });

  const next = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    const input: WithdrawalInput = {
      accountId: values.accountId!,
      currency,
      amount: canonicalAmount(values.amount, currency),
    };
    try {
      setConfirming({ input, quote: await quote.mutateAsync(input) });
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  };
  const send = async (googleCode?: string) => {
    if (!confirming) return;
    try {
      const w = await create.mutateAsync({ ...confirming.input, googleCode });
      message.success(t('withdrawals.form.done', { id: w.id }));
      onClose();
    } catch (e) {
      // An answer about the Google code stays on the confirmation's code field; anything else goes back to the form.
      if (isGoogleCodeProblem(e)) throw e;
      setConfirming(null);
      setError(applyServerErrors(form, e));
    }
  };

  const q = confirming?.quote;
  const noAccounts = accounts.isSuccess && usable.length === 0;
  return (
    <ConfirmStepModal
      title={t('withdrawals.form.title')}
      confirmTitle={t('withdrawals.form.confirmTitle')}
      confirming={confirming !== null}
      continueText={t('withdrawals.actions.review')}
      confirmText={t('withdrawals.actions.send')}
      checking={quote.isPending}
      sending={create.isPending}
      blocked={noAccounts}
      testId="withdraw"
      width={580}
      secondFactor={SecondFactorCall.WITHDRAWAL_CREATE}
      onContinue={() => void next()}
      onConfirm={send}
      onBack={() => setConfirming(null)}
      onClose={onClose}
    >
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          style={{ marginBottom: 16 }}
          data-testid="withdraw-form-error"
        />
      )}
      {noAccounts && (
        <Alert
          type="info"
          showIcon
          message={t('withdrawals.form.noAccounts', { currency })}
          data-testid="withdraw-no-accounts"
        />
      )}
      {q && confirming && (
        <div data-testid="withdraw-confirmation">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'account', label: t('withdrawals.fields.account'), children: `${q.bankName} · ${q.accountNumber} · ${q.accountName}` },
              ...quoteItems(q, 'withdrawals', 'withdraw'),
              { key: 'arrival', label: t('withdrawals.fields.expectedArrival'), children: <span data-testid="withdraw-arrival">{q.expectedArrival}</span> },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('withdrawals.form.arrival', { date: q.expectedArrival, country })}
          </Typography.Paragraph>
          <Alert type="warning" showIcon message={t('withdrawals.form.confirmHint')} />
        </div>
      )}
      {!noAccounts && (
        <Form
          form={form}
          name="withdrawForm"
          layout="vertical"
          autoComplete="off"
          initialValues={{ amount: '' }}
          style={{ display: confirming ? 'none' : undefined }}
          data-testid="withdraw-form"
        >
          <Form.Item
            name="accountId"
            label={t('withdrawals.fields.account')}
            rules={[{ required: true, message: t('withdrawals.accountRequired') }]}
          >
            <Select
              loading={accounts.isLoading}
              options={options}
              // Opened, the list is read again: staff may have verified an account since the form was opened.
              onOpenChange={(open) => {
                if (open) void accounts.refetch();
              }}
              // Inside the form: the list goes with it when the confirmation replaces the form.
              getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
              data-testid="withdraw-account"
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={`${t('withdrawals.fields.amount')} (${currency})`}
            extra={
              l ? (
                <span data-testid="withdraw-limits">
                  {t('withdrawals.form.limits', {
                    min: money(l.min, currency),
                    max: l.max ? money(l.max, currency) : '∞',
                    currency,
                  })}
                  {' · '}
                  {`${t('withdrawals.fields.available')}: ${money(l.available, currency)} ${currency}`}
                </span>
              ) : undefined
            }
            rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t)]}
          >
            <Input inputMode="decimal" suffix={currency} data-testid="withdraw-amount" />
          </Form.Item>
          {l && (
            <Typography.Text type="secondary">
              {t('withdrawals.form.arrival', { date: l.expectedArrival, country })}
            </Typography.Text>
          )}
        </Form>
      )}
    </ConfirmStepModal>
  );
}
