/**
 * A single payout from the dashboard (docs/payments-api.md `POST /api/payouts`): the destination's own fields (the
 * domain catalogue: a wallet asks a phone, Mexico a CLABE, Brazil the CPF/CNPJ and branch ...), checked as typed
 * with the server's rules; Continue asks the server for the fee, and money moves only after the confirmation that
 * shows amount, fee, total debit and the available balance (with the Google code there when 2FA is on).
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  BANK_ACCOUNT_TYPES,
  DestinationKind,
  MERCHANT_ORDER_ID_PATTERN,
  PIX_KEY_TYPES,
  SecondFactorCall,
  amountSchema,
  canonicalAmount,
  destinationIssues,
  fieldLabelKey,
  fieldsOf,
  findPayoutDestination,
  networkOfBankCode,
  payoutDestinationsOf,
  type PayoutDestinationField,
} from '@mg/domain';
import { ConfirmStepModal } from '../../components/ConfirmStepModal';
import { isGoogleCodeProblem } from '../../components/secondFactor';
import { applyServerErrors } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { amountHint, useMoney } from '../../components/list';
import { zodRule } from '../../components/zodRule';
import { useCreatePayout, usePayoutQuote, type PayoutInput, type PayoutQuote } from './hooks';
import { CryptoAddressSelect } from './CryptoAddressSelect';

type Values = Omit<PayoutInput, 'currency'>;

const SELECT_FIELDS: Partial<Record<PayoutDestinationField, readonly string[]>> = { accountType: BANK_ACCOUNT_TYPES, pixKeyType: PIX_KEY_TYPES };

export function PayoutFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const { currency } = useFormatters();
  const [form] = Form.useForm<Values>();
  const bankCode = Form.useWatch('bankCode', form) as string | undefined;
  const destination = bankCode ? findPayoutDestination(currency, bankCode) : undefined;
  const network = destination ? networkOfBankCode(destination.bankCode) : undefined;
  const destinations = payoutDestinationsOf(currency);
  // A crypto currency chooses a network, not a bank.
  const destinationLabel = destinations.every((d) => d.kind === DestinationKind.CRYPTO) ? t('crypto.fields.network') : t('payouts.fields.bankCode');
  const quote = usePayoutQuote();
  const create = useCreatePayout();
  const [confirming, setConfirming] = useState<{ input: PayoutInput; quote: PayoutQuote } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const label = (f: PayoutDestinationField) => t(fieldLabelKey(destination, f));
  /** The catalogue's rule for one field, on the whole form's values (PIX keys depend on their type). */
  const destinationRule = (f: PayoutDestinationField): Rule => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Values;
      if (!values.bankCode) return;
      const issue = destinationIssues(currency, values.bankCode, values).find((i) => i.field === f);
      if (issue) throw new Error(t(issue.key, { ...issue.params, field: label(f) }));
    },
  });
  const inputOf = (v: Values): PayoutInput => {
    const fields = destination ? fieldsOf(destination) : [];
    const own = Object.fromEntries(fields.map((f) => [f, (v[f] ?? '').trim()]));
    return { ...own, bankCode: v.bankCode, amount: canonicalAmount(v.amount, currency), currency, description: v.description?.trim() || undefined, merchantOrderId: v.merchantOrderId?.trim() || undefined };
  };

  const next = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    const input = inputOf(values);
    try {
      setConfirming({ input, quote: await quote.mutateAsync(input) });
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  };
  const pay = async (googleCode?: string) => {
    if (!confirming) return;
    try {
      const p = await create.mutateAsync({ ...confirming.input, googleCode });
      message.success(t('payouts.form.done', { id: p.id, status: t(`status.payout.${p.status}`) }));
      onClose();
    } catch (e) {
      // An answer about the Google code stays on the confirmation's code field; anything else goes back to the form.
      if (isGoogleCodeProblem(e)) throw e;
      setConfirming(null);
      setError(applyServerErrors(form, e));
    }
  };

  if (destinations.length === 0) {
    return (
      <Modal open title={t('payouts.form.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.actions.ok')}</Button>}>
        <Alert type="info" showIcon message={t('payouts.currencyUnsupported', { currency })} />
      </Modal>
    );
  }

  const q = confirming?.quote;
  return (
    <ConfirmStepModal
      title={t('payouts.form.title')}
      confirmTitle={t('payouts.form.confirmTitle')}
      confirming={confirming !== null}
      continueText={t('payouts.form.continue')}
      confirmText={t('payouts.form.confirmOk')}
      checking={quote.isPending}
      sending={create.isPending}
      testId="payout"
      secondFactor={SecondFactorCall.PAYOUT_CREATE}
      onContinue={() => void next()}
      onConfirm={pay}
      onBack={() => setConfirming(null)}
      onClose={onClose}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="payout-form-error" />}
      {q && confirming && (
        <div data-testid="payout-confirmation">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={destinationLabel}>{q.bankName}</Descriptions.Item>
            <Descriptions.Item label={label('accountNumber')}>{confirming.input.accountNumber}</Descriptions.Item>
            <Descriptions.Item label={network ? t('crypto.fields.label') : label('accountName')}>{q.accountName}</Descriptions.Item>
            <Descriptions.Item label={t('payouts.fields.amount')}>{`${money(q.amount, q.currency)} ${q.currency}`}</Descriptions.Item>
            <Descriptions.Item label={network ? t('crypto.fields.networkFee') : t('payouts.fields.fee')}>
              <span data-testid="payout-quote-fee">{`${money(q.fee, q.currency)} ${q.currency}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('payouts.fields.totalDebit')}>
              <Typography.Text strong data-testid="payout-quote-total">{`${money(q.totalDebit, q.currency)} ${q.currency}`}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('payouts.form.available', { amount: `${money(q.available, q.currency)} ${q.currency}` })}
          </Typography.Paragraph>
          <Alert type="warning" showIcon message={t('payouts.form.confirmHint')} />
        </div>
      )}
      <Form form={form} name="payoutForm" layout="vertical" autoComplete="off" initialValues={{ amount: '' }} style={{ display: confirming ? 'none' : undefined }} data-testid="payout-form">
        <Form.Item name="bankCode" label={destinationLabel} rules={[{ required: true, message: t('payouts.validation.required', { field: destinationLabel }) }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('payouts.form.bankPlaceholder')}
            data-testid="payout-bank"
            onChange={() => form.resetFields(['accountNumber', 'accountType', 'documentId', 'bankAgency', 'pixKeyType'])}
            options={(['bank', 'ewallet', 'crypto'] as const)
              .map((kind) => ({ kind, items: destinations.filter((d) => d.kind === kind) }))
              .filter((g) => g.items.length > 0)
              .map((g) => ({ label: t(`payouts.kind.${g.kind}`), options: g.items.map((d) => ({ value: d.bankCode, label: d.name })) }))}
          />
        </Form.Item>
        {destination &&
          fieldsOf(destination).map((f) => (
            <Form.Item key={f} name={f} label={label(f)} rules={[destinationRule(f)]} dependencies={f === 'accountNumber' ? ['pixKeyType'] : []}>
              {network && f === 'accountNumber' ? (
                <CryptoAddressSelect network={network} />
              ) : SELECT_FIELDS[f] ? (
                <Select data-testid={`payout-${f}`} options={SELECT_FIELDS[f]?.map((v) => ({ value: v, label: t(`payouts.${f}.${v}`) }))} />
              ) : (
                <Input data-testid={`payout-${f}`} maxLength={100} />
              )}
            </Form.Item>
          ))}
        <Form.Item
          name="amount"
          label={`${t('payouts.fields.amount')} (${currency})`}
          extra={destination ? t('payouts.form.limits', { min: money(destination.minAmount, currency), max: money(destination.maxAmount, currency), currency }) : amountHint(currency, t)}
          rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t)]}
        >
          <Input inputMode="decimal" suffix={currency} data-testid="payout-amount" />
        </Form.Item>
        <Form.Item name="merchantOrderId" label={t('collections.fields.merchantOrderId')} rules={[{ pattern: MERCHANT_ORDER_ID_PATTERN, message: t('collections.merchantOrderIdInvalid') }]}>
          <Input maxLength={64} data-testid="payout-order-id" />
        </Form.Item>
        <Form.Item name="description" label={t('payouts.fields.description')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
      </Form>
    </ConfirmStepModal>
  );
}
