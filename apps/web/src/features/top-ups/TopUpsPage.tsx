/**
 * Top-up records (docs/payments-api.md "Top-ups"): the declared list (packages/domain top-ups/list.ts) with a new
 * top-up (open at once with `?new=1`, the Balances page's Top up button), and the cashier of a top-up still open. The
 * list reloads on a top-up's realtime event (domain RealtimeKind.TOP_UP, app/shell/useRealtime.ts) like every pushed
 * list, and when the user comes back from the cashier tab (the socket may be reconnecting just then).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PaymentStatus, Perm, topUpsList } from '@mg/domain';
import { Can } from '../../components/Can';
import { ListPage } from '../../components/list';
import { useOpenFormParam } from '../../components/useOpenFormParam';
import { TopUpFormModal } from './TopUpFormModal';
import { topUpKeys } from './hooks';

/** Back from the cashier tab: the list reloads, so a top-up just paid shows as paid. */
function useReloadOnReturn() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: topUpKeys.all });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);
}

export default function TopUpsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useOpenFormParam();
  useReloadOnReturn();
  return (
    <>
      <ListPage
        list={topUpsList}
        tools={[
          <Can key="create" code={Perm.TOP_UP_ADD}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="top-up-new"
            >
              {t('top-ups.actions.new')}
            </Button>
          </Can>,
        ]}
        actions={(r) =>
          r.status === PaymentStatus.PENDING && Date.parse(r.expiresAt) > Date.now()
            ? [
                <Button
                  key="pay"
                  type="link"
                  size="small"
                  href={r.cashierUrl}
                  target="_blank"
                  rel="noopener"
                  data-testid={`top-up-pay-${r.id}`}
                >
                  {t('top-ups.actions.pay')}
                </Button>,
              ]
            : []
        }
      />
      {creating && <TopUpFormModal onClose={() => setCreating(false)} />}
    </>
  );
}
