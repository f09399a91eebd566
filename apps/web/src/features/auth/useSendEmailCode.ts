import type { RefObject } from 'react';
import type { FormInstance } from 'antd';
import { isApiError } from '../../api/errors';
import { identityApi } from '../../api/identity';
import type { CaptchaHandle } from '../../components/CaptchaField';

/**
 * The "send code" step shared by registration and forgotten password: the e-mail and captcha fields must be
 * valid, the code is requested, and a refused request clears and renews the captcha (each one answers once).
 * Resolves true when the code is on its way, so the button starts its countdown.
 */
export function useSendEmailCode(opts: {
  form: FormInstance;
  captcha: RefObject<CaptchaHandle | null>;
  purpose: 'register' | 'reset';
  onError: (message: string | null) => void;
  fallbackMessage: () => string;
  onSent?: () => void;
}): () => Promise<boolean> {
  const { form, captcha, purpose, onError, fallbackMessage, onSent } = opts;
  return async () => {
    onError(null);
    try {
      await form.validateFields(['email', 'captcha']);
    } catch {
      return false;
    }
    const { email, captcha: code } = form.getFieldsValue(['email', 'captcha']) as { email: string; captcha: string };
    try {
      await identityApi.sendEmailCode({ email: email.trim(), purpose, captcha: code.trim(), checkKey: captcha.current?.checkKey() ?? '' });
      onSent?.();
      return true;
    } catch (e) {
      onError(isApiError(e) ? e.message : fallbackMessage());
      form.setFieldValue('captcha', '');
      captcha.current?.refresh();
      return false;
    }
  };
}
