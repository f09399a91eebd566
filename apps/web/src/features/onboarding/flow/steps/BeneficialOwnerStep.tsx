/**
 * `/shareholderAndDirector/beneficialOwner`: the natural persons holding shares, directly or through corporate
 * shareholders. Each person's effective share is computed through the chain as it is typed (domain
 * beneficialOwnership); from BENEFICIAL_OWNER_THRESHOLD_PERCENT on the person is a beneficial owner and the
 * identity document is required.
 */
import { Button, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPLICANT_KEY, BENEFICIAL_OWNER_THRESHOLD_PERCENT, beneficialOwnership, type BeneficialOwners } from '@mg/domain';
import { useLocale } from '../../../../i18n/LocaleProvider';
import { useFlow, useSection } from '../context';
import { formatPercent, withCompleteHoldings } from '../describe';
import { EntryCard, FieldRow, FlowForm } from '../fields';
import { entryTitle } from './entryTitle';
import { HoldingInput, type HoldingDraft } from './holdings';
import { AddButton, IdDocumentField, NoEntries, PersonFields, useListEditor } from './persons';
import { StepIntro } from './StepIntro';

const S = 'beneficialOwner' as const;
type Owner = NonNullable<BeneficialOwners['owners']>[number];
const MAX_OWNERS = 50;
const MAX_HOLDINGS = 20;

export default function BeneficialOwnerStep() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { data, editable } = useFlow();
  const [section, set] = useSection(S);
  const list = section.owners ?? [];
  const edit = useListEditor<Owner>(list, (owners) => set({ ...section, owners }), 'o');
  const shares = new Map(beneficialOwnership(withCompleteHoldings(data)).map((s) => [s.key, s]));
  const threshold = formatPercent(BENEFICIAL_OWNER_THRESHOLD_PERCENT, language);

  return (
    <FlowForm>
      <StepIntro section={S} hint={t('onboarding.flow.intro.beneficialOwner', { threshold })} />
      {list.length === 0 && <NoEntries />}
      {list.map((o, i) => {
        const change = (patch: Partial<Owner>) => edit.change(o.key, patch);
        const share = shares.get(o.key);
        const beneficial = share?.beneficial ?? false;
        const holdings = (o.holdings ?? []) as HoldingDraft[];
        const setHoldings = (next: HoldingDraft[]) => change({ holdings: next });
        return (
          <EntryCard
            key={o.key}
            id={`ob-beneficialOwner-${i}`}
            title={entryTitle(t, o.name, i)}
            extra={beneficial ? <Tag color="gold" data-testid={`ob-beneficialOwner-${i}-beneficial`}>{t('onboarding.flow.isBeneficialOwner')}</Tag> : undefined}
            onRemove={() => edit.remove(o.key)}
          >
            <PersonFields section={S} list="owners" index={i} person={o} change={change} />
            <FieldRow section={S} path={`owners.${o.key}.holdings`} label={t('onboarding.field.holdings')} required>
              {holdings.map((h, j) => (
                <div key={j} className="ob-holding">
                  <HoldingInput id={`ob-beneficialOwner-${i}-holding-${j}`} value={h} onChange={(v) => setHoldings(holdings.map((x, k) => (k === j ? (v as HoldingDraft) : x)))} />
                  {editable && (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('onboarding.flow.remove')} onClick={() => setHoldings(holdings.filter((_, k) => k !== j))} data-testid={`ob-beneficialOwner-${i}-holding-${j}-remove`} />
                  )}
                </div>
              ))}
              {editable && (
                <Button type="link" icon={<PlusOutlined />} onClick={() => setHoldings([...holdings, { of: APPLICANT_KEY, percent: undefined as unknown as number }])} disabled={holdings.length >= MAX_HOLDINGS} data-testid={`ob-beneficialOwner-${i}-addHolding`}>
                  {t('onboarding.flow.addHolding')}
                </Button>
              )}
            </FieldRow>
            <FieldRow section={S} path={`owners.${o.key}.effectivePercent`} label={t('onboarding.field.effectivePercent')}>
              <Typography.Text strong data-testid={`ob-beneficialOwner-${i}-effective`}>
                {formatPercent(share?.percent ?? 0, language)}
              </Typography.Text>
            </FieldRow>
            <IdDocumentField
              section={S}
              list="owners"
              index={i}
              person={o}
              change={change}
              required={beneficial}
              hint={beneficial ? <span data-testid={`ob-beneficialOwner-${i}-idRequired`}>{t('onboarding.flow.idRequired', { threshold })}</span> : undefined}
            />
          </EntryCard>
        );
      })}
      <AddButton id="ob-beneficialOwner-add" onClick={() => edit.add({ holdings: [] })} disabled={list.length >= MAX_OWNERS}>
        {t('onboarding.flow.addBeneficialOwner')}
      </AddButton>
    </FlowForm>
  );
}
