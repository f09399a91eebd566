/**
 * API request logs (Developer): the open API's requests of the merchant from the declared list (domain api-logs),
 * the last day by default; a row opens the request's bodies and signature verdict. A collection's or payout's
 * details link here with `?orderId=` (a link with `&open=1` opens that request).
 */
import { useState } from 'react';
import { Typography } from 'antd';
import { OPEN_API_PREFIX, apiLogsList } from '@mg/domain';
import { ListPage } from '../../components/list';
import { ApiLogDrawer } from './ApiLogDrawer';

export default function ApiLogsPage() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <ListPage
        list={apiLogsList}
        // Every path starts with the open API's prefix: the cell shows what differs (the whole path in its title).
        overrides={{ render: { path: (r) => <Typography.Text title={r.path}>{r.path.startsWith(`${OPEN_API_PREFIX}/`) ? r.path.slice(OPEN_API_PREFIX.length) : r.path}</Typography.Text> } }}
        onRowClick={(r) => setOpen(r.id)}
      />
      <ApiLogDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
