/**
 * Balance records: the statement of the merchant's accounts, one row per ledger entry (spec §3 action types 1-7),
 * from the declared list (packages/domain balance-records/list.ts). Amounts carry their sign: "+" money in, "-" out.
 */
import { Typography } from 'antd';
import { balanceRecordsList } from '@mg/domain';
import { ListPage, signOf, useMoney } from '../../components/list';

function SignedAmount({ value, currency }: { value: string; currency: string }) {
  const money = useMoney();
  const sign = signOf(value);
  const text = money(value, currency);
  return (
    <Typography.Text
      className={sign > 0 ? 'mg-ok' : sign < 0 ? 'mg-bad' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="signed-amount"
    >
      {sign > 0 ? `+${text}` : text}
    </Typography.Text>
  );
}

export default function BalanceRecordsPage() {
  return (
    <ListPage
      list={balanceRecordsList}
      overrides={{ render: { amount: (r) => <SignedAmount value={r.amount} currency={r.currency} /> } }}
    />
  );
}
