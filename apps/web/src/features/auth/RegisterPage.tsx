import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Result, Space } from 'antd';
import { BankOutlined, MailOutlined, NumberOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailSchema, phoneSchema, textSchema, usernameSchema } from '@mg/domain';
import { useBrand } from '../../brands';
import { isApiError } from '../../api/errors';
import { identityApi } from '../../api/identity';
import { getSessionCurrency } from '../../session/storage';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../app/pages/AuthCard';
import { CaptchaField, type CaptchaHandle } from '../../components/CaptchaField';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SendCodeButton } from '../../components/SendCodeButton';
import { zodRule } from '../../components/zodRule';
import { authPath } from './paths';
import { useSendEmailCode } from './useSendEmailCode';

interface RegisterValues {
  username: string;
  companyName: string;
  email: string;
  captcha: string;
  emailCode: string;
  phone: string;
  password: string;
  confirmpassword: string;
}

const EMAIL_CODE_RE = /^\d{6}$/;

/** Brands with registerSwitch: a merchant signs up with an e-mail code (spec §2, §8); others see "not available". */
export function RegisterPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const title = usePageTitle('auth.page.register');

  if (!brand.registerSwitch) {
    return (
      <AuthCard title={title}>
        <div data-testid="register-unavailable">
      <Result
          status="info"
          title={t('auth.register.unavailable')}
          subTitle={t('auth.register.unavailableHint', { brand: brand.name })}
          extra={
            <Link to={authPath(brand, 'login')} data-testid="register-back-login">
              {t('auth.register.backToLogin')}
            </Link>
          }
        />
      </div>
      </AuthCard>
    );
  }
  return <RegisterForm title={title} />;
}

/** The sign-up form (hooks of its own: the page above decides whether the brand offers it). */
function RegisterForm({ title }: { title: string }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useRef<CaptchaHandle>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = useSendEmailCode({
    form,
    captcha,
    purpose: 'register',
    onError: setError,
    fallbackMessage: () => t('auth.register.failed'),
  });

  const submit = async (v: RegisterValues) => {
    setLoading(true);
    setError(null);
    try {
      const res = await identityApi.register({
        username: v.username.trim(),
        password: v.password,
        confirmpassword: v.confirmpassword,
        email: v.email.trim(),
        phone: v.phone.trim(),
        emailCode: v.emailCode.trim(),
        companyName: v.companyName.trim(),
        countryCurrency: getSessionCurrency(brand),
        brand: brand.value,
      });
      const q = new URLSearchParams({ username: res?.username ?? v.username.trim() });
      if (res?.merchantId) q.set('merchantId', String(res.merchantId));
      navigate(`${authPath(brand, 'register-result')}?${q.toString()}`);
    } catch (e) {
      setError(isApiError(e) ? e.message : t('auth.register.failed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title={title} subtitle={t('auth.register.subheading', { brand: brand.name })}>
      {error && <Alert className="mg-card__error" type="error" showIcon message={error} data-testid="register-error" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="mg-form mg-form--compact">
        <Form.Item name="username" label={t('auth.login.username')} rules={[zodRule(usernameSchema, t)]}>
          <Input size="large" prefix={<UserOutlined aria-hidden />} autoComplete="username" data-testid="register-username" />
        </Form.Item>
        <Form.Item
          name="companyName"
          label={t('auth.register.company')}
          rules={[{ required: true, whitespace: true, message: t('auth.register.companyRequired') }, zodRule(textSchema, t)]}
        >
          <Input size="large" prefix={<BankOutlined aria-hidden />} autoComplete="organization" data-testid="register-company" />
        </Form.Item>
        <Form.Item name="email" label={t('auth.register.email')} rules={[zodRule(emailSchema, t)]}>
          <Input size="large" prefix={<MailOutlined aria-hidden />} autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Form.Item name="captcha" label={t('auth.login.captcha')} rules={[{ required: true, whitespace: true, message: t('auth.login.captchaRequired') }]} extra={t('auth.register.captchaHint')}>
          <CaptchaField ref={captcha} testIdPrefix="register" />
        </Form.Item>
        <Form.Item label={t('auth.register.emailCode')} required>
          <Space.Compact block>
            <Form.Item
              name="emailCode"
              noStyle
              rules={[{ validator: (_, v: string | undefined) => (v && EMAIL_CODE_RE.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('auth.register.emailCodeInvalid')))) }]}
            >
              <Input size="large" prefix={<NumberOutlined aria-hidden />} inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="register-email-code" />
            </Form.Item>
            <SendCodeButton onSend={sendCode} testId="register-send-code" />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="phone" label={t('auth.register.phone')} rules={[zodRule(phoneSchema, t)]}>
          <Input size="large" prefix={<PhoneOutlined aria-hidden />} autoComplete="tel" data-testid="register-phone" />
        </Form.Item>
        <NewPasswordFields
          passwordLabel={t('auth.login.password')}
          confirmLabel={t('auth.password.confirm')}
          large
          testIds={{ password: 'register-password', confirm: 'register-confirm', meter: 'register-strength' }}
        />
        <Button className="mg-card__cta" type="primary" size="large" block htmlType="submit" loading={loading} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
        <p className="mg-form__foot">
          {t('auth.register.haveAccount')} <Link to={authPath(brand, 'login')}>{t('auth.register.backToLogin')}</Link>
        </p>
      </Form>
    </AuthCard>
  );
}

