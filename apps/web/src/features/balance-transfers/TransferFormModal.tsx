/**
 * A balance transfer (docs/payments-api.md `POST /api/balance-transfers`): the other merchant (parent, sub-merchants,
 * the parent's other sub-merchants; one that cannot receive in this currency is shown disabled with the reason), the
 * amount in the session currency with the available balance beside it, a remark. Continue asks the server for the
 * fee; money moves only after the confirmation that shows amount, fee and what leaves the available balance, and
 * with the Google code in that confirmation when 2FA is on. The request id is made with the confirmation: a retried "Transfer now" moves
 * the money once, and going back to change anything makes a new one.
 */
import { useState } from 'react';
import { Alert, App, Descriptions, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BALANCE_TRANSFER_REMARK_MAX_LENGTH,
  SecondFactorCall,
  amountSchema,
  canonicalAmount,
  type TransferQuote,
} from '@mg/domain';
import { ConfirmStepModal, useQuoteItems } from '../../components/ConfirmStepModal';
import { applyServerErrors } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { amountHint, useMoney } from '../../components/list';
import { zodRule } from '../../components/zodRule';
import { useBalances } from '../balances/hooks';
import { isGoogleCodeProblem } from '../../components/secondFactor';
import { useCreateTransfer, useTransferParties, useTransferQuote, type TransferInput } from './hooks';

interface Values {
  toMerchantId?: number;
  amount: string;
  remark?: string;
}

const REQUEST_ID_BYTES = 16;

/** A random request id (crypto.randomUUID needs a secure context; a brand's http host name is not one). */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REQUEST_ID_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function TransferFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const quoteItems = useQuoteItems();
  const { currency } = useFormatters();
  const [form] = Form.useForm<Values>();
  const parties = useTransferParties();
  const balances = useBalances();
  const quote = useTransferQuote();
  const create = useCreateTransfer();
  const [confirming, setConfirming] = useState<{
    input: TransferInput;
    quote: TransferQuote;
    requestId: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const available = balances.data?.find((b) => b.currency === currency)?.available;
  const options = (parties.data ?? []).map((p) => {
    const reason = !p.active
      ? t('balance-transfers.counterpartyInactive', { name: p.name })
      : !p.currencies.includes(currency)
        ? t('balance-transfers.counterpartyCurrency', { name: p.name, currency })
        : null;
    return {
      value: p.merchantId,
      disabled: reason !== null,
      label: `${p.name} (${p.merchantId}) · ${t(`balance-transfers.relation.${p.relation}`)}${reason ? ` — ${reason}` : ''}`,
    };
  });

  const next = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    const input: TransferInput = {
      toMerchantId: values.toMerchantId!,
      currency,
      amount: canonicalAmount(values.amount, currency),
      remark: values.remark?.trim() || undefined,
    };
    try {
      const q = await quote.mutateAsync(input);
      if (!q.enough) {
        form.setFields([
          {
            name: 'amount',
            errors: [
              t('balance-transfers.amountPlusFeeOverAvailable', {
                total: `${money(q.total, q.currency)} ${q.currency}`,
                available: `${money(q.available, q.currency)} ${q.currency}`,
              }),
            ],
          },
        ]);
        return;
      }
      setConfirming({ input, quote: q, requestId: newRequestId() });
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  };

  const send = async (googleCode?: string) => {
    if (!confirming) return;
    const { input, quote: q, requestId } = confirming;
    try {
      await create.mutateAsync({ ...input, requestId, googleCode });
    } catch (e) {
      // An answer about the Google code stays on the confirmation's code field; anything else goes back to the form.
      if (isGoogleCodeProblem(e)) throw e;
      setConfirming(null);
      setError(applyServerErrors(form, e));
      return;
    }
    message.success(
      t('balance-transfers.form.done', {
        amount: `${money(q.amount, q.currency)} ${q.currency}`,
        name: q.toName,
      }),
    );
    onClose();
  };

  const q = confirming?.quote;
  const noParties = parties.isSuccess && parties.data.length === 0;
  return (
    <ConfirmStepModal
      title={t('balance-transfers.form.title')}
      confirmTitle={t('balance-transfers.form.confirmTitle')}
      confirming={confirming !== null}
      continueText={t('balance-transfers.actions.review')}
      confirmText={t('balance-transfers.actions.send')}
      checking={quote.isPending}
      sending={create.isPending}
      blocked={noParties}
      testId="transfer"
      secondFactor={SecondFactorCall.BALANCE_TRANSFER_CREATE}
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
          data-testid="transfer-form-error"
        />
      )}
      {noParties && (
        <Alert
          type="info"
          showIcon
          message={t('balance-transfers.form.noCounterparties')}
          data-testid="transfer-no-parties"
        />
      )}
      {q && confirming && (
        <div data-testid="transfer-confirmation">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'to', label: t('balance-transfers.fields.to'), children: `${q.toName} (${confirming.input.toMerchantId})` },
              ...quoteItems(q, 'balance-transfers', 'transfer'),
              ...(confirming.input.remark ? [{ key: 'remark', label: t('balance-transfers.fields.remark'), children: confirming.input.remark }] : []),
            ]}
          />
          <Alert
            type="warning"
            showIcon
            message={t('balance-transfers.form.confirmHint')}
            style={{ marginTop: 12 }}
          />
        </div>
      )}
      {!noParties && (
        <Form
          form={form}
          name="transferForm"
          layout="vertical"
          autoComplete="off"
          initialValues={{ amount: '' }}
          style={{ display: confirming ? 'none' : undefined }}
          data-testid="transfer-form"
        >
          <Form.Item
            name="toMerchantId"
            label={t('balance-transfers.fields.to')}
            rules={[{ required: true, message: t('balance-transfers.form.toRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={parties.isLoading}
              options={options}
              // Inside the form: the list goes with it when the confirmation replaces the form.
              getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
              data-testid="transfer-to"
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={`${t('balance-transfers.fields.amount')} (${currency})`}
            extra={
              available !== undefined
                ? `${t('balance-transfers.fields.available')}: ${money(available, currency)} ${currency}`
                : amountHint(currency, t)
            }
            rules={[zodRule(amountSchema(currency, { allowGrouping: true }), t)]}
          >
            <Input inputMode="decimal" suffix={currency} data-testid="transfer-amount" />
          </Form.Item>
          <Form.Item name="remark" label={t('balance-transfers.fields.remark')}>
            <Input.TextArea
              maxLength={BALANCE_TRANSFER_REMARK_MAX_LENGTH}
              rows={2}
              data-testid="transfer-remark"
            />
          </Form.Item>
        </Form>
      )}
    </ConfirmStepModal>
  );
}
