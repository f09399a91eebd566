/**
 * API request logs (Developer): the open API's requests of the merchant from the declared list (domain api-logs),
 * the last day by default; a row opens the request's bodies and signature verdict. A collection's or payout's
 * details link here with `?orderId=` (a link with `&open=1` opens that request).
 */
import { useState } from 'react';
import { apiLogsList } from '@mg/domain';
import { ListPage } from '../../components/list';
import { ApiLogDrawer } from './ApiLogDrawer';

export default function ApiLogsPage() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <ListPage list={apiLogsList} onRowClick={(r) => setOpen(r.id)} />
      <ApiLogDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
