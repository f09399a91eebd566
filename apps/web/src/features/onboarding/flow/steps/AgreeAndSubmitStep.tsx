/**
 * `/overview/AgreeAndSubmit`: agree to the terms and submit. Pending drafts are saved first; a refusal for missing
 * items (APPLICATION_INCOMPLETE) lists them with links to their steps; once submitted the application is locked
 * until staff ask for changes.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Result, Typography } from 'antd';
import { LockOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@mg/domain';
import { isApiError } from '../../../../api';
import { useFormatters } from '../../../../components/format';
import { useFlow } from '../context';
import { FlowError, errorCodeOf, useFlowActions } from '../hooks';
import { MissingList } from '../missing';

export default function AgreeAndSubmitStep() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { view, data, editable, autosave } = useFlow();
  const actions = useFlowActions();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ApplicationView['missing'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!editable) {
    return (
      <div data-testid="ob-locked">
        <Result
          icon={<LockOutlined />}
          status={view.status === 'approved' ? 'success' : view.status === 'rejected' ? 'error' : 'info'}
          title={t(`onboarding.statuses.${view.status}`)}
          subTitle={view.submittedAt ? t('onboarding.flow.submittedAt', { at: instant(view.submittedAt) }) : undefined}
          extra={<Typography.Paragraph>{t(view.status === 'approved' || view.status === 'rejected' ? 'onboarding.flow.decided' : 'onboarding.flow.lockedHint')}</Typography.Paragraph>}
        />
      </div>
    );
  }

  const submit = async () => {
    setBusy(true);
    setError(null);
    setRefused(null);
    try {
      await autosave.flush();
      await actions.submit((actions.current() ?? view).version);
    } catch (e) {
      if (errorCodeOf(e) === FlowError.INCOMPLETE) {
        const fresh = await actions.reload();
        const listed = isApiError(e) && Array.isArray(e.errors) && e.errors.every((x) => typeof x === 'object' && x !== null && 'messageKey' in x) ? (e.errors as ApplicationView['missing']) : null;
        setRefused(listed?.length ? listed : (fresh ?? view).missing);
      } else {
        if (errorCodeOf(e) === FlowError.VERSION_CONFLICT || errorCodeOf(e) === FlowError.LOCKED) await actions.reload();
        setError(isApiError(e) ? e.message : t('onboarding.flow.submitFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ob-submit">
      <Typography.Title level={4} data-testid="ob-step-title">
        {t('onboarding.section.submit')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('onboarding.flow.intro.submit')}</Typography.Paragraph>
      <div className="ob-terms" data-testid="ob-terms">
        <Typography.Paragraph>{t('onboarding.flow.terms')}</Typography.Paragraph>
      </div>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="ob-agree">
        {t('onboarding.flow.agree')}
      </Checkbox>
      {refused && (
        <Alert
          type="error"
          showIcon
          className="ob-gap"
          message={t('onboarding.flow.incomplete')}
          description={<MissingList items={refused} data={data} testId="ob-submit-missing" />}
          data-testid="ob-submit-refused"
        />
      )}
      {error && <Alert type="error" showIcon className="ob-gap" message={error} data-testid="ob-submit-error" />}
      <div className="ob-gap">
        <Button type="primary" size="large" icon={<SendOutlined />} disabled={!agreed} loading={busy} onClick={() => void submit()} data-testid="ob-submit">
          {t('onboarding.flow.submit')}
        </Button>
      </div>
    </div>
  );
}
