/** Refunds: every refund of the merchant's collections (the declared list), with the collection's details a click away. */
import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, refundsList } from '@mg/domain';
import { ListPage } from '../../components/list';
import { usePermission } from '../../session/usePermission';
import { TransactionDrawer } from '../collections/TransactionDrawer';

export default function RefundsPage() {
  const { t } = useTranslation();
  const perm = usePermission();
  const [collectionId, setCollectionId] = useState<string | null>(null);

  return (
    <>
      <ListPage
        list={refundsList}
        tooltip={t('collections.defaultRangeHint')}
        overrides={{
          render: {
            collectionId: (r) =>
              // The details need the transaction list's permission; without it the id is plain text.
              perm.has(Perm.COLLECTION_MENU) ? (
                <Typography.Text copyable={{ text: r.collectionId }}>
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setCollectionId(r.collectionId)} data-testid={`open-collection-${r.id}`}>
                    {r.collectionId}
                  </Button>
                </Typography.Text>
              ) : (
                <Typography.Text copyable>{r.collectionId}</Typography.Text>
              ),
            reason: (r) => (
              <Typography.Text ellipsis={{ tooltip: r.reason }} style={{ maxWidth: 240 }}>
                {r.reason}
              </Typography.Text>
            ),
          },
        }}
      />
      <TransactionDrawer id={collectionId} onClose={() => setCollectionId(null)} />
    </>
  );
}
