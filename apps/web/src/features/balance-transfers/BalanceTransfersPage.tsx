/**
 * Balance transfer records (docs/payments-api.md "Balance transfers"): the declared list (packages/domain
 * balance-transfers/list.ts), one row per side, so a sub-merchant sees what its parent sent as received; the balance
 * change carries its sign. A new transfer for those who may send one; `?new=1` (the Balances page's Transfer
 * button) opens it at once.
 */
import { Button } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, balanceTransfersList } from '@mg/domain';
import { Can } from '../../components/Can';
import { ListPage, SignedAmount } from '../../components/list';
import { useOpenFormParam } from '../../components/useOpenFormParam';
import { TransferFormModal } from './TransferFormModal';

export default function BalanceTransfersPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useOpenFormParam();
  return (
    <>
      <ListPage
        list={balanceTransfersList}
        overrides={{
          render: { balanceChange: (r) => <SignedAmount value={r.balanceChange} currency={r.currency} /> },
        }}
        tools={[
          <Can key="create" code={Perm.BALANCE_TRANSFER_ADD}>
            <Button
              type="primary"
              icon={<SwapOutlined />}
              onClick={() => setCreating(true)}
              data-testid="transfer-new"
            >
              {t('balance-transfers.actions.new')}
            </Button>
          </Can>,
        ]}
      />
      {creating && <TransferFormModal onClose={() => setCreating(false)} />}
    </>
  );
}
