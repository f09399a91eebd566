/**
 * `/shareholderAndDirector/corporateShareholder`: the companies holding shares, as the tree they form (a corporate
 * shareholder's own corporate owners under it), each with its effective share of the applicant through the chain.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPLICANT_KEY, COMPANY_DOC_MAX_FILES, FileBiz, corporateShares, type CorporateShareholders } from '@mg/domain';
import { useLocale } from '../../../../i18n/LocaleProvider';
import { useFlow, useSection } from '../context';
import { formatPercent, withCompleteHoldings } from '../describe';
import { CountrySelect, EntryCard, FieldRow, FilesInput, FlowForm, TextInput } from '../fields';
import { entryTitle } from './entryTitle';
import { HoldingInput } from './holdings';
import { AddButton, NoEntries, useListEditor } from './persons';
import { StepIntro } from './StepIntro';

const S = 'corporateShareholder' as const;
type Corporate = NonNullable<CorporateShareholders['shareholders']>[number];
const MAX_SHAREHOLDERS = 50;

export default function CorporateShareholderStep() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { data, editable } = useFlow();
  const [section, set] = useSection(S);
  const list = section.shareholders ?? [];
  const edit = useListEditor<Corporate>(list, (shareholders) => set({ ...section, shareholders }), 'c');
  const { shares, loops } = corporateShares(withCompleteHoldings(data));
  const keys = new Set(list.map((c) => c.key));
  const indexOf = new Map(list.map((c, i) => [c.key, i]));
  const parentOf = (c: Corporate) => (c.holding && c.holding.of !== c.key && keys.has(c.holding.of) ? c.holding.of : undefined);

  const rendered = new Set<string>();
  const node = (c: Corporate, depth: number): ReactNode => {
    if (rendered.has(c.key)) return null;
    rendered.add(c.key);
    const i = indexOf.get(c.key) ?? 0;
    const id = (f: string) => `ob-corporateShareholder-${i}-${f}`;
    const path = (f: string) => `shareholders.${c.key}.${f}`;
    const change = (patch: Partial<Corporate>) => edit.change(c.key, patch);
    const children = list.filter((x) => parentOf(x) === c.key);
    return (
      <div key={c.key} className="ob-tree" style={{ marginInlineStart: depth ? 24 : 0 }} data-depth={depth}>
        <EntryCard
          id={`ob-corporateShareholder-${i}`}
          title={entryTitle(t, c.name, i)}
          extra={
            <Typography.Text type="secondary" data-testid={id('effective')}>
              {t('onboarding.field.effectivePercent')}: {formatPercent(shares.get(c.key) !== undefined ? (shares.get(c.key) as number) * 100 : 0, language)}
            </Typography.Text>
          }
          onRemove={() => edit.remove(c.key)}
        >
          {loops.has(c.key) && <Alert type="error" showIcon message={t('onboarding.missing.ownershipLoop')} className="ob-gap" />}
          <FieldRow section={S} path={path('name')} label={t('onboarding.field.companyName')} htmlFor={id('name')} required>
            <TextInput id={id('name')} value={c.name} onChange={(v) => change({ name: v })} />
          </FieldRow>
          <FieldRow section={S} path={path('registrationNumber')} label={t('onboarding.field.registrationNumber')} htmlFor={id('registrationNumber')} required>
            <TextInput id={id('registrationNumber')} value={c.registrationNumber} onChange={(v) => change({ registrationNumber: v })} />
          </FieldRow>
          <FieldRow section={S} path={path('country')} label={t('onboarding.field.country')} htmlFor={id('country')} required>
            <CountrySelect id={id('country')} value={c.country} onChange={(v) => change({ country: v })} />
          </FieldRow>
          <FieldRow section={S} path={path('holding')} label={t('onboarding.field.holding')} required>
            <HoldingInput id={id('holding')} value={c.holding} exclude={c.key} onChange={(holding) => change({ holding })} />
          </FieldRow>
          <FieldRow section={S} path={path('documents')} label={t('onboarding.field.documents')}>
            <FilesInput id={id('documents')} biz={FileBiz.DOCUMENT} maxCount={COMPANY_DOC_MAX_FILES} ids={c.documents} onChange={(documents) => change({ documents })} />
          </FieldRow>
          {children.map((x) => node(x, depth + 1))}
          {editable && (
            <Button
              type="link"
              icon={<PlusOutlined />}
              onClick={() => edit.add({ holding: { of: c.key, percent: undefined as unknown as number } })}
              disabled={list.length >= MAX_SHAREHOLDERS}
              data-testid={id('addOwner')}
            >
              {t('onboarding.flow.addOwnerOf', { name: entryTitle(t, c.name, i) })}
            </Button>
          )}
        </EntryCard>
      </div>
    );
  };

  // Held directly (or not placed yet) first, each with its owners under it; entries caught in a loop after them.
  const roots = list.filter((c) => !parentOf(c));
  const tree = roots.map((c) => node(c, 0));
  const rest = list.map((c) => node(c, 0));

  return (
    <FlowForm>
      <StepIntro section={S} />
      {list.length === 0 && <NoEntries />}
      <div data-testid="ob-corporateShareholder-tree">
        {tree}
        {rest}
      </div>
      <AddButton id="ob-corporateShareholder-add" onClick={() => edit.add({ holding: { of: APPLICANT_KEY, percent: undefined as unknown as number } })} disabled={list.length >= MAX_SHAREHOLDERS}>
        {t('onboarding.flow.addCorporateShareholder')}
      </AddButton>
    </FlowForm>
  );
}
