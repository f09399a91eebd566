/**
 * What the applicant entered in one section, read-only: labelled fields, countries and the industry by name, the
 * entries of the list sections (shareholders, directors, owners, authorised persons) with each beneficial owner's
 * share computed through the chain (`ownership` of the view), and the documents and recordings as links that open
 * the preview; next to each document what the caller puts there (its decision and the reviewer's buttons).
 */
import type { ReactNode } from 'react';
import { Button, Descriptions, Space, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COMPANY_DOC_TYPES, OnboardingSection, type ApplicationView, type FileView, type OnboardingSectionValue } from '@mg/domain';
import { useFormatters } from '../../../components/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { COMPANY_INFO_FIELDS, ENTRY_LISTS, entriesOf, type Entry, type OnboardingLabels } from './labels';

/** Two label/value pairs a row at most: the section cards are half the drawer wide (antd's default is three from md up). */
const TWO_COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

/** The files of a field as links opening the preview; an id the view has no file for is shown as it is. */
export function FileLinks({ ids, files, onPreview }: { ids: readonly string[] | undefined; files: ApplicationView['files']; onPreview: (file: FileView) => void }) {
  if (!ids?.length) return <>-</>;
  return (
    <Space size={0} wrap>
      {ids.map((id) => {
        const file = files[id];
        return file ? (
          // A long file name wraps (a phone's column is narrow) instead of pushing the table past the card.
          <Button key={id} type="link" size="small" icon={<EyeOutlined />} onClick={() => onPreview(file)} style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'start', overflowWrap: 'anywhere' }} data-testid={`file-${id}`}>
            {file.name}
          </Button>
        ) : (
          <Typography.Text key={id} type="secondary" code>
            {id}
          </Typography.Text>
        );
      })}
    </Space>
  );
}

interface Props {
  section: OnboardingSectionValue;
  view: ApplicationView;
  labels: OnboardingLabels;
  onPreview: (file: FileView) => void;
  /**
   * What to show next to a document (`field`: its dotted path in the section, as decisions and requests name it;
   * `ids`: its files): the document's decision and the reviewer's buttons.
   */
  renderDocument?: (field: string, ids: readonly string[] | undefined) => ReactNode;
}

export function SectionData({ section, view, labels, onPreview, renderDocument }: Props) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { language } = useLocale();
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
  const percent = (p: number) => `${numbers.format(p)} %`;
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));
  const links = (ids: unknown) => <FileLinks ids={Array.isArray(ids) ? (ids as string[]) : undefined} files={view.files} onPreview={onPreview} />;
  const doc = (field: string, value: unknown) => {
    const ids = Array.isArray(value) ? (value as string[]) : undefined;
    const extra = renderDocument?.(field, ids);
    return extra ? (
      <Space direction="vertical" size={4}>
        {links(ids)}
        {extra}
      </Space>
    ) : (
      links(ids)
    );
  };
  const label = (f: string) => t(`onboarding.field.${f}`);
  const { data } = view;

  if (section === OnboardingSection.COMPANY_INFO) {
    const info = data.companyInfo ?? {};
    const value = (f: (typeof COMPANY_INFO_FIELDS)[number]): ReactNode => {
      if (f === 'country') return labels.country(info.country);
      if (f === 'industry') return labels.industry(info.industry);
      if (f === 'expectedMonthlyVolume') return info.expectedMonthlyVolume === undefined ? '-' : `${numbers.format(info.expectedMonthlyVolume)} USD`;
      return text(info[f]);
    };
    return (
      <Descriptions size="small" bordered column={TWO_COLUMNS} data-testid={`data-${section}`}>
        {COMPANY_INFO_FIELDS.map((f) => (
          <Descriptions.Item key={f} label={label(f)}>
            {value(f)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }

  if (section === OnboardingSection.COMPANY_DOC) {
    const docs = data.companyDoc?.documents ?? {};
    return (
      <Descriptions size="small" bordered column={1} data-testid={`data-${section}`}>
        {COMPANY_DOC_TYPES.map((d) => (
          <Descriptions.Item key={d} label={t(`onboarding.docType.${d}`)}>
            {doc(`documents.${d}`, docs[d])}
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }

  if (section === OnboardingSection.VIDEO_IDENTIFICATION) {
    const recordings = data.videoIdentification?.recordings ?? [];
    if (recordings.length === 0) return <Typography.Text type="secondary">{t('onboarding-review.noRecordings')}</Typography.Text>;
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid={`data-${section}`}>
        {recordings.map((r, i) => (
          <Descriptions key={`${r.fileId}-${i}`} size="small" bordered column={TWO_COLUMNS} title={t('onboarding-review.recording', { n: i + 1 })}>
            <Descriptions.Item label={t('onboarding-review.phrase')} span={2}>
              {r.phrase}
            </Descriptions.Item>
            <Descriptions.Item label={t('onboarding-review.seconds')}>{numbers.format(r.seconds)}</Descriptions.Item>
            <Descriptions.Item label={t('onboarding-review.recordedAt')}>{instant(r.at)}</Descriptions.Item>
            <Descriptions.Item label={t('onboarding-review.video')} span={2}>
              {links([r.fileId])}
            </Descriptions.Item>
          </Descriptions>
        ))}
      </Space>
    );
  }

  const decl = ENTRY_LISTS[section];
  const entries = entriesOf(data, section);
  if (!decl || entries.length === 0) return <Typography.Text type="secondary">{t('onboarding-review.noEntries')}</Typography.Text>;
  const shares = new Map(view.ownership.map((s) => [s.key, s]));
  const value = (e: Entry, f: string): ReactNode => {
    const v = e[f];
    if (f === 'country' || f === 'nationality') return labels.country(typeof v === 'string' ? v : undefined);
    if (f === 'documents' || f === 'idDocuments') return doc(`${decl.list}.${e.key}.${f}`, v);
    if (f === 'holding') {
      const h = v as { of: string; percent: number } | undefined;
      return h ? `${percent(h.percent)} · ${labels.holdingOf(h.of)}` : '-';
    }
    if (f === 'holdings') {
      const hs = (v as { of: string; percent: number }[] | undefined) ?? [];
      return hs.length ? hs.map((h) => `${percent(h.percent)} · ${labels.holdingOf(h.of)}`).join('; ') : '-';
    }
    return text(v);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`data-${section}`}>
      {entries.map((e) => {
        const share = section === OnboardingSection.BENEFICIAL_OWNER ? shares.get(e.key) : undefined;
        return (
          <Descriptions
            key={e.key}
            size="small"
            bordered
            column={TWO_COLUMNS}
            title={labels.entryName(section, e.key)}
            extra={share?.beneficial ? <Tag color="gold">{t('onboarding-review.beneficial')}</Tag> : undefined}
            data-testid={`entry-${section}-${e.key}`}
          >
            {decl.fields.map((f) => (
              <Descriptions.Item key={f} label={section === OnboardingSection.CORPORATE_SHAREHOLDER && f === 'name' ? t('onboarding.field.companyName') : label(f)}>
                {value(e, f)}
              </Descriptions.Item>
            ))}
            {share && (
              <Descriptions.Item label={label('effectivePercent')}>
                <span data-testid={`ownership-${e.key}`}>{percent(share.percent)}</span>
              </Descriptions.Item>
            )}
          </Descriptions>
        );
      })}
    </Space>
  );
}
