import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
// Deep imports: the package root would bring every antd component any page uses into this first bundle (issue 10).
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { ArrowLeftOutlined, KeyOutlined, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@mg/domain';
import { useBrand } from '../../brands';
import { isApiError } from '../../api/errors';
import { identityApi, isTwoFactorChallenge, type Depart, type LoginResult } from '../../api/identity';
import { applyLoginResult } from '../../session/store';
import { getChosenCurrency, getSessionCurrency, takeSessionExpired } from '../../session/storage';
import { isRegional } from '../../api/servers';
import { useLocale } from '../../i18n/LocaleProvider';
import { pickLanguage } from '../../i18n/offer';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../app/pages/AuthCard';
import { CaptchaField, type CaptchaHandle } from '../../components/CaptchaField';
import { Notice } from '../../components/Notice';
import { fieldAria, PlainField } from '../../components/PlainField';
import { usePlainForm } from '../../components/usePlainForm';
import { redirectTarget } from './redirect';
import { authPath } from './paths';

const loginChecks = () => import('./loginChecks');
/** Only users of several departments see it: loaded when needed. */
const DepartModal = lazy(() => import('./DepartModal').then((m) => ({ default: m.DepartModal })));

const CREDENTIALS = ['username', 'password', 'captcha'] as const;
const CODE = ['code'] as const;

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
  const [recovery, setRecovery] = useState(false);
  // The sign-in page's own checks (no antd Form on this page: issue 10); the same messages as the domain schemas.
  const form = usePlainForm(CREDENTIALS, {
    username: (v) => loginChecks().then((m) => m.checkUsername(v, t)),
    password: (v) => (v ? null : t('validation.password.required')),
    captcha: (v) => (v.trim() ? null : t('auth.login.captchaRequired')),
  });
  const codeForm = usePlainForm(CODE, {
    code: (v) => (recovery ? (v.trim() ? null : t('auth.twofa.recoveryRequired')) : loginChecks().then((m) => m.checkGoogleCode(v, t))),
  });
  const captcha = useRef<CaptchaHandle>(null);
  const [step, setStep] = useState<'credentials' | 'twofa'>('credentials');
  const [ticket, setTicket] = useState('');
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

  const submitCredentials = async (e: FormEvent) => {
    e.preventDefault();
    if (loading || !(await form.validate())) return;
    const values = form.values;
    setLoading(true);
    setError(null);
    try {
      const result = await identityApi.login({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha?.trim() ?? '',
        checkKey: captcha.current?.checkKey() ?? '',
        // Where the brand's countries have servers of their own, the sign-in goes to one of them: it is for that
        // country (else the account's home country could be one this server does not serve).
        countryCurrency: isRegional(brand) ? getSessionCurrency(brand) : getChosenCurrency(brand),
      });
      if (isTwoFactorChallenge(result)) {
        setTicket(result.loginTicket);
        setStep('twofa');
        return;
      }
      await signedIn(result);
    } catch (e) {
      setError(errorText(e, t('auth.login.failed')));
      form.set('captcha', '');
      captcha.current?.refresh();
    } finally {
      setLoading(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (loading || !(await codeForm.validate())) return;
    const code = codeForm.values.code;
    setLoading(true);
    setError(null);
    try {
      await signedIn(await identityApi.login2fa(ticket, code.trim()));
    } catch (e) {
      setError(errorText(e, t('auth.login.failed')));
      codeForm.set('code', '');
    } finally {
      setLoading(false);
    }
  };

  const backToCredentials = () => {
    setStep('credentials');
    setError(null);
    setRecovery(false);
    codeForm.reset();
    form.set('captcha', '');
    captcha.current?.refresh();
  };

  return (
    <AuthCard
      title={step === 'twofa' ? t('auth.twofa.title') : title}
      subtitle={step === 'twofa' ? t(recovery ? 'auth.twofa.recoveryHint' : 'auth.twofa.hint') : t('auth.login.subheading', { brand: brand.name })}
    >
      {expired && !error && (
        <Notice type="warning" testId="login-expired">
          {t('auth.sessionExpired')}
        </Notice>
      )}
      {error && (
        <Notice type="error" testId="login-error">
          {error}
        </Notice>
      )}
      {step === 'credentials' ? (
        <form onSubmit={(e) => void submitCredentials(e)} className="mg-form" data-testid="login-form" noValidate>
          <PlainField id="login-username-input" label={t('auth.login.username')} error={form.errors.username}>
            <Input
              {...fieldAria('login-username-input', form.errors.username)}
              size="large"
              value={form.values.username}
              onChange={(e) => form.set('username', e.target.value)}
              prefix={<UserOutlined aria-hidden />}
              autoComplete="username"
              placeholder={t('auth.login.usernamePlaceholder')}
              data-testid="login-username"
            />
          </PlainField>
          <PlainField id="login-password-input" label={t('auth.login.password')} error={form.errors.password}>
            <Input.Password
              {...fieldAria('login-password-input', form.errors.password)}
              size="large"
              value={form.values.password}
              onChange={(e) => form.set('password', e.target.value)}
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
              placeholder={t('auth.login.passwordPlaceholder')}
              data-testid="login-password"
            />
          </PlainField>
          <PlainField id="login-captcha-input" label={t('auth.login.captcha')} error={form.errors.captcha}>
            <CaptchaField
              ref={captcha}
              {...fieldAria('login-captcha-input', form.errors.captcha)}
              value={form.values.captcha}
              onChange={(v) => form.set('captcha', v)}
            />
          </PlainField>
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
        </form>
      ) : (
        <form onSubmit={(e) => void submitCode(e)} className="mg-form" noValidate>
          <PlainField id="twofa-code-input" label={t(recovery ? 'auth.twofa.recoveryLabel' : 'auth.twofa.codeLabel')} error={codeForm.errors.code}>
            <Input
              {...fieldAria('twofa-code-input', codeForm.errors.code)}
              size="large"
              autoFocus
              value={codeForm.values.code}
              onChange={(e) => codeForm.set('code', e.target.value)}
              prefix={recovery ? <KeyOutlined aria-hidden /> : <SafetyCertificateOutlined aria-hidden />}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={recovery ? 32 : 6}
              placeholder={recovery ? t('auth.twofa.recoveryPlaceholder') : '000000'}
              className={recovery ? undefined : 'mg-code-input'}
              data-testid="twofa-code"
            />
          </PlainField>
          <Button className="mg-card__cta" type="primary" size="large" block htmlType="submit" loading={loading} data-testid="twofa-submit">
            {t('auth.twofa.submit')}
          </Button>
          <div className="mg-form__row mg-form__row--spaced">
            <Button type="link" icon={<ArrowLeftOutlined />} onClick={backToCredentials} data-testid="twofa-back" className="mg-link-btn">
              {t('auth.twofa.back')}
            </Button>
            <Button
              type="link"
              onClick={() => {
                setRecovery((r) => !r);
                codeForm.reset();
              }}
              data-testid="twofa-recovery"
              className="mg-link-btn"
            >
              {t(recovery ? 'auth.twofa.useCode' : 'auth.twofa.useRecovery')}
            </Button>
          </div>
        </form>
      )}
      <p className="mg-card__secure">
        <LockOutlined aria-hidden /> {t('auth.login.secure')}
      </p>
      {depart && (
        <Suspense fallback={null}>
          <DepartModal open departs={depart.departs} username={depart.username} onDone={finish} />
        </Suspense>
      )}
    </AuthCard>
  );
}
