/**
 * What an application still lacks before it can be submitted: the overview highlights each item at its field, and
 * submit refuses (422) while any is left. One list for both, so the page and the server cannot disagree.
 */
import { corporateShares, beneficialOwnership, heldPercentByEntity } from './ownership';
import type { ApplicationData } from './sections';
import { APPLICANT_KEY, COMPANY_DOC_TYPES, OnboardingSection, type OnboardingSectionValue } from './vocabulary';

export const MissingReason = {
  REQUIRED: 'required',
  DOCUMENT: 'document',
  AT_LEAST_ONE: 'atLeastOne',
  OVER_HUNDRED: 'overHundred',
  UNKNOWN_HOLDING: 'unknownHolding',
  OWNERSHIP_LOOP: 'ownershipLoop',
  VIDEO: 'video',
} as const;
export type MissingReasonValue = (typeof MissingReason)[keyof typeof MissingReason];

export interface MissingItem {
  section: OnboardingSectionValue;
  /** Dotted path inside the section (`legalName`, `documents.articles`, `directors.d1.name`); '' for the section. */
  field: string;
  reason: MissingReasonValue;
  /** i18n key of the message (`onboarding.missing.<reason>`). */
  messageKey: string;
}

const item = (section: OnboardingSectionValue, field: string, reason: MissingReasonValue): MissingItem => ({
  section,
  field,
  reason,
  messageKey: `onboarding.missing.${reason}`,
});

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const COMPANY_REQUIRED = ['legalName', 'registrationNumber', 'country', 'incorporationDate', 'registeredAddress', 'businessAddress', 'industry', 'expectedMonthlyVolume'] as const;
const PERSON_REQUIRED = ['name', 'dateOfBirth', 'nationality'] as const;

export function missingItems(data: ApplicationData): MissingItem[] {
  const out: MissingItem[] = [];
  const S = OnboardingSection;

  const info = data.companyInfo ?? {};
  for (const f of COMPANY_REQUIRED) if (blank(info[f])) out.push(item(S.COMPANY_INFO, f, MissingReason.REQUIRED));

  const docs = data.companyDoc?.documents ?? {};
  for (const t of COMPANY_DOC_TYPES) if (!docs[t]?.length) out.push(item(S.COMPANY_DOC, `documents.${t}`, MissingReason.DOCUMENT));

  const corporates = data.corporateShareholder?.shareholders ?? [];
  const corpKeys = new Set(corporates.map((c) => c.key));
  const { loops } = corporateShares(data);
  const validOf = (of: string, self?: string) => of !== self && (of === APPLICANT_KEY || corpKeys.has(of));
  for (const c of corporates) {
    for (const f of ['name', 'registrationNumber', 'country'] as const) if (blank(c[f])) out.push(item(S.CORPORATE_SHAREHOLDER, `shareholders.${c.key}.${f}`, MissingReason.REQUIRED));
    if (!c.holding) out.push(item(S.CORPORATE_SHAREHOLDER, `shareholders.${c.key}.holding`, MissingReason.REQUIRED));
    else if (!validOf(c.holding.of, c.key)) out.push(item(S.CORPORATE_SHAREHOLDER, `shareholders.${c.key}.holding`, MissingReason.UNKNOWN_HOLDING));
    if (loops.has(c.key)) out.push(item(S.CORPORATE_SHAREHOLDER, `shareholders.${c.key}.holding`, MissingReason.OWNERSHIP_LOOP));
  }

  const directors = data.director?.directors ?? [];
  if (directors.length === 0) out.push(item(S.DIRECTOR, '', MissingReason.AT_LEAST_ONE));
  for (const d of directors) {
    for (const f of PERSON_REQUIRED) if (blank(d[f])) out.push(item(S.DIRECTOR, `directors.${d.key}.${f}`, MissingReason.REQUIRED));
    if (!d.idDocuments?.length) out.push(item(S.DIRECTOR, `directors.${d.key}.idDocuments`, MissingReason.DOCUMENT));
  }

  const owners = data.beneficialOwner?.owners ?? [];
  if (owners.length === 0) out.push(item(S.BENEFICIAL_OWNER, '', MissingReason.AT_LEAST_ONE));
  const shares = new Map(beneficialOwnership(data).map((s) => [s.key, s]));
  for (const o of owners) {
    for (const f of PERSON_REQUIRED) if (blank(o[f])) out.push(item(S.BENEFICIAL_OWNER, `owners.${o.key}.${f}`, MissingReason.REQUIRED));
    if (!o.holdings?.length) out.push(item(S.BENEFICIAL_OWNER, `owners.${o.key}.holdings`, MissingReason.REQUIRED));
    for (const h of o.holdings ?? []) if (!validOf(h.of)) out.push(item(S.BENEFICIAL_OWNER, `owners.${o.key}.holdings`, MissingReason.UNKNOWN_HOLDING));
    if (shares.get(o.key)?.beneficial && !o.idDocuments?.length) out.push(item(S.BENEFICIAL_OWNER, `owners.${o.key}.idDocuments`, MissingReason.DOCUMENT));
  }
  for (const [of, p] of heldPercentByEntity(data)) {
    if (p > 100 + 1e-9) {
      const section = of === APPLICANT_KEY ? S.BENEFICIAL_OWNER : S.CORPORATE_SHAREHOLDER;
      out.push(item(section, of === APPLICANT_KEY ? '' : `shareholders.${of}`, MissingReason.OVER_HUNDRED));
    }
  }

  const persons = data.authorizedPerson?.persons ?? [];
  if (persons.length === 0) out.push(item(S.AUTHORIZED_PERSON, '', MissingReason.AT_LEAST_ONE));
  for (const p of persons) {
    for (const f of ['name', 'email'] as const) if (blank(p[f])) out.push(item(S.AUTHORIZED_PERSON, `persons.${p.key}.${f}`, MissingReason.REQUIRED));
    if (!p.idDocuments?.length) out.push(item(S.AUTHORIZED_PERSON, `persons.${p.key}.idDocuments`, MissingReason.DOCUMENT));
  }

  if (!data.videoIdentification?.recordings?.length) out.push(item(S.VIDEO_IDENTIFICATION, '', MissingReason.VIDEO));
  return out;
}

/** Share of the sections saved at least once and without a missing item, 0-100 (the progress indicator). */
export function completionPercent(data: ApplicationData): number {
  const missing = new Set(missingItems(data).map((m) => m.section));
  const all = Object.values(OnboardingSection);
  const done = all.filter((s) => data[s] !== undefined && !missing.has(s));
  return Math.round((100 * done.length) / all.length);
}

/** Every file id the application refers to (the server checks each belongs to the merchant). */
export function fileIdsOf(data: ApplicationData): string[] {
  const ids: string[] = [];
  for (const list of Object.values(data.companyDoc?.documents ?? {})) ids.push(...(list ?? []));
  for (const c of data.corporateShareholder?.shareholders ?? []) ids.push(...(c.documents ?? []));
  for (const d of data.director?.directors ?? []) ids.push(...(d.idDocuments ?? []));
  for (const o of data.beneficialOwner?.owners ?? []) ids.push(...(o.idDocuments ?? []));
  for (const p of data.authorizedPerson?.persons ?? []) ids.push(...(p.idDocuments ?? []));
  for (const r of data.videoIdentification?.recordings ?? []) ids.push(r.fileId);
  return [...new Set(ids)];
}
