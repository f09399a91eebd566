import { Button } from 'antd';
import { PlusOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Perm, balanceTransfersArea, topUpsArea, withdrawalsArea } from '@mg/domain';
import { Can } from '../../components/Can';
import { withOpenForm } from '../../components/useOpenFormParam';

/** What a merchant does with its balance (issue 12): each button opens its records page with the form open. */
export function MoneyActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = [
    { code: Perm.WITHDRAWAL_ADD, path: withdrawalsArea.pages[0]!.path, icon: <UploadOutlined />, label: 'withdrawals.actions.new', testId: 'balances-withdraw' },
    { code: Perm.TOP_UP_ADD, path: topUpsArea.pages[0]!.path, icon: <PlusOutlined />, label: 'top-ups.actions.new', testId: 'balances-top-up' },
    { code: Perm.BALANCE_TRANSFER_ADD, path: balanceTransfersArea.pages[0]!.path, icon: <SwapOutlined />, label: 'balance-transfers.actions.new', testId: 'balances-transfer' },
  ];
  return (
    <>
      {actions.map((a) => (
        <Can key={a.testId} code={a.code}>
          <Button icon={a.icon} onClick={() => navigate(withOpenForm(a.path))} data-testid={a.testId}>
            {t(a.label)}
          </Button>
        </Can>
      ))}
    </>
  );
}
