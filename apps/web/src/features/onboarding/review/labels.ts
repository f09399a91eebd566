/**
 * How the review names what an application holds: a field or document of a section by its dotted path (the path a
 * missing item, a request for information and a timeline event carry), the entries of the list sections (a
 * director, an owner ...) by their name, countries by their `country.*` key and the industry by its product type.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPLICANT_KEY,
  COMPANY_DOC_TYPES,
  CURRENCIES,
  OnboardingSection,
  PRODUCT_TYPES,
  type ApplicationData,
  type OnboardingSectionValue,
} from '@mg/domain';

export const COMPANY_INFO_FIELDS = [
  'legalName',
  'registrationNumber',
  'country',
  'incorporationDate',
  'registeredAddress',
  'businessAddress',
  'industry',
  'website',
  'expectedMonthlyVolume',
] as const;

/** The sections that are lists of entries: where the entries are and the fields of one. */
export const ENTRY_LISTS: Partial<Record<OnboardingSectionValue, { list: string; fields: readonly string[] }>> = {
  [OnboardingSection.CORPORATE_SHAREHOLDER]: { list: 'shareholders', fields: ['name', 'registrationNumber', 'country', 'holding', 'documents'] },
  [OnboardingSection.DIRECTOR]: { list: 'directors', fields: ['name', 'position', 'dateOfBirth', 'nationality', 'idDocuments'] },
  [OnboardingSection.BENEFICIAL_OWNER]: { list: 'owners', fields: ['name', 'dateOfBirth', 'nationality', 'holdings', 'idDocuments'] },
  [OnboardingSection.AUTHORIZED_PERSON]: { list: 'persons', fields: ['name', 'title', 'email', 'phone', 'dateOfBirth', 'nationality', 'idDocuments'] },
};

/** An entry of a list section as the review reads it (every field optional, as a draft may be). */
export type Entry = { key: string; name?: string | undefined } & Record<string, unknown>;

/** The entries of a list section, in the order entered; [] for the other sections. */
export function entriesOf(data: ApplicationData, section: OnboardingSectionValue): Entry[] {
  const decl = ENTRY_LISTS[section];
  if (!decl) return [];
  const part = (data as Record<string, Record<string, unknown> | undefined>)[section];
  const list = part?.[decl.list];
  return Array.isArray(list) ? (list as Entry[]) : [];
}

const COUNTRY_KEYS: ReadonlyMap<string, string> = new Map(Object.values(CURRENCIES).map((c) => [c.countryCode, c.countryKey]));

export interface OnboardingLabels {
  country: (code: string | undefined) => string;
  industry: (value: number | undefined) => string;
  /** An entry's name, else its position (`#2`). */
  entryName: (section: OnboardingSectionValue, key: string) => string;
  /** What a holding is held in: this company, or a corporate shareholder by its name. */
  holdingOf: (of: string) => string;
  /** A field or document of a section by its dotted path; '' is the whole section. */
  field: (section: OnboardingSectionValue, path: string) => string;
  /** What a request for information may be addressed to in a section: the section, its fields and documents. */
  fieldOptions: (section: OnboardingSectionValue) => { value: string; label: string }[];
}

export function useOnboardingLabels(data: ApplicationData): OnboardingLabels {
  const { t } = useTranslation();
  const country = useCallback((code: string | undefined) => {
    if (!code) return '-';
    const key = COUNTRY_KEYS.get(code);
    return key ? t(key) : code;
  }, [t]);
  const industry = useCallback((value: number | undefined) => {
    if (value === undefined) return '-';
    const entry = PRODUCT_TYPES.find((p) => p.value === value);
    return entry ? t(entry.i18nKey) : String(value);
  }, [t]);
  const entryName = useCallback(
    (section: OnboardingSectionValue, key: string) => {
      const entries = entriesOf(data, section);
      const i = entries.findIndex((e) => e.key === key);
      const name = entries[i]?.name?.trim();
      return name || (i >= 0 ? `#${i + 1}` : key);
    },
    [data],
  );
  const holdingOf = useCallback(
    (of: string) => (of === APPLICANT_KEY ? t('onboarding.field.applicant') : entryName(OnboardingSection.CORPORATE_SHAREHOLDER, of)),
    [entryName, t],
  );
  const field = useCallback(
    (section: OnboardingSectionValue, path: string) => {
      if (!path) return t('onboarding-review.wholeSection');
      const parts = path.split('.');
      if (section === OnboardingSection.COMPANY_DOC && parts[0] === 'documents' && parts[1]) return t(`onboarding.docType.${parts[1]}`, { defaultValue: parts[1] });
      const decl = ENTRY_LISTS[section];
      if (decl && parts[0] === decl.list && parts[1]) {
        const name = entryName(section, parts[1]);
        return parts[2] ? `${name} · ${t(`onboarding.field.${parts[2]}`, { defaultValue: parts[2] })}` : name;
      }
      return t(`onboarding.field.${path}`, { defaultValue: path });
    },
    [entryName, t],
  );
  const fieldOptions = useCallback(
    (section: OnboardingSectionValue) => {
      const paths: string[] = [''];
      if (section === OnboardingSection.COMPANY_INFO) paths.push(...COMPANY_INFO_FIELDS);
      if (section === OnboardingSection.COMPANY_DOC) paths.push(...COMPANY_DOC_TYPES.map((d) => `documents.${d}`));
      const decl = ENTRY_LISTS[section];
      if (decl) for (const e of entriesOf(data, section)) paths.push(...decl.fields.map((f) => `${decl.list}.${e.key}.${f}`));
      return paths.map((p) => ({ value: p, label: field(section, p) }));
    },
    [data, field],
  );
  return useMemo(() => ({ country, industry, entryName, holdingOf, field, fieldOptions }), [country, industry, entryName, holdingOf, field, fieldOptions]);
}
