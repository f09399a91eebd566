import type { ReactNode } from 'react';
import { App, Button, Descriptions, Modal, Space, Typography, type ButtonProps, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecondFactorCallValue } from '@mg/domain';
import { useMoney } from './list';
import { isGoogleCodeProblem, useSecondFactorConfirm } from './secondFactor';

/**
 * The dialog of a money movement in two steps: a form whose Continue asks the server to check and quote it, then a
 * confirmation whose button moves the money (Back returns to the form as it was). The caller keeps the step; the
 * form stays mounted (hidden) during the confirmation so nothing typed is lost. Where the domain's rule names the
 * call (`secondFactor`) and the user has 2FA on, the confirmation itself asks the Google code under the figures it
 * confirms; `onConfirm` gets it, and an answer about the code (wrong, missing, locked) lands on that field, which
 * also appears when the server asks for a code the screen did not know was needed.
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
  secondFactor,
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
  /** The call the confirm button makes, when the domain's rule may ask the Google code for it. */
  secondFactor?: SecondFactorCallValue;
  onContinue: () => void;
  /** Moves the money; throws (rejects) an answer about the code so it lands on the code field. */
  onConfirm: (googleCode?: string) => void | Promise<void>;
  onBack: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { confirm, field } = useSecondFactorConfirm(secondFactor, onConfirm, testId);
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
              onClick={() => void confirm()}
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
      {confirming && field}
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

/**
 * The confirmation of a one-step money action (charge a mandate now, approve a withdrawal, verify an account): what
 * moves and to whom as rows, the button that does it, and the Google code under them where the domain's rule asks.
 * Done, it says `doneMessage` and closes; an answer about the code stays on the code field; any other refusal is
 * said and closes it (the list behind it shows what is now true). Without `doneMessage` the caller's `onConfirm`
 * says what happened and closes it (a batch puts refused rows back on their cells).
 */
export function ConfirmActionModal({
  title,
  items,
  hint,
  okText,
  danger = false,
  sending,
  secondFactor,
  testId,
  onConfirm,
  doneMessage,
  onClose,
  children,
}: {
  title: string;
  items: NonNullable<DescriptionsProps['items']>;
  hint?: string;
  okText: string;
  danger?: boolean;
  sending: boolean;
  secondFactor?: SecondFactorCallValue;
  /** Prefix of the test ids: `<testId>-confirm`, `<testId>-google-code`. */
  testId: string;
  /** Does the action (its call, with the code when one is asked). */
  onConfirm: (googleCode?: string) => Promise<unknown>;
  doneMessage?: string;
  onClose: () => void;
  /** What the action asks besides the code (a rejection's reason), under the figures. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const act = async (googleCode?: string) => {
    if (doneMessage === undefined) {
      await onConfirm(googleCode);
      return;
    }
    try {
      await onConfirm(googleCode);
    } catch (e) {
      if (isGoogleCodeProblem(e)) throw e;
      message.error(e instanceof Error ? e.message : String(e));
      onClose();
      return;
    }
    message.success(doneMessage);
    onClose();
  };
  const { confirm, field } = useSecondFactorConfirm(secondFactor, act, testId);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      okText={okText}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ danger, loading: sending, 'data-testid': `${testId}-confirm` } as ButtonProps}
      onOk={() => void confirm()}
    >
      <Descriptions size="small" column={1} bordered items={items} data-testid={`${testId}-confirmation`} />
      {children}
      {hint && <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>{hint}</Typography.Paragraph>}
      {field}
    </Modal>
  );
}
