/**
 * Withdrawal records (docs/payments-api.md "Withdrawals"): the declared list (packages/domain withdrawals/list.ts)
 * with a new withdrawal (open at once with `?new=1`, the Balances page's Withdraw button), the merchant's accounts and
 * its daily auto-withdrawal; for provider staff, approve or reject a withdrawal waiting for review, the accounts
 * waiting for verification, and the minimum and maximum of the session currency.
 */
import { useRef, useState } from 'react';
import { App, Badge, Button, Form, Input, Modal } from 'antd';
import type { ProFormInstance } from '@ant-design/pro-components';
import {
  AuditOutlined,
  BankOutlined,
  ControlOutlined,
  FieldTimeOutlined,
  SafetyOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PayoutStatus,
  Perm,
  SecondFactorCall,
  WITHDRAWAL_REJECT_REASON_MAX_LENGTH,
  amountSchema,
  canonicalAmount,
  findPayoutDestination,
  withdrawalsList,
  type CurrencyCode,
} from '@mg/domain';
import { Can } from '../../components/Can';
import { ConfirmActionModal } from '../../components/ConfirmStepModal';
import { applyServerErrors } from '../../components/forms';
import { useSecondFactorField } from '../../components/secondFactor';
import { useFormatters } from '../../components/format';
import { ListPage, useIsPlatform, useMoney } from '../../components/list';
import { useOpenFormParam } from '../../components/useOpenFormParam';
import { zodRule } from '../../components/zodRule';
import { usePermission } from '../../session/usePermission';
import { AccountsDrawer } from './AccountsDrawer';
import { AutoWithdrawalModal } from './AutoWithdrawalModal';
import { WithdrawFormModal } from './WithdrawFormModal';
import {
  useReviewWithdrawal,
  useSetWithdrawalLimits,
  useWithdrawalLimits,
  useWithdrawalsWaiting,
  type WithdrawalRecord,
} from './hooks';

function RejectModal({ row, onClose }: { row: WithdrawalRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; googleCode?: string }>();
  const review = useReviewWithdrawal();
  const secondFactor = useSecondFactorField(SecondFactorCall.WITHDRAWAL_REVIEW, form, 'withdraw-reject');
  const submit = async () => {
    const { reason, googleCode } = await form.validateFields();
    try {
      await review.mutateAsync({ id: row.id, action: 'reject', reason, googleCode });
      message.success(t('error.operationSucceeded'));
      onClose();
    } catch (e) {
      if (!secondFactor.takeError(e)) message.error(applyServerErrors(form, e));
    }
  };
  return (
    <Modal
      open
      title={`${t('withdrawals.actions.reject')} ${row.id}`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={review.isPending}
      okButtonProps={{ danger: true }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="withdrawalReject">
        <Form.Item
          name="reason"
          label={t('withdrawals.form.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('withdrawals.rejectReasonRequired') }]}
        >
          <Input.TextArea
            maxLength={WITHDRAWAL_REJECT_REASON_MAX_LENGTH}
            rows={3}
            data-testid="withdraw-reject-reason"
          />
        </Form.Item>
        {secondFactor.field}
      </Form>
    </Modal>
  );
}

function LimitsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { currency } = useFormatters();
  const limits = useWithdrawalLimits(currency);
  const save = useSetWithdrawalLimits();
  const [form] = Form.useForm<{ minAmount: string; maxAmount: string }>();
  const rule = zodRule(amountSchema(currency, { allowGrouping: true }), t);
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        currency,
        minAmount: canonicalAmount(v.minAmount, currency),
        maxAmount: canonicalAmount(v.maxAmount, currency),
      });
      message.success(t('error.operationSucceeded'));
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
    }
  };
  if (!limits.data) return null;
  return (
    <Modal
      open
      title={`${t('withdrawals.actions.limits')} (${currency})`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="withdrawalLimits"
        initialValues={{ minAmount: limits.data.min, maxAmount: limits.data.max ?? '' }}
      >
        <Form.Item name="minAmount" label={t('withdrawals.fields.min')} rules={[rule]}>
          <Input suffix={currency} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="maxAmount" label={t('withdrawals.fields.max')} rules={[rule]}>
          <Input suffix={currency} inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const platform = useIsPlatform();
  const { has } = usePermission();
  const canReview = has(Perm.WITHDRAWAL_REVIEW);
  const money = useMoney();
  const review = useReviewWithdrawal();
  const [creating, setCreating] = useOpenFormParam();
  const [accounts, setAccounts] = useState(false);
  const [limits, setLimits] = useState(false);
  const [auto, setAuto] = useState(false);
  const [rejecting, setRejecting] = useState<WithdrawalRecord | null>(null);
  // Provider staff's queues: withdrawals waiting for review (the list filtered to them) and accounts to verify.
  const staffQueues = platform && canReview;
  const waiting = useWithdrawalsWaiting(staffQueues);
  const formRef = useRef<ProFormInstance>(undefined);
  const showWaiting = () => {
    formRef.current?.setFieldsValue({ status: PayoutStatus.PENDING_REVIEW });
    formRef.current?.submit();
  };

  const [approving, setApproving] = useState<WithdrawalRecord | null>(null);

  return (
    <>
      <ListPage
        list={withdrawalsList}
        formRef={formRef}
        tools={[
          ...(platform
            ? []
            : [
                <Can key="create" code={Perm.WITHDRAWAL_ADD}>
                  <Button
                    type="primary"
                    icon={<UploadOutlined />}
                    onClick={() => setCreating(true)}
                    data-testid="withdraw-new"
                  >
                    {t('withdrawals.actions.new')}
                  </Button>
                </Can>,
              ]),
          <Badge key="accounts" count={staffQueues ? (waiting.data?.accounts ?? 0) : 0} size="small" data-testid="accounts-waiting">
            <Button icon={<BankOutlined />} onClick={() => setAccounts(true)} data-testid="withdraw-accounts">
              {t('withdrawals.actions.accounts')}
            </Button>
          </Badge>,
          ...(staffQueues
            ? [
                <Badge key="queue" count={waiting.data?.withdrawals ?? 0} size="small" overflowCount={999} data-testid="withdrawals-waiting">
                  <Button icon={<AuditOutlined />} onClick={showWaiting} data-testid="withdrawals-queue">
                    {t('payouts.review.queue')}
                  </Button>
                </Badge>,
              ]
            : []),
          ...(platform
            ? []
            : [
                <Can key="auto" code={Perm.WITHDRAWAL_ACCOUNT_EDIT}>
                  <Button
                    icon={<FieldTimeOutlined />}
                    onClick={() => setAuto(true)}
                    data-testid="withdraw-auto"
                  >
                    {t('withdrawals.auto.title')}
                  </Button>
                </Can>,
              ]),
          <Can key="limits" code={Perm.WITHDRAWAL_REVIEW}>
            <Button
              icon={<ControlOutlined />}
              onClick={() => setLimits(true)}
              data-testid="withdraw-limits-edit"
            >
              {t('withdrawals.actions.limits')}
            </Button>
          </Can>,
        ]}
        actions={
          canReview
            ? (r) =>
                r.status === PayoutStatus.PENDING_REVIEW
                  ? [
                      <Button
                        key="approve"
                        type="link"
                        size="small"
                        icon={<SafetyOutlined />}
                        loading={review.isPending}
                        onClick={() => setApproving(r)}
                        data-testid={`withdraw-approve-${r.id}`}
                      >
                        {t('withdrawals.actions.approve')}
                      </Button>,
                      <Button
                        key="reject"
                        type="link"
                        size="small"
                        danger
                        onClick={() => setRejecting(r)}
                        data-testid={`withdraw-reject-${r.id}`}
                      >
                        {t('withdrawals.actions.reject')}
                      </Button>,
                    ]
                  : []
            : undefined
        }
      />
      {creating && <WithdrawFormModal onClose={() => setCreating(false)} />}
      <AccountsDrawer open={accounts} onClose={() => setAccounts(false)} staff={staffQueues} />
      {limits && <LimitsModal onClose={() => setLimits(false)} />}
      {auto && <AutoWithdrawalModal onClose={() => setAuto(false)} />}
      {rejecting && <RejectModal row={rejecting} onClose={() => setRejecting(null)} />}
      {approving && (
        <ConfirmActionModal
          title={t('withdrawals.actions.approve')}
          items={[
            { key: 'id', label: t('withdrawals.fields.id'), children: approving.id },
            { key: 'merchant', label: t('common.fields.merchantId'), children: approving.merchantId },
            { key: 'account', label: t('withdrawals.fields.account'), children: `${findPayoutDestination(approving.currency as CurrencyCode, approving.bankCode)?.name ?? approving.bankCode} · ${approving.accountNumber} · ${approving.accountName}` },
            { key: 'amount', label: t('withdrawals.fields.amount'), children: `${money(approving.amount, approving.currency)} ${approving.currency}` },
            { key: 'fee', label: t('withdrawals.fields.fee'), children: `${money(approving.fee, approving.currency)} ${approving.currency}` },
            { key: 'total', label: t('withdrawals.fields.totalDebit'), children: <strong>{`${money(approving.totalDebit, approving.currency)} ${approving.currency}`}</strong> },
          ]}
          hint={t('withdrawals.approveHint')}
          okText={t('withdrawals.actions.approve')}
          sending={review.isPending}
          secondFactor={SecondFactorCall.WITHDRAWAL_REVIEW}
          testId="withdraw-approve"
          onConfirm={(googleCode) => review.mutateAsync({ id: approving.id, action: 'approve', googleCode })}
          doneMessage={t('error.operationSucceeded')}
          onClose={() => setApproving(null)}
        />
      )}
    </>
  );
}
