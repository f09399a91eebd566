/**
 * "API requests": from an order's details to the open API's requests that created or touched it (the request log,
 * filtered by the order's id). Shown only to a reader who has the log's page.
 */
import { Button } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { API_LOGS_PAGE } from '@mg/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../session/usePermission';

export function ApiRequestsLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { hasPage } = usePermission();
  const navigate = useNavigate();
  if (!hasPage(API_LOGS_PAGE)) return null;
  return (
    <Button icon={<FileTextOutlined />} onClick={() => navigate(`${API_LOGS_PAGE}?orderId=${encodeURIComponent(orderId)}`)} data-testid="api-requests-link">
      {t('api-logs.links.requests')}
    </Button>
  );
}
