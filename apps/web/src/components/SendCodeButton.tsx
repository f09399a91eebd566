import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

export const CODE_COUNTDOWN_SECONDS = 60;

/**
 * "Send code" with a 60 s countdown after a successful send. `onSend` resolves true when the code went out (the
 * caller validates e-mail and captcha first and shows failures).
 */
export function SendCodeButton({ onSend, testId, size = 'large' }: { onSend: () => Promise<boolean>; testId: string; size?: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return (
    <Button
      size={size}
      loading={sending}
      disabled={left > 0}
      data-testid={testId}
      onClick={async () => {
        setSending(true);
        try {
          if (await onSend()) setLeft(CODE_COUNTDOWN_SECONDS);
        } finally {
          setSending(false);
        }
      }}
    >
      {left > 0 ? t('auth.register.resendIn', { seconds: left }) : t('auth.register.sendCode')}
    </Button>
  );
}
