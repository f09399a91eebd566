/** What a holding is in: this company (the applicant) or one of the corporate shareholders, and the share held. */
import { Col, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPLICANT_KEY } from '@mg/domain';
import { useFlow } from '../context';
import { NumberInput } from '../fields';
import { entryTitle } from './entryTitle';

export interface HoldingDraft {
  of: string;
  /** Not typed yet while the holding is being entered (the autosave holds the holding back until it is). */
  percent: number;
}

/** The entities a holding may be in: the applicant, then each corporate shareholder but `exclude`. */
export function useHoldingTargets(exclude?: string) {
  const { t } = useTranslation();
  const { data } = useFlow();
  const corporates = data.corporateShareholder?.shareholders ?? [];
  return [
    { value: APPLICANT_KEY, label: t('onboarding.field.applicant') },
    ...corporates.map((c, i) => ({ value: c.key, label: entryTitle(t, c.name, i), disabled: c.key === exclude })).filter((o) => o.value !== exclude),
  ];
}

export function HoldingInput({ id, value, onChange, exclude }: { id: string; value: HoldingDraft | undefined; onChange: (v: HoldingDraft | undefined) => void; exclude?: string }) {
  const { t } = useTranslation();
  const { editable } = useFlow();
  const targets = useHoldingTargets(exclude);
  return (
    <Row gutter={8}>
      <Col xs={24} sm={14}>
        <Select
          id={`${id}-of`}
          data-testid={`${id}-of`}
          aria-label={t('onboarding.field.of')}
          value={value?.of}
          onChange={(of: string) => onChange({ of, percent: value?.percent as number })}
          options={targets}
          placeholder={t('onboarding.field.of')}
          disabled={!editable}
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={24} sm={10}>
        <NumberInput id={`${id}-percent`} value={value?.percent} onChange={(percent) => onChange({ of: value?.of ?? APPLICANT_KEY, percent: percent as number })} min={0} max={100} precision={2} suffix="%" />
      </Col>
    </Row>
  );
}
