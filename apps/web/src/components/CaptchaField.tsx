import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import Input from 'antd/es/input';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentApiBase } from '../api/client';
import { identityApi, newCheckKey } from '../api/identity';
import { onSessionCurrencyChange } from '../session/storage';

export interface CaptchaHandle {
  /** A new key and image (after a failed attempt). */
  refresh(): void;
  checkKey(): string;
}

/**
 * Captcha input with its image (GET /sys/randomImage/{checkKey}); a click on the image loads a new one. Used inside
 * an antd Form.Item (value/onChange come from there) or a PlainField.
 */
interface CaptchaFieldProps {
  value?: string;
  onChange?: (v: string) => void;
  testIdPrefix?: string;
  size?: 'large' | 'middle';
  /** The input's id, status and aria (an antd Form.Item passes `id`; PlainField's fieldAria all of them). */
  id?: string;
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export const CaptchaField = forwardRef<CaptchaHandle, CaptchaFieldProps>(
  function CaptchaField({ value, onChange, testIdPrefix = 'login', size = 'large', ...inputProps }, ref) {
    const { t } = useTranslation();
    const [image, setImage] = useState<string | null>(null);
    const [loading, setLoading] = useState(false);
    const keyRef = useRef<string>('');
    const seq = useRef(0);
    /** The server that holds the shown captcha's key: a captcha is checked by the server that drew it. */
    const baseRef = useRef('');

    const refresh = useCallback(() => {
      const key = newCheckKey();
      keyRef.current = key;
      baseRef.current = currentApiBase();
      const mine = ++seq.current;
      setLoading(true);
      identityApi
        .randomImage(key)
        .then((img) => {
          if (mine === seq.current) setImage(typeof img === 'string' ? img : null);
        })
        .catch(() => {
          if (mine === seq.current) setImage(null);
        })
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    }, []);

    useEffect(() => refresh(), [refresh]);
    // A country chosen on the sign-in page that another server serves: a captcha of that server.
    useEffect(() => onSessionCurrencyChange(() => (currentApiBase() !== baseRef.current ? refresh() : undefined)), [refresh]);
    useImperativeHandle(ref, () => ({ refresh, checkKey: () => keyRef.current }), [refresh]);

    return (
      <div className="mg-captcha">
        <Input
          {...inputProps}
          size={size}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          prefix={<SafetyOutlined aria-hidden />}
          placeholder={t('auth.login.captcha')}
          aria-label={t('auth.login.captcha')}
          autoComplete="off"
          maxLength={8}
          data-testid={`${testIdPrefix}-captcha`}
        />
        {/* a native tooltip and a CSS spinner: this field is on the sign-in page, which loads as little as it can */}
        <button
          type="button"
          className="mg-captcha__image"
          onClick={refresh}
          title={t('auth.login.captchaRefresh')}
          aria-label={t('auth.login.captchaRefresh')}
          data-testid={`${testIdPrefix}-captcha-image`}
        >
          {loading && !image ? (
            <span className="mg-spinner mg-spinner--small" role="status" aria-label={t('common.messages.loading')} />
          ) : image ? (
            <img src={image} alt={t('auth.login.captchaAlt')} />
          ) : (
            <span className="mg-captcha__retry">{t('auth.login.captchaRefresh')}</span>
          )}
        </button>
      </div>
    );
  },
);
