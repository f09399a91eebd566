/**
 * Names of what the flow points at: a section's step, a field path of a missing item or a staff request
 * (`directors.<key>.name`) in words, countries and industries by their i18n keys.
 */
import { CURRENCIES, ONBOARDING_STEPS, PRODUCT_TYPES, type ApplicationData, type OnboardingSectionValue } from '@mg/domain';

type T = (key: string, options?: Record<string, unknown>) => string;

export function stepPathOf(section: string): string {
  return (ONBOARDING_STEPS.find((s) => s.section === section) ?? ONBOARDING_STEPS[0])!.path;
}

export function sectionName(t: T, section: string): string {
  return t(`onboarding.section.${section}`);
}

export function countryKeyOf(code: string | undefined): string | undefined {
  return code ? Object.values(CURRENCIES).find((c) => c.countryCode === code)?.countryKey : undefined;
}

export function countryName(t: T, code: string | undefined): string {
  const key = countryKeyOf(code);
  return key ? t(key) : (code ?? '');
}

export function industryName(t: T, value: number | undefined): string {
  const entry = PRODUCT_TYPES.find((p) => p.value === value);
  return entry ? t(entry.i18nKey) : '';
}

/** The list of a list section and its entries (`shareholders`, `directors`, `owners`, `persons`). */
export const LIST_OF: Partial<Record<OnboardingSectionValue, string>> = {
  corporateShareholder: 'shareholders',
  director: 'directors',
  beneficialOwner: 'owners',
  authorizedPerson: 'persons',
};

export function entriesOf(data: ApplicationData, section: OnboardingSectionValue): { key: string; name?: string }[] {
  switch (section) {
    case 'corporateShareholder':
      return data.corporateShareholder?.shareholders ?? [];
    case 'director':
      return data.director?.directors ?? [];
    case 'beneficialOwner':
      return data.beneficialOwner?.owners ?? [];
    case 'authorizedPerson':
      return data.authorizedPerson?.persons ?? [];
    default:
      return [];
  }
}

/** The label of a field of a section (`name` of a corporate shareholder is the company's name). */
export function fieldLabel(t: T, section: string, leaf: string): string {
  if (section === 'corporateShareholder' && leaf === 'name') return t('onboarding.field.companyName');
  return t(`onboarding.field.${leaf}`);
}

/** Who an entry is: its name, else its place in the list. */
export function entryName(t: T, data: ApplicationData, section: OnboardingSectionValue, key: string): string {
  const list = entriesOf(data, section);
  const i = list.findIndex((e) => e.key === key);
  const named = list[i]?.name?.trim();
  return named || t('onboarding.flow.entryNumber', { n: i < 0 ? '?' : i + 1 });
}

/** A field path in words: `Full name of Jane Doe`, `Certificate of incorporation`; '' for the section itself. */
export function describeField(t: T, data: ApplicationData, section: OnboardingSectionValue, field: string): string {
  if (!field) return '';
  const parts = field.split('.');
  if (section === 'companyDoc' && parts[0] === 'documents' && parts[1]) return t(`onboarding.docType.${parts[1]}`);
  if (LIST_OF[section] === parts[0] && parts[1]) {
    const who = entryName(t, data, section, parts[1]);
    return parts[2] ? t('onboarding.flow.fieldOf', { field: fieldLabel(t, section, parts[2]), who }) : who;
  }
  return fieldLabel(t, section, parts[parts.length - 1] as string);
}

/** `20 %`, up to two decimals in the language's digits. */
export function formatPercent(value: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value)} %`;
}

const hasPercent = (h: { percent?: number } | undefined) => typeof h?.percent === 'number' && Number.isFinite(h.percent);

/** The data without holdings still being typed (no percent yet): what the ownership computations take. */
export function withCompleteHoldings(data: ApplicationData): ApplicationData {
  return {
    ...data,
    corporateShareholder: data.corporateShareholder && {
      ...data.corporateShareholder,
      shareholders: data.corporateShareholder.shareholders?.map((c) => (hasPercent(c.holding) ? c : { ...c, holding: undefined })),
    },
    beneficialOwner: data.beneficialOwner && {
      ...data.beneficialOwner,
      owners: data.beneficialOwner.owners?.map((o) => ({ ...o, holdings: o.holdings?.filter(hasPercent) })),
    },
  };
}
