/**
 * The blank layout of the onboarding flow (outside the main shell, for every brand): the brand's logo and title,
 * the save state, the language switch and sign out; the steps with the completion beside the page (a step staff asked
 * to change marked, in words too); the status banner and the conflict notice above it; back and next below it.
 */
import type { ReactNode } from 'react';
import { Alert, App, Button, Progress, Steps, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, CloudSyncOutlined, ExclamationCircleOutlined, LoadingOutlined, LogoutOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT, ONBOARDING_STEPS, isLanguage, loginPath, type Language } from '@mg/domain';
import { BrandLogo, useBrand, brandStyle } from '../../../brands';
import { identityApi } from '../../../api/identity';
import { LanguageSwitcher } from '../../../app/components/LanguageSwitcher';
import { usePageTitle } from '../../../app/usePageTitle';
import { Footer } from '../../../app/layouts/Footer';
import { formatInstant, formatList, useFormatters } from '../../../components/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { useMediaQuery } from '../../../components/useMediaQuery';
import { clearSession, useSession } from '../../../session/store';
import { sectionsToChange } from './actions';
import { useFlow } from './context';
import { StatusBanner } from './StatusBanner';
import type { SaveState } from './useAutosave';

/** "Saving…", "Saved at 10:42", "Not saved" with a retry. */
function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation();
  const { zone } = useFormatters();
  let content: ReactNode = null;
  if (state.kind === 'pending') content = <><CloudSyncOutlined aria-hidden /> {t('onboarding.flow.save.pending')}</>;
  else if (state.kind === 'saving') content = <><LoadingOutlined aria-hidden /> {t('onboarding.flow.save.saving')}</>;
  else if (state.kind === 'saved') content = <><CheckOutlined aria-hidden /> {t('onboarding.flow.save.saved', { time: formatInstant(state.at, zone).slice(11, 16) })}</>;
  else if (state.kind === 'error')
    content = (
      <>
        <ExclamationCircleOutlined aria-hidden /> {t('onboarding.flow.save.failed')}{' '}
        <Button size="small" type="link" onClick={onRetry} data-testid="ob-save-retry">
          {t('onboarding.flow.save.retry')}
        </Button>
      </>
    );
  else if (state.kind === 'idle') content = <span className="ob-muted">{t('onboarding.flow.save.auto')}</span>;
  return (
    <span className={`ob-save ob-save--${state.kind}`} data-testid="ob-save-state" data-state={state.kind} role="status" aria-live="polite">
      {content}
    </span>
  );
}

/** The header alone: also around the flow's loading and refusal states. */
export function FlowHeader({ right }: { right?: ReactNode }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { userInfo } = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const title = usePageTitle('onboarding.flow.title');
  const wide = useMediaQuery(`(min-width: ${LAYOUT.headerBreakpoint}px)`);
  const offered = (userInfo?.languages ?? []).filter(isLanguage) as Language[];
  const logout = async () => {
    await identityApi.logout().catch(() => undefined);
    clearSession(brand);
    message.destroy();
    navigate(loginPath(brand), { replace: true });
  };
  return (
    <header className="ob-header" data-testid="ob-header">
      <div className="ob-header__brand">
        <BrandLogo height={28} />
        {wide && (
          <span className="ob-header__title">
            {brand.title} · {title}
          </span>
        )}
      </div>
      <div className="ob-header__right">
        {right}
        <LanguageSwitcher offered={offered} size="small" />
        <Tooltip title={t('shell.logout')}>
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()} data-testid="ob-logout">
            {wide ? t('shell.logout') : null}
          </Button>
        </Tooltip>
      </div>
    </header>
  );
}

export function FlowFrame({ header, children }: { header?: ReactNode; children: ReactNode }) {
  const { brand } = useBrand();
  return (
    <div className="ob-flow" style={brandStyle(brand)} data-testid="ob-flow">
      {header ?? <FlowHeader />}
      {children}
      <Footer />
    </div>
  );
}

export function FlowLayout({ notice, onDismissNotice, children }: { notice: 'conflict' | 'locked' | null; onDismissNotice: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { view, autosave, actions } = useFlow();
  const { language } = useLocale();
  const wide = useMediaQuery(`(min-width: ${LAYOUT.headerBreakpoint}px)`);
  const current = ONBOARDING_STEPS.findIndex((s) => s.path === pathname);
  const missingSections = new Set(view.missing.map((m) => m.section));
  // Steps with something staff asked to change (a request, a refused section or document): marked in red and in
  // words, not by colour alone; the current one keeps its "here" state and the words.
  const toChange = sectionsToChange(actions);
  const needsChange = (i: number) => Boolean(ONBOARDING_STEPS[i]?.section && toChange.has(ONBOARDING_STEPS[i]!.section!));
  const stepStatus = (i: number): 'finish' | 'process' | 'wait' | 'error' => {
    const step = ONBOARDING_STEPS[i]!;
    if (i === current) return 'process';
    if (step.section) return needsChange(i) ? 'error' : missingSections.has(step.section) || view.data[step.section] === undefined ? 'wait' : 'finish';
    if (step.key === 'submit') return view.submittedAt ? 'finish' : 'wait';
    return view.missing.length ? 'wait' : 'finish';
  };
  const go = (i: number) => {
    const step = ONBOARDING_STEPS[i];
    if (step) navigate(step.path);
  };

  return (
    <FlowFrame header={<FlowHeader right={<SaveIndicator state={autosave.state} onRetry={() => void autosave.flush()} />} />}>
      <div className={`ob-body ${wide ? 'ob-body--wide' : 'ob-body--narrow'}`}>
        <aside className="ob-steps" data-testid="ob-steps">
          <div className="ob-completion">
            <Typography.Text type="secondary">{t('onboarding.flow.completion')}</Typography.Text>
            <Progress percent={view.completion} size="small" aria-label={t('onboarding.flow.completion')} data-testid="ob-completion" />
          </div>
          {wide ? (
            <Steps
              direction="vertical"
              size="small"
              current={current < 0 ? 0 : current}
              onChange={go}
              items={ONBOARDING_STEPS.map((s, i) => ({
                title: <span data-testid={`ob-step-${s.key}`} data-status={stepStatus(i)}>{t(`onboarding.section.${s.key}`)}</span>,
                status: stepStatus(i),
                description: needsChange(i) ? (
                  <span className="ob-step-action" data-testid={`ob-step-${s.key}-action`}>
                    {t('onboarding.flow.needsChanges')}
                  </span>
                ) : undefined,
              }))}
            />
          ) : (
            <>
              <Typography.Text strong data-testid="ob-step-of">
                {t('onboarding.flow.stepOf', { n: current + 1, total: ONBOARDING_STEPS.length, name: t(`onboarding.section.${ONBOARDING_STEPS[current]?.key ?? 'companyInfo'}`) })}
              </Typography.Text>
              {toChange.size > 0 && (
                <Typography.Paragraph className="ob-step-action" data-testid="ob-steps-to-change">
                  {t('onboarding.flow.toChange', { sections: formatList(ONBOARDING_STEPS.filter((_, i) => needsChange(i)).map((s) => t(`onboarding.section.${s.key}`)), language) })}
                </Typography.Paragraph>
              )}
            </>
          )}
        </aside>
        <main className="ob-main">
          {notice && (
            <Alert
              type="warning"
              showIcon
              closable
              onClose={onDismissNotice}
              className="ob-banner"
              message={t(notice === 'conflict' ? 'onboarding.flow.conflict' : 'onboarding.flow.lockedMeanwhile')}
              data-testid="ob-conflict"
            />
          )}
          <StatusBanner />
          <div className="ob-page">{children}</div>
          <nav className="ob-nav">
            {current > 0 ? (
              <Button icon={<ArrowLeftOutlined />} onClick={() => go(current - 1)} data-testid="ob-back">
                {t('onboarding.flow.back')}
              </Button>
            ) : (
              <span />
            )}
            {current >= 0 && current < ONBOARDING_STEPS.length - 1 && (
              <Button type="primary" onClick={() => go(current + 1)} data-testid="ob-next">
                {t('onboarding.flow.next')} <ArrowRightOutlined />
              </Button>
            )}
          </nav>
        </main>
      </div>
    </FlowFrame>
  );
}
