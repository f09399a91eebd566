/**
 * Why Approve is not offered yet, in words (issue 40): the sections not accepted yet (on a resubmission, those whose
 * acceptance the change of their content reset say so), the sections and documents that need changes, and what is
 * still missing. Domain approvalBlockers decides, as the server's approve does. And the confirmation of "accept the
 * unchanged sections": the sections the server found unchanged since the submission before, by name.
 */
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewChange, SectionDecision, type ApplicationView, type ApprovalBlockers, type OnboardingSectionValue } from '@mg/domain';
import { formatList } from '../../../components/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { ReviewDialog, useSend } from './dialogs';
import type { OnboardingLabels } from './labels';

export const APPROVE_BLOCKED_ID = 'approve-blocked';

export function ApprovalBlocked({ view, blockers, labels }: { view: ApplicationView; blockers: ApprovalBlockers; labels: OnboardingLabels }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const list = (items: readonly string[]) => formatList(items, language);
  const name = (s: string) => t(`onboarding.section.${s}`);
  // An acceptance the resubmission reset: it was accepted on the submission before and its content changed since.
  const reset = (s: OnboardingSectionValue) => view.round?.previous[s]?.decision === SectionDecision.ACCEPTED && view.round.changes[s] === ReviewChange.CHANGED;
  const lines: { key: string; text: string }[] = [];
  if (blockers.undecided.length)
    lines.push({ key: 'undecided', text: t('onboarding-review.blocked.undecided', { sections: list(blockers.undecided.map((s) => (reset(s) ? t('onboarding-review.blocked.reset', { section: name(s) }) : name(s)))) }) });
  if (blockers.refused.length) lines.push({ key: 'refused', text: t('onboarding-review.blocked.refused', { sections: list(blockers.refused.map(name)) }) });
  if (blockers.refusedDocuments.length)
    lines.push({ key: 'documents', text: t('onboarding-review.blocked.documents', { documents: list(blockers.refusedDocuments.map((d) => `${name(d.section)} · ${labels.field(d.section, d.field)}`)) }) });
  if (blockers.missing.length)
    lines.push({ key: 'missing', text: t('onboarding-review.blocked.missing', { items: list(blockers.missing.map((m) => `${name(m.section)} · ${labels.field(m.section as OnboardingSectionValue, m.field)}`)) }) });
  return (
    <Alert
      id={APPROVE_BLOCKED_ID}
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid={APPROVE_BLOCKED_ID}
      message={t('onboarding-review.blocked.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {lines.map((l) => (
            <li key={l.key} data-testid={`${APPROVE_BLOCKED_ID}-${l.key}`}>
              {l.text}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The confirmation of "accept the unchanged sections": which, by name; OK accepts those (the server checks each). */
export function AcceptUnchangedDialog({ sections, onSubmit, onClose }: { sections: readonly string[]; onSubmit: () => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const { submit, busy, error } = useSend(
    async () => {
      await onSubmit();
      onClose();
    },
    () => Promise.resolve(null),
  );
  return (
    <ReviewDialog
      title={t('onboarding-review.acceptUnchangedTitle')}
      okText={t('onboarding-review.accept')}
      testId="accept-unchanged"
      busy={busy}
      error={error}
      onOk={() => void submit()}
      onClose={onClose}
    >
      <Typography.Paragraph>{t('onboarding-review.acceptUnchangedHint')}</Typography.Paragraph>
      <ul data-testid="accept-unchanged-list">
        {sections.map((s) => (
          <li key={s}>{t(`onboarding.section.${s}`)}</li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">{t('onboarding-review.acceptUnchangedLeft')}</Typography.Paragraph>
    </ReviewDialog>
  );
}
