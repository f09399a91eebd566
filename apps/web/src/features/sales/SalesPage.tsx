/** Sales: collections by day, payment method and channel in the session zone (spec §2 "sales"), with export. */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { salesList } from '@mg/domain';
import { ListPage } from '../../components/list';

export default function SalesPage() {
  const { t } = useTranslation();
  return <ListPage list={salesList} banner={<Alert type="info" showIcon message={t('sales.hint')} style={{ marginBottom: 12 }} />} />;
}
