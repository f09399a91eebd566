/**
 * The controls of the flow's pages: a labelled row (with the staff's requests about that field under it, and for a
 * document the staff's reason when they refused it), text, country, date, number and file inputs bound to a
 * section's data, and the card of one list entry. Every control is disabled once the application is locked.
 */
import type { ReactNode } from 'react';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { CloseCircleOutlined, DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ONBOARDING_COUNTRIES,
  SectionDecision,
  TEXT_MAX_LENGTH,
  decisionKey,
  type ApplicationView,
  type FileBizValue,
  type FileView,
  type InfoRequestView,
  type OnboardingSectionValue,
  type SectionDecisionView,
} from '@mg/domain';
import { FileUpload } from '../../../components/upload';
import { useFlow } from './context';
import { countryName } from './describe';

export function RequestNote({ request }: { request: InfoRequestView }) {
  const { t } = useTranslation();
  return (
    <div className="ob-request" data-testid={`ob-request-at-${request.id}`}>
      <MessageOutlined aria-hidden /> {request.message} <span className="ob-muted">· {t('onboarding.flow.dueDate', { date: request.dueDate })}</span>
    </div>
  );
}

/** The open requests of a section whose field is exactly `path` ('' for the section as a whole). */
export function useRequestsAt(section: OnboardingSectionValue, path: string): readonly InfoRequestView[] {
  const { openRequests } = useFlow();
  return openRequests.filter((r) => r.section === section && r.field === path);
}

export function RequestsAt({ section, path }: { section: OnboardingSectionValue; path: string }) {
  const requests = useRequestsAt(section, path);
  return requests.length ? (
    <>
      {requests.map((r) => (
        <RequestNote key={r.id} request={r} />
      ))}
    </>
  ) : null;
}

/**
 * The staff's refusal of the document at `path` of a section (kept under domain `decisionKey(section, path)`), while
 * it stands (a resubmission drops it); null for a document not refused and for anything else.
 */
export function refusalAt(view: Pick<ApplicationView, 'decisions'>, section: OnboardingSectionValue, path: string): SectionDecisionView | null {
  if (!path) return null;
  const d = view.decisions[decisionKey(section, path)];
  return d?.decision === SectionDecision.REJECTED ? d : null;
}

/** A refused document's note: the staff's reason (`ob-doc-decision-<section>-<field>`). */
export function DocumentRefusalNote({ section, path, decision }: { section: OnboardingSectionValue; path: string; decision: SectionDecisionView }) {
  const { t } = useTranslation();
  return (
    <div className="ob-doc-refused" data-testid={`ob-doc-decision-${section}-${path}`}>
      <CloseCircleOutlined aria-hidden /> {t('onboarding.flow.documentRefused', { reason: decision.reason ?? '' })}
    </div>
  );
}

/** A labelled field with its message (an invalid value), a hint, the staff's requests about it and their refusal of it. */
export function FieldRow({
  section,
  path,
  label,
  htmlFor,
  required,
  error,
  hint,
  children,
}: {
  section: OnboardingSectionValue;
  path: string;
  label: ReactNode;
  htmlFor?: string;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const requests = useRequestsAt(section, path);
  const { view } = useFlow();
  const refusal = refusalAt(view, section, path);
  const extra =
    hint || requests.length || refusal ? (
      <>
        {hint}
        {refusal && <DocumentRefusalNote section={section} path={path} decision={refusal} />}
        {requests.map((r) => (
          <RequestNote key={r.id} request={r} />
        ))}
      </>
    ) : undefined;
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      required={required}
      validateStatus={error ? 'error' : requests.length || refusal ? 'warning' : undefined}
      help={error ?? undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

/**
 * The vertical form every page lays its fields in (layout only: the values live in the flow's drafts). Each control
 * disables itself on a locked application, so the upload widget's previews stay usable.
 */
export function FlowForm({ children }: { children: ReactNode }) {
  return (
    <Form layout="vertical" component="div" className="ob-form">
      {children}
    </Form>
  );
}

export function TextInput({ id, value, onChange, multiline, type }: { id: string; value: string | undefined; onChange: (v: string) => void; multiline?: boolean; type?: string }) {
  const { editable } = useFlow();
  return multiline ? (
    <Input.TextArea id={id} data-testid={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} maxLength={TEXT_MAX_LENGTH} autoSize={{ minRows: 2, maxRows: 5 }} disabled={!editable} />
  ) : (
    <Input id={id} data-testid={id} type={type} value={value ?? ''} onChange={(e) => onChange(e.target.value)} maxLength={TEXT_MAX_LENGTH} disabled={!editable} />
  );
}

export function CountrySelect({ id, value, onChange }: { id: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation();
  const { editable } = useFlow();
  const options = ONBOARDING_COUNTRIES.map((code) => ({ value: code, label: countryName(t, code) })).sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Select
      id={id}
      data-testid={id}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange(v)}
      options={options}
      showSearch
      allowClear
      optionFilterProp="label"
      placeholder={t('onboarding.flow.choose')}
      disabled={!editable}
    />
  );
}

/** A calendar date (`YYYY-MM-DD`, no zone: a date of birth or of incorporation is the same day everywhere). */
export function DateInput({ id, value, onChange }: { id: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { editable } = useFlow();
  return (
    <DatePicker
      id={id}
      data-testid={id}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      format="YYYY-MM-DD"
      disabled={!editable}
      style={{ width: '100%' }}
    />
  );
}

export function NumberInput({ id, value, onChange, min, max, precision, suffix }: { id: string; value: number | undefined; onChange: (v: number | undefined) => void; min: number; max: number; precision: number; suffix?: string }) {
  const { editable } = useFlow();
  return (
    <InputNumber<number>
      id={id}
      data-testid={id}
      value={value ?? null}
      onChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? v : undefined)}
      min={min}
      max={max}
      precision={precision}
      suffix={suffix}
      disabled={!editable}
      style={{ width: '100%' }}
    />
  );
}

function placeholderFile(id: string, biz: string): FileView {
  return { id, name: id, type: 'pdf', size: 0, biz, url: '', createdAt: '' };
}

/** File ids of the data shown through the upload widget; an upload is remembered for the pages until the next read. */
export function FilesInput({ id, biz, ids, onChange, maxCount, imageOnly }: { id: string; biz: FileBizValue; ids: readonly string[] | undefined; onChange: (ids: string[]) => void; maxCount: number; imageOnly?: boolean }) {
  const { files, rememberFiles, editable } = useFlow();
  const value = (ids ?? []).map((fid) => files[fid] ?? placeholderFile(fid, biz));
  return (
    <div>
      <FileUpload
        id={id}
        testId={id}
        biz={biz}
        value={value}
        maxCount={maxCount}
        imageOnly={imageOnly}
        disabled={!editable}
        onChange={(next) => {
          rememberFiles(next);
          onChange(next.map((f) => f.id));
        }}
      />
    </div>
  );
}

/** One entry of a list section: its title, the remove button while editable, its fields. */
export function EntryCard({ id, title, extra, onRemove, children }: { id: string; title: ReactNode; extra?: ReactNode; onRemove?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const { editable } = useFlow();
  return (
    <Card
      size="small"
      className="ob-entry"
      data-testid={id}
      title={title}
      extra={
        <>
          {extra}
          {editable && onRemove && (
            <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} data-testid={`${id}-remove`} aria-label={t('onboarding.flow.remove')}>
              {t('onboarding.flow.remove')}
            </Button>
          )}
        </>
      }
    >
      {children}
    </Card>
  );
}
