/**
 * `/overview/OverviewData`: the whole application on one page. Every item still missing (the view's `missing`, the
 * list submit checks) is highlighted at its field, or at its entry or section when it names no field, with its
 * message and a link to the step that fixes it; a section or a document the staff refused shows their reason at its
 * card or row.
 */
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { CloseCircleOutlined, EditOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_SECTIONS, beneficialOwnership, corporateShares, type FileView } from '@mg/domain';
import { FilePreview } from '../../../../components/upload';
import { useLocale } from '../../../../i18n/LocaleProvider';
import { useFlow } from '../context';
import { DocumentRefusalNote, refusalAt } from '../fields';
import { sectionName, stepPathOf, withCompleteHoldings } from '../describe';
import { MissingText, missingTestId, type MissingLike } from '../missing';
import { overviewGroups, type RowContext } from './overviewRows';

function MissingNote({ item }: { item: MissingLike }) {
  const { t } = useTranslation();
  const { data } = useFlow();
  return (
    <div className="ob-missing" data-testid={missingTestId(item)}>
      <ExclamationCircleOutlined aria-hidden /> <MissingText item={item} data={data} />{' '}
      <Link to={stepPathOf(item.section)} data-testid={`${missingTestId(item)}-link`}>
        {t('onboarding.flow.goToStep')}
      </Link>
    </div>
  );
}

export default function OverviewDataStep() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { view, data, files, actions } = useFlow();
  const refusedSection = (section: string) => actions.find((a) => a.key === section);
  const [preview, setPreview] = useState<FileView | null>(null);
  const complete = withCompleteHoldings(data);
  const ctx: RowContext = {
    t,
    language,
    data,
    files,
    ownership: new Map(beneficialOwnership(complete).map((s) => [s.key, s.percent])),
    corporate: corporateShares(complete).shares,
    fileList: (ids) =>
      (ids ?? []).length ? (
        <span className="ob-files">
          {(ids ?? []).map((id) => {
            const f = files[id];
            return f ? (
              <Button key={id} type="link" size="small" onClick={() => setPreview(f)}>
                {f.name}
              </Button>
            ) : (
              <span key={id}>{id}</span>
            );
          })}
        </span>
      ) : (
        ''
      ),
  };

  return (
    <div className="ob-overview" data-testid="ob-overview">
      <Typography.Title level={4} data-testid="ob-step-title">
        {t('onboarding.section.overview')}
      </Typography.Title>
      {view.missing.length ? (
        <Alert type="warning" showIcon message={t('onboarding.flow.missingCount', { count: view.missing.length })} className="ob-gap" data-testid="ob-overview-missing-count" />
      ) : (
        <Alert type="success" showIcon message={t('onboarding.flow.nothingMissing')} className="ob-gap" data-testid="ob-overview-complete" />
      )}
      {ONBOARDING_SECTIONS.map((section) => {
        const missing = view.missing.filter((m) => m.section === section);
        const groups = overviewGroups(section, ctx);
        const rowPaths = new Set(groups.flatMap((g) => g.rows.map((r) => r.path)));
        const groupPaths = new Set(groups.map((g) => g.path).filter(Boolean));
        const atTop = missing.filter((m) => !rowPaths.has(m.field) && !groupPaths.has(m.field));
        return (
          <Card
            key={section}
            size="small"
            className={`ob-overview__section${missing.length ? ' ob-overview__section--missing' : ''}`}
            title={sectionName(t, section)}
            extra={
              <Link to={stepPathOf(section)} data-testid={`ob-overview-${section}-edit`}>
                <EditOutlined aria-hidden /> {t('onboarding.flow.edit')}
              </Link>
            }
            data-testid={`ob-overview-${section}`}
          >
            {refusedSection(section) && (
              <div className="ob-doc-refused ob-section-refused" data-testid={`ob-section-refused-${section}`}>
                <CloseCircleOutlined aria-hidden /> {t('onboarding.flow.sectionRefused', { reason: refusedSection(section)?.message ?? '' })}
              </div>
            )}
            {atTop.map((m) => (
              <MissingNote key={`${m.field}-${m.reason}`} item={m} />
            ))}
            {groups.length === 0 && atTop.length === 0 && <Typography.Text type="secondary">{t('onboarding.flow.noEntries')}</Typography.Text>}
            {groups.map((g) => (
              <div key={g.path || section} className="ob-overview__group">
                {g.title && <Typography.Text strong>{g.title}</Typography.Text>}
                {missing
                  .filter((m) => g.path && m.field === g.path)
                  .map((m) => (
                    <MissingNote key={`${m.field}-${m.reason}`} item={m} />
                  ))}
                <Descriptions size="small" column={1} bordered>
                  {g.rows.map((r) => {
                    const here = missing.filter((m) => m.field === r.path);
                    const refusal = refusalAt(view, section, r.path);
                    return (
                      <Descriptions.Item key={r.path} label={r.label} className={here.length ? 'ob-overview__row--missing' : undefined}>
                        <span data-testid={`ob-overview-${section}-${r.path}`}>{r.value || <span className="ob-muted">-</span>}</span>
                        {refusal && <DocumentRefusalNote section={section} path={r.path} decision={refusal} />}
                        {here.map((m) => (
                          <MissingNote key={m.reason} item={m} />
                        ))}
                      </Descriptions.Item>
                    );
                  })}
                </Descriptions>
              </div>
            ))}
          </Card>
        );
      })}
      {preview && <FilePreview file={preview} open onClose={() => setPreview(null)} />}
    </div>
  );
}
