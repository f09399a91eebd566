/**
 * The applicant's onboarding flow (issue 14; spec §2 route groups `/company`, `/shareholderAndDirector`,
 * `/overview`, `/authentication`, outside the menu and the main shell): one page per step, each group opening on its
 * first child. Holders of `onboarding:apply` only. The application is read once; every edit is a draft saved in the
 * background (./useAutosave.ts), so a step change or a reload elsewhere loses nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EDITABLE_STATUSES, ONBOARDING_PERM, ONBOARDING_ROUTES, ONBOARDING_STEPS, OnboardingSection, homePath, type ApplicationView, type FileView } from '@mg/domain';
import { useBrand } from '../../../brands';
import { LoadFailed } from '../../../components/LoadFailed';
import { usePermission } from '../../../session/usePermission';
import { actionItems } from './actions';
import { FlowContext, type FlowContextValue } from './context';
import { FlowFrame, FlowLayout } from './FlowLayout';
import { useApplication } from './hooks';
import { mergedData, useAutosave } from './useAutosave';
import AgreeAndSubmitStep from './steps/AgreeAndSubmitStep';
import AuthorizedPersonStep from './steps/AuthorizedPersonStep';
import BeneficialOwnerStep from './steps/BeneficialOwnerStep';
import CompanyDocStep from './steps/CompanyDocStep';
import CompanyInfoStep from './steps/CompanyInfoStep';
import CorporateShareholderStep from './steps/CorporateShareholderStep';
import DirectorStep from './steps/DirectorStep';
import OverviewDataStep from './steps/OverviewDataStep';
import VideoIdentificationStep from './steps/VideoIdentificationStep';
import './onboarding.css';

/** The page of each route child (domain ONBOARDING_ROUTES). */
const STEP_PAGES: Record<(typeof ONBOARDING_ROUTES)[number]['children'][number], ComponentType> = {
  companyInfo: CompanyInfoStep,
  companyDoc: CompanyDocStep,
  corporateShareholder: CorporateShareholderStep,
  director: DirectorStep,
  beneficialOwner: BeneficialOwnerStep,
  authorizedPerson: AuthorizedPersonStep,
  OverviewData: OverviewDataStep,
  AgreeAndSubmit: AgreeAndSubmitStep,
  VideoIdentification: VideoIdentificationStep,
};

function FlowRoutes() {
  return (
    <Routes>
      {ONBOARDING_ROUTES.map((r) => {
        const first = `${r.group}/${r.children[0]}`;
        return (
          <Route key={r.group} path={r.group.slice(1)}>
            <Route index element={<Navigate to={first} replace />} />
            {r.children.map((child) => {
              const Page = STEP_PAGES[child];
              return <Route key={child} path={child} element={<Page />} />;
            })}
            <Route path="*" element={<Navigate to={first} replace />} />
          </Route>
        );
      })}
    </Routes>
  );
}

function Flow({ view }: { view: ApplicationView }) {
  const { pathname } = useLocation();
  const editable = view.editable && EDITABLE_STATUSES.includes(view.status);
  const [notice, setNotice] = useState<'conflict' | 'locked' | null>(null);
  const onConflict = useCallback((kind: 'conflict' | 'locked') => setNotice(kind), []);
  const autosave = useAutosave(editable, onConflict);
  const [uploaded, setUploaded] = useState<Record<string, FileView>>({});
  const rememberFiles = useCallback((files: readonly FileView[]) => {
    setUploaded((prev) => (files.every((f) => prev[f.id]) ? prev : { ...prev, ...Object.fromEntries(files.map((f) => [f.id, f])) }));
  }, []);

  // A step change saves what is pending at once (the debounce is for typing). A step left without a save of its
  // section (nothing to enter: no corporate shareholder) is saved as it is, so it counts as done once complete.
  const { flush, touch } = autosave;
  const left = useRef(pathname);
  const savedSections = useRef(view.data);
  savedSections.current = view.data;
  useEffect(() => {
    const section = left.current === pathname ? undefined : ONBOARDING_STEPS.find((s) => s.path === left.current)?.section;
    left.current = pathname;
    if (section && section !== OnboardingSection.VIDEO_IDENTIFICATION && savedSections.current[section] === undefined) touch(section);
    void flush();
    window.scrollTo?.(0, 0);
  }, [pathname, flush, touch]);

  const value = useMemo<FlowContextValue>(
    () => ({
      view,
      data: mergedData(view, autosave.drafts),
      editable,
      autosave,
      files: { ...uploaded, ...view.files },
      rememberFiles,
      openRequests: view.requests.filter((r) => !r.resolvedAt),
      actions: actionItems(view),
    }),
    [view, autosave, editable, uploaded, rememberFiles],
  );

  return (
    <FlowContext.Provider value={value}>
      <FlowLayout notice={notice} onDismissNotice={() => setNotice(null)}>
        <FlowRoutes />
      </FlowLayout>
    </FlowContext.Provider>
  );
}

function FlowWithApplication() {
  const { t } = useTranslation();
  const query = useApplication();
  if (query.data) return <Flow view={query.data} />;
  return (
    <FlowFrame>
      <div className="ob-center">
        {query.isError ? (
          <LoadFailed message={t('onboarding.flow.loadFailed')} onRetry={() => void query.refetch()} testId="ob-load-failed" />
        ) : (
          <div data-testid="ob-loading">
            <Spin size="large" />
          </div>
        )}
      </div>
    </FlowFrame>
  );
}

export default function OnboardingFlow() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { has } = usePermission();
  if (!has(ONBOARDING_PERM.ONBOARDING_APPLY))
    return (
      <FlowFrame>
        <div data-testid="ob-not-allowed">
          <Result
            status="403"
            title={t('onboarding.flow.notAllowed')}
            extra={
              <Link to={homePath(brand)}>
                <Button type="primary">{t('shell.home')}</Button>
              </Link>
            }
          />
        </div>
      </FlowFrame>
    );
  return <FlowWithApplication />;
}
