/**
 * Balance records: the statement of the merchant's accounts, one row per ledger entry (spec §3 action types 1-7),
 * from the declared list (packages/domain balance-records/list.ts). Amounts carry their sign: "+" money in, "-" out.
 * A reference opens its source: the collection, the refund, the settlement batch or the balance transfer, found by its
 * id at any date; a transfer's entry names the other merchant.
 */
import { Typography } from 'antd';
import { Link } from 'react-router';
import { ID_PREFIX, balanceRecordsList, balanceTransfersArea, collectionsArea, refundsArea, settlementsArea } from '@mg/domain';
import { ListPage, SignedAmount } from '../../components/list';

/** The list each kind of reference lives in (its `id` filter finds it). */
const SOURCE_PAGES: Readonly<Record<string, string>> = {
  [ID_PREFIX.COLLECTION]: collectionsArea.pages[0]!.path,
  [ID_PREFIX.REFUND]: refundsArea.pages[0]!.path,
  [ID_PREFIX.SETTLEMENT]: settlementsArea.pages[0]!.path,
  [ID_PREFIX.BALANCE_TRANSFER]: balanceTransfersArea.pages[0]!.path,
};

/** Where a reference opens, or undefined for one without a page. */
export function sourceOf(reference: string): string | undefined {
  const page = SOURCE_PAGES[reference.charAt(0)];
  return page ? `${page}?id=${encodeURIComponent(reference)}` : undefined;
}

function Reference({ value }: { value: string }) {
  const to = sourceOf(value);
  return to ? (
    <Link to={to} data-testid={`reference-${value}`} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {value}
    </Link>
  ) : (
    <Typography.Text style={{ fontFamily: 'monospace' }}>{value}</Typography.Text>
  );
}

export default function BalanceRecordsPage() {
  return (
    <ListPage
      list={balanceRecordsList}
      overrides={{
        render: {
          amount: (r) => <SignedAmount value={r.amount} currency={r.currency} />,
          reference: (r) => <Reference value={r.reference} />,
        },
      }}
    />
  );
}
