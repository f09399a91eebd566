import type { ReactNode } from 'react';
import { Button, Modal, Space, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from './list';

/**
 * The dialog of a money movement in two steps: a form whose Continue asks the server to check and quote it, then a
 * confirmation whose button moves the money (Back returns to the form as it was). The caller keeps the step; the
 * form stays mounted (hidden) during the confirmation so nothing typed is lost.
 */
export function ConfirmStepModal({
  title,
  confirmTitle,
  confirming,
  continueText,
  confirmText,
  checking,
  sending,
  blocked = false,
  testId,
  width = 560,
  onContinue,
  onConfirm,
  onBack,
  onClose,
  children,
}: {
  title: string;
  confirmTitle: string;
  /** The confirmation step is shown. */
  confirming: boolean;
  continueText: string;
  confirmText: string;
  /** The server is checking the form (Continue shows it). */
  checking: boolean;
  /** The money is being moved (the confirm button shows it; Back waits). */
  sending: boolean;
  /** Nothing to continue with (no account, no counterparty). */
  blocked?: boolean;
  /** Prefix of the buttons' test ids: `<testId>-continue`, `<testId>-confirm`. */
  testId: string;
  width?: number;
  onContinue: () => void;
  onConfirm: () => void;
  onBack: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={confirming ? confirmTitle : title}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={width}
      footer={
        confirming ? (
          <Space>
            <Button onClick={onBack} disabled={sending}>
              {t('payouts.form.back')}
            </Button>
            <Button
              type="primary"
              danger
              loading={sending}
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
            >
              {confirmText}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
            <Button
              type="primary"
              loading={checking}
              disabled={blocked}
              onClick={onContinue}
              data-testid={`${testId}-continue`}
            >
              {continueText}
            </Button>
          </Space>
        )
      }
    >
      {children}
    </Modal>
  );
}

interface QuoteFigures {
  currency: string;
  amount: string;
  fee: string;
  total: string;
  available: string;
}

/**
 * The figures of a quote as the confirmation's rows: amount, fee, what leaves the available balance (bold) and the
 * available balance, labelled `<area>.fields.{amount,fee,totalDebit,available}`; fee and total carry the test ids
 * `<testId>-quote-fee` and `<testId>-quote-total`.
 */
export function useQuoteItems(): (q: QuoteFigures, area: string, testId: string) => NonNullable<DescriptionsProps['items']> {
  const { t } = useTranslation();
  const money = useMoney();
  return (q, area, testId) => {
    const shown = (v: string) => `${money(v, q.currency)} ${q.currency}`;
    return [
      { key: 'amount', label: t(`${area}.fields.amount`), children: shown(q.amount) },
      { key: 'fee', label: t(`${area}.fields.fee`), children: <span data-testid={`${testId}-quote-fee`}>{shown(q.fee)}</span> },
      {
        key: 'total',
        label: t(`${area}.fields.totalDebit`),
        children: (
          <Typography.Text strong data-testid={`${testId}-quote-total`}>
            {shown(q.total)}
          </Typography.Text>
        ),
      },
      { key: 'available', label: t(`${area}.fields.available`), children: shown(q.available) },
    ];
  };
}
