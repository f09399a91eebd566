import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A load that failed: the message, and a Reload button that asks again. */
export function LoadFailed({ message, onRetry, testId }: { message: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.actions.reload')}
        </Button>
      }
      data-testid={testId}
    />
  );
}
