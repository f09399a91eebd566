import { useMemo, useRef } from 'react';
import { Tag, Typography } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ACTION_TYPES, CURRENCY_CODES, ExportKind } from '@mg/domain';
import { ListTable } from '../../components/list/ListTable';
import { useFormatters } from '../../components/format';
import { useSession } from '../../session/store';
import { useFormatInstant, useUrlFilters } from '../../components/list/paging';
import { BALANCE_ACCOUNTS, FUNDS_URLS, type BalanceAccount, type BalanceRecord } from '../balances/api';
import { useMerchantColumn, useRangeColumn, useRangedRequest, useVisibleColumns, type FundsColumn } from '../../components/list/funds-legacy';
import { signOf, useMoney } from '../../components/list/money';

const ACCOUNT_COLORS: Record<BalanceAccount, string> = { available: 'green', pending: 'gold', frozen: 'blue' };

/** A signed amount: "+" for money in (green), "-" for money out (red). */
function SignedAmount({ value, currency }: { value: string; currency: string }) {
  const money = useMoney();
  const sign = signOf(value);
  const text = money(value, currency);
  return (
    <Typography.Text className={sign > 0 ? 'mg-ok' : sign < 0 ? 'mg-bad' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="signed-amount">
      {sign > 0 ? `+${text}` : text}
    </Typography.Text>
  );
}

/** The statement of the merchant's accounts: one row per ledger entry (spec §3 action types 1-7). */
export default function BalanceRecords() {
  const { t } = useTranslation();
  const fmt = useFormatInstant();
  const money = useMoney();
  const { currency: sessionCurrency } = useFormatters();
  const { userInfo } = useSession();
  const visible = useVisibleColumns<BalanceRecord>();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const list = useRangedRequest<BalanceRecord>(FUNDS_URLS.balanceRecords, write);
  const rangeColumn = useRangeColumn<BalanceRecord>(t('balance-records.time'), initial);
  const merchantColumn = useMerchantColumn<BalanceRecord>(initial);

  const actionOptions = useMemo(() => ACTION_TYPES.map((a) => ({ value: String(a.value), label: t(a.i18nKey) })), [t]);
  const accountOptions = useMemo(() => BALANCE_ACCOUNTS.map((a) => ({ value: a, label: t(`balances.${a}`) })), [t]);
  const currencyOptions = useMemo(() => {
    const own = (userInfo?.currencies ?? []).filter((c) => (CURRENCY_CODES as readonly string[]).includes(c));
    return (own.length ? own : [sessionCurrency]).map((c) => ({ value: c, label: c }));
  }, [userInfo?.currencies, sessionCurrency]);

  const columns: FundsColumn<BalanceRecord>[] = [
    rangeColumn,
    merchantColumn,
    { title: t('balance-records.time'), dataIndex: 'createdAt', search: false, width: 170, render: (_, r) => fmt(r.createdAt) },
    {
      title: t('balance-records.actionType'),
      dataIndex: 'actionType',
      valueType: 'select',
      initialValue: initial.actionType,
      fieldProps: { options: actionOptions },
      render: (_, r) => t(`enum.actionType.${r.actionType}`, { defaultValue: String(r.actionType) }),
    },
    {
      title: t('balance-records.account'),
      dataIndex: 'account',
      valueType: 'select',
      initialValue: initial.account,
      fieldProps: { options: accountOptions },
      render: (_, r) => <Tag color={ACCOUNT_COLORS[r.account]}>{t(`balances.${r.account}`, { defaultValue: r.account })}</Tag>,
    },
    { title: t('balance-records.reference'), dataIndex: 'reference', initialValue: initial.reference, copyable: true, render: (_, r) => r.reference || '-' },
    {
      title: t('balance-records.currency'),
      dataIndex: 'currency',
      valueType: 'select',
      hideInTable: true,
      initialValue: initial.currency ?? sessionCurrency,
      fieldProps: { options: currencyOptions, allowClear: false },
    },
    { title: t('balance-records.amount'), dataIndex: 'amount', search: false, align: 'right', render: (_, r) => <SignedAmount value={r.amount} currency={r.currency} /> },
    { title: t('balance-records.fee'), dataIndex: 'fee', fee: true, search: false, align: 'right', render: (_, r) => money(r.fee, r.currency) },
    { title: t('balance-records.balanceBefore'), dataIndex: 'balanceBefore', search: false, align: 'right', render: (_, r) => money(r.balanceBefore, r.currency) },
    { title: t('balance-records.balanceAfter'), dataIndex: 'balanceAfter', search: false, align: 'right', render: (_, r) => money(r.balanceAfter, r.currency) },
  ];

  return (
    <>
      <ListTable<BalanceRecord>
        list={list}
        initial={initial}
        exportKind={ExportKind.BALANCE_RECORDS}
        actionRef={actionRef}
        columns={visible(columns)}
        headerTitle={t('balance-records.title')}
      />
    </>
  );
}
