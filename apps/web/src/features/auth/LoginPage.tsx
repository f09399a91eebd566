import { useRef, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { ArrowLeftOutlined, KeyOutlined, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@mg/domain';
import { useBrand } from '../../brands';
import { isApiError } from '../../api/errors';
import { identityApi, isTwoFactorChallenge, type Depart, type LoginResult } from '../../api/identity';
import { applyLoginResult } from '../../session/store';
import { getChosenCurrency, takeSessionExpired } from '../../session/storage';
import { useLocale } from '../../i18n/LocaleProvider';
import { pickLanguage } from '../../i18n/offer';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../app/pages/AuthCard';
import { CaptchaField, type CaptchaHandle } from '../../components/CaptchaField';
import { lazyRule } from '../../components/lazyRule';
import { DepartModal } from './DepartModal';
import { redirectTarget } from './redirect';
import { authPath } from './paths';

const loginChecks = () => import('./loginChecks');

interface Credentials {
  username: string;
  password: string;
  captcha: string;
}

function errorText(e: unknown, fallback: string): string {
  return isApiError(e) && e.message ? e.message : fallback;
}

/**
 * Sign-in (spec §2, §4): username, password, captcha (click for a new one; a new one after every failure), the
 * country of the layout's switcher; then the Google code step when 2FA is on, the department choice when the user
 * has several, and finally the `redirect` target or the brand's home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { language, setLanguage } = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const title = usePageTitle('auth.page.login');
  const [form] = Form.useForm<Credentials>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const captcha = useRef<CaptchaHandle>(null);
  const [step, setStep] = useState<'credentials' | 'twofa'>('credentials');
  const [ticket, setTicket] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server ended the last session (401): say so here, once, rather than leave the user guessing.
  const [expired] = useState(() => takeSessionExpired());
  const [depart, setDepart] = useState<{ departs: Depart[]; username: string } | null>(null);

  const finish = () => navigate(redirectTarget(search, brand), { replace: true });

  const signedIn = async (result: LoginResult) => {
    applyLoginResult(brand, result);
    const offered = (result.userInfo.languages ?? []).filter(isLanguage) as Language[];
    if (offered.length && !offered.includes(language)) await setLanguage(pickLanguage(brand, language, offered)).catch(() => undefined);
    if (result.multi_depart === 2 && result.departs?.length) setDepart({ departs: result.departs, username: result.userInfo.username });
    else finish();
  };

  const submitCredentials = async (values: Credentials) => {
    setLoading(true);
    setError(null);
    try {
      const result = await identityApi.login({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha?.trim() ?? '',
        checkKey: captcha.current?.checkKey() ?? '',
        countryCurrency: getChosenCurrency(brand),
      });
      if (isTwoFactorChallenge(result)) {
        setTicket(result.loginTicket);
        setStep('twofa');
        return;
      }
      await signedIn(result);
    } catch (e) {
      setError(errorText(e, t('auth.login.failed')));
      form.setFieldValue('captcha', '');
      captcha.current?.refresh();
    } finally {
      setLoading(false);
    }
  };

  const submitCode = async ({ code }: { code: string }) => {
    setLoading(true);
    setError(null);
    try {
      await signedIn(await identityApi.login2fa(ticket, code.trim()));
    } catch (e) {
      setError(errorText(e, t('auth.login.failed')));
      codeForm.setFieldValue('code', '');
    } finally {
      setLoading(false);
    }
  };

  const backToCredentials = () => {
    setStep('credentials');
    setError(null);
    setRecovery(false);
    form.setFieldValue('captcha', '');
    captcha.current?.refresh();
  };

  return (
    <AuthCard
      title={step === 'twofa' ? t('auth.twofa.title') : title}
      subtitle={step === 'twofa' ? t(recovery ? 'auth.twofa.recoveryHint' : 'auth.twofa.hint') : t('auth.login.subheading', { brand: brand.name })}
    >
      {expired && !error && <Alert className="mg-card__error" type="warning" showIcon message={t('auth.sessionExpired')} data-testid="login-expired" />}
      {error && <Alert className="mg-card__error" type="error" showIcon message={error} data-testid="login-error" />}
      {step === 'credentials' ? (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submitCredentials(v)} className="mg-form" data-testid="login-form">
          <Form.Item name="username" label={t('auth.login.username')} rules={[lazyRule(() => loginChecks().then((m) => m.checkUsername), t)]}>
            <Input size="large" prefix={<UserOutlined aria-hidden />} autoComplete="username" placeholder={t('auth.login.usernamePlaceholder')} data-testid="login-username" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.login.password')} rules={[{ required: true, message: t('validation.password.required') }]}>
            <Input.Password size="large" prefix={<LockOutlined aria-hidden />} autoComplete="current-password" placeholder={t('auth.login.passwordPlaceholder')} data-testid="login-password" />
          </Form.Item>
          <Form.Item name="captcha" label={t('auth.login.captcha')} rules={[{ required: true, whitespace: true, message: t('auth.login.captchaRequired') }]}>
            <CaptchaField ref={captcha} />
          </Form.Item>
          <div className="mg-form__row">
            <Link to={authPath(brand, 'alteration')} data-testid="link-forgot">
              {t('auth.login.forgot')}
            </Link>
            {brand.registerSwitch && (
              <Link to={authPath(brand, 'register')} data-testid="link-register">
                {t('auth.login.register')}
              </Link>
            )}
          </div>
          <Button className="mg-card__cta" type="primary" size="large" block htmlType="submit" loading={loading} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
        </Form>
      ) : (
        <Form form={codeForm} layout="vertical" requiredMark={false} onFinish={(v) => void submitCode(v)} className="mg-form" key={recovery ? 'recovery' : 'code'}>
          <Form.Item
            name="code"
            label={t(recovery ? 'auth.twofa.recoveryLabel' : 'auth.twofa.codeLabel')}
            rules={recovery ? [{ required: true, whitespace: true, message: t('auth.twofa.recoveryRequired') }] : [lazyRule(() => loginChecks().then((m) => m.checkGoogleCode), t)]}
          >
            <Input
              size="large"
              autoFocus
              prefix={recovery ? <KeyOutlined aria-hidden /> : <SafetyCertificateOutlined aria-hidden />}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={recovery ? 32 : 6}
              placeholder={recovery ? t('auth.twofa.recoveryPlaceholder') : '000000'}
              className={recovery ? undefined : 'mg-code-input'}
              data-testid="twofa-code"
            />
          </Form.Item>
          <Button className="mg-card__cta" type="primary" size="large" block htmlType="submit" loading={loading} data-testid="twofa-submit">
            {t('auth.twofa.submit')}
          </Button>
          <div className="mg-form__row mg-form__row--spaced">
            <Button type="link" icon={<ArrowLeftOutlined />} onClick={backToCredentials} data-testid="twofa-back" className="mg-link-btn">
              {t('auth.twofa.back')}
            </Button>
            <Button type="link" onClick={() => setRecovery((r) => !r)} data-testid="twofa-recovery" className="mg-link-btn">
              {t(recovery ? 'auth.twofa.useCode' : 'auth.twofa.useRecovery')}
            </Button>
          </div>
        </Form>
      )}
      <p className="mg-card__secure">
        <LockOutlined aria-hidden /> {t('auth.login.secure')}
      </p>
      {depart && <DepartModal open departs={depart.departs} username={depart.username} onDone={finish} />}
    </AuthCard>
  );
}
