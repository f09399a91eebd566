import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { MailOutlined, NumberOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@mg/domain';
import { useBrand } from '../../brands';
import { isApiError } from '../../api/errors';
import { identityApi } from '../../api/identity';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../app/pages/AuthCard';
import { CaptchaField, type CaptchaHandle } from '../../components/CaptchaField';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SendCodeButton } from '../../components/SendCodeButton';
import { zodRule } from '../../components/zodRule';
import { authPath } from './paths';
import { useSendEmailCode } from './useSendEmailCode';

interface Values {
  email: string;
  captcha: string;
  emailCode: string;
  password: string;
  confirmpassword: string;
}

/** Password change while signed out (forgot password): e-mail code, then a new password (spec §2 "alteration"). */
export function AlterationPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const title = usePageTitle('auth.page.alteration');
  const [form] = Form.useForm<Values>();
  const captcha = useRef<CaptchaHandle>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = useSendEmailCode({
    form,
    captcha,
    purpose: 'reset',
    onError: setError,
    fallbackMessage: () => t('auth.alteration.failed'),
    onSent: () => message.success(t('auth.alteration.codeSent')),
  });

  const submit = async (v: Values) => {
    setLoading(true);
    setError(null);
    try {
      await identityApi.forgePassword({ email: v.email.trim(), emailCode: v.emailCode.trim(), password: v.password, confirmpassword: v.confirmpassword });
      message.success(t('auth.alteration.done'));
      navigate(authPath(brand, 'login'), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : t('auth.alteration.failed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title={title} subtitle={t('auth.alteration.subheading')}>
      {error && <Alert className="mg-card__error" type="error" showIcon message={error} data-testid="alteration-error" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="mg-form mg-form--compact">
        <Form.Item name="email" label={t('auth.register.email')} rules={[zodRule(emailSchema, t)]}>
          <Input size="large" prefix={<MailOutlined aria-hidden />} autoComplete="email" data-testid="alteration-email" />
        </Form.Item>
        <Form.Item name="captcha" label={t('auth.login.captcha')} rules={[{ required: true, whitespace: true, message: t('auth.login.captchaRequired') }]} extra={t('auth.register.captchaHint')}>
          <CaptchaField ref={captcha} testIdPrefix="alteration" />
        </Form.Item>
        <Form.Item label={t('auth.register.emailCode')} required>
          <Space.Compact block>
            <Form.Item
              name="emailCode"
              noStyle
              rules={[{ validator: (_, v: string | undefined) => (v && /^\d{6}$/.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('auth.register.emailCodeInvalid')))) }]}
            >
              <Input size="large" prefix={<NumberOutlined aria-hidden />} inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="alteration-email-code" />
            </Form.Item>
            <SendCodeButton onSend={sendCode} testId="alteration-send-code" />
          </Space.Compact>
        </Form.Item>
        <NewPasswordFields
          passwordLabel={t('auth.password.new')}
          confirmLabel={t('auth.password.confirm')}
          large
          testIds={{ password: 'alteration-password', confirm: 'alteration-confirm', meter: 'alteration-strength' }}
        />
        <Button className="mg-card__cta" type="primary" size="large" block htmlType="submit" loading={loading} data-testid="alteration-submit">
          {t('auth.alteration.submit')}
        </Button>
        <p className="mg-form__foot">
          <Link to={authPath(brand, 'login')}>{t('auth.register.backToLogin')}</Link>
        </p>
      </Form>
    </AuthCard>
  );
}
