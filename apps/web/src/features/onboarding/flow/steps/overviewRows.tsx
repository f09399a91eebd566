/**
 * The overview's rows of each section: label, value and the field path a missing item or a request names, grouped
 * by list entry (`directors.<key>.…`). One description for the overview page, so every path it knows can carry its
 * missing item.
 */
import type { ReactNode } from 'react';
import { APPLICANT_KEY, COMPANY_DOC_TYPES, type ApplicationData, type FileView, type OnboardingSectionValue } from '@mg/domain';
import { countryName, entryName, fieldLabel, formatPercent, industryName } from '../describe';
import { entryTitle } from './entryTitle';

export interface OverviewRow {
  path: string;
  label: string;
  value: ReactNode;
}

export interface OverviewGroup {
  /** The entry's path (`directors.<key>`), '' for a section without entries. */
  path: string;
  title?: string;
  rows: OverviewRow[];
}

type T = (key: string, options?: Record<string, unknown>) => string;

export interface RowContext {
  t: T;
  language: string;
  data: ApplicationData;
  files: Readonly<Record<string, FileView>>;
  /** Effective shares of the applicant (percent) by owner key. */
  ownership: ReadonlyMap<string, number>;
  /** Effective shares of corporate shareholders (fraction) by key. */
  corporate: ReadonlyMap<string, number>;
  fileList: (ids: readonly string[] | undefined) => ReactNode;
}

const text = (v: string | undefined) => v?.trim() || '';

function targetName(c: RowContext, of: string): string {
  if (of === APPLICANT_KEY) return c.t('onboarding.field.applicant');
  return entryName(c.t, c.data, 'corporateShareholder', of);
}

function holdingText(c: RowContext, h: { of: string; percent?: number } | undefined): string {
  if (!h || typeof h.percent !== 'number') return '';
  return c.t('onboarding.flow.holdingText', { percent: formatPercent(h.percent, c.language), of: targetName(c, h.of) });
}

export function overviewGroups(section: OnboardingSectionValue, c: RowContext): OverviewGroup[] {
  const { t, data } = c;
  const row = (path: string, leaf: string, value: ReactNode): OverviewRow => ({ path, label: fieldLabel(t, section, leaf), value });
  switch (section) {
    case 'companyInfo': {
      const i = data.companyInfo ?? {};
      const volume = i.expectedMonthlyVolume;
      return [
        {
          path: '',
          rows: [
            row('legalName', 'legalName', text(i.legalName)),
            row('registrationNumber', 'registrationNumber', text(i.registrationNumber)),
            row('country', 'country', countryName(t, i.country)),
            row('incorporationDate', 'incorporationDate', i.incorporationDate ?? ''),
            row('registeredAddress', 'registeredAddress', text(i.registeredAddress)),
            row('businessAddress', 'businessAddress', text(i.businessAddress)),
            row('industry', 'industry', industryName(t, i.industry)),
            row('website', 'website', text(i.website)),
            row('expectedMonthlyVolume', 'expectedMonthlyVolume', volume === undefined ? '' : `${new Intl.NumberFormat(c.language).format(volume)} USD`),
          ],
        },
      ];
    }
    case 'companyDoc':
      return [{ path: '', rows: COMPANY_DOC_TYPES.map((type) => ({ path: `documents.${type}`, label: t(`onboarding.docType.${type}`), value: c.fileList(data.companyDoc?.documents?.[type]) })) }];
    case 'corporateShareholder':
      return (data.corporateShareholder?.shareholders ?? []).map((s, i) => {
        const p = (f: string) => `shareholders.${s.key}.${f}`;
        return {
          path: `shareholders.${s.key}`,
          title: entryTitle(t, s.name, i),
          rows: [
            row(p('name'), 'name', text(s.name)),
            row(p('registrationNumber'), 'registrationNumber', text(s.registrationNumber)),
            row(p('country'), 'country', countryName(t, s.country)),
            row(p('holding'), 'holding', holdingText(c, s.holding)),
            row(p('effectivePercent'), 'effectivePercent', formatPercent((c.corporate.get(s.key) ?? 0) * 100, c.language)),
            row(p('documents'), 'documents', c.fileList(s.documents)),
          ],
        };
      });
    case 'director':
      return (data.director?.directors ?? []).map((d, i) => {
        const p = (f: string) => `directors.${d.key}.${f}`;
        return {
          path: `directors.${d.key}`,
          title: entryTitle(t, d.name, i),
          rows: [
            row(p('name'), 'name', text(d.name)),
            row(p('dateOfBirth'), 'dateOfBirth', d.dateOfBirth ?? ''),
            row(p('nationality'), 'nationality', countryName(t, d.nationality)),
            row(p('position'), 'position', text(d.position)),
            row(p('idDocuments'), 'idDocuments', c.fileList(d.idDocuments)),
          ],
        };
      });
    case 'beneficialOwner':
      return (data.beneficialOwner?.owners ?? []).map((o, i) => {
        const p = (f: string) => `owners.${o.key}.${f}`;
        return {
          path: `owners.${o.key}`,
          title: entryTitle(t, o.name, i),
          rows: [
            row(p('name'), 'name', text(o.name)),
            row(p('dateOfBirth'), 'dateOfBirth', o.dateOfBirth ?? ''),
            row(p('nationality'), 'nationality', countryName(t, o.nationality)),
            row(p('holdings'), 'holdings', (o.holdings ?? []).map((h) => holdingText(c, h)).filter(Boolean).join('; ')),
            row(p('effectivePercent'), 'effectivePercent', formatPercent(c.ownership.get(o.key) ?? 0, c.language)),
            row(p('idDocuments'), 'idDocuments', c.fileList(o.idDocuments)),
          ],
        };
      });
    case 'authorizedPerson':
      return (data.authorizedPerson?.persons ?? []).map((a, i) => {
        const p = (f: string) => `persons.${a.key}.${f}`;
        return {
          path: `persons.${a.key}`,
          title: entryTitle(t, a.name, i),
          rows: [
            row(p('name'), 'name', text(a.name)),
            row(p('email'), 'email', text(a.email)),
            row(p('phone'), 'phone', text(a.phone)),
            row(p('title'), 'title', text(a.title)),
            row(p('idDocuments'), 'idDocuments', c.fileList(a.idDocuments)),
          ],
        };
      });
    case 'videoIdentification': {
      const recordings = data.videoIdentification?.recordings ?? [];
      return recordings.length ? [{ path: '', rows: [{ path: 'recordings', label: t('onboarding.flow.video.recorded'), value: t('onboarding.flow.video.count', { count: recordings.length }) }] }] : [];
    }
    default:
      return [];
  }
}
