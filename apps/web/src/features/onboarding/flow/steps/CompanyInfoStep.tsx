/** Step 1 (spec §2 `/company/companyInfo`): who the company is, what it sells and how much it expects to collect. */
import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, type CompanyInfo } from '@mg/domain';
import { useFlow, useSection } from '../context';
import { CountrySelect, DateInput, FieldRow, FlowForm, NumberInput, TextInput } from '../fields';
import { StepIntro } from './StepIntro';

const S = 'companyInfo' as const;
const id = (f: keyof CompanyInfo) => `ob-companyInfo-${f}`;

export default function CompanyInfoStep() {
  const { t } = useTranslation();
  const { editable } = useFlow();
  const [info, set] = useSection(S);
  const patch = <K extends keyof CompanyInfo>(k: K, v: CompanyInfo[K]) => set({ ...info, [k]: v });
  const row = (f: keyof CompanyInfo, control: ReactNode, required = true) => (
    <FieldRow section={S} path={f} label={t(`onboarding.field.${f}`)} htmlFor={id(f)} required={required}>
      {control}
    </FieldRow>
  );
  const text = (f: 'legalName' | 'registrationNumber' | 'registeredAddress' | 'businessAddress' | 'website', multiline = false) => (
    <TextInput id={id(f)} value={info[f]} onChange={(v) => patch(f, v)} multiline={multiline} />
  );

  return (
    <FlowForm>
      <StepIntro section={S} />
      {row('legalName', text('legalName'))}
      {row('registrationNumber', text('registrationNumber'))}
      {row('country', <CountrySelect id={id('country')} value={info.country} onChange={(v) => patch('country', v)} />)}
      {row('incorporationDate', <DateInput id={id('incorporationDate')} value={info.incorporationDate} onChange={(v) => patch('incorporationDate', v)} />)}
      {row('registeredAddress', text('registeredAddress', true))}
      {row('businessAddress', text('businessAddress', true))}
      {row(
        'industry',
        <Select
          id={id('industry')}
          data-testid={id('industry')}
          value={info.industry}
          onChange={(v: number | undefined) => patch('industry', v)}
          options={PRODUCT_TYPES.map((p) => ({ value: p.value, label: t(p.i18nKey) }))}
          allowClear
          placeholder={t('onboarding.flow.choose')}
          disabled={!editable}
        />,
      )}
      {row('website', text('website'), false)}
      {row('expectedMonthlyVolume', <NumberInput id={id('expectedMonthlyVolume')} value={info.expectedMonthlyVolume} onChange={(v) => patch('expectedMonthlyVolume', v)} min={0} max={1e12} precision={0} suffix="USD" />)}
    </FlowForm>
  );
}
