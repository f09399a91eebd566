/** Onboarding's rules (issue 14): beneficial ownership through the chain, what an application still lacks, and what a resubmission keeps (issue 40). */
import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_SECTIONS,
  approvalBlockers,
  beneficialOwnership,
  completionPercent,
  fileIdsOf,
  isApprovable,
  keptOnResubmission,
  missingItems,
  reviewContent,
  reviewKeys,
  unchangedSections,
  type ApplicationData,
} from '../src';

const chain: ApplicationData = {
  corporateShareholder: {
    shareholders: [
      { key: 'hold', name: 'Hold Co', registrationNumber: '1', country: '702', holding: { of: 'applicant', percent: 80 } },
      { key: 'sub', name: 'Sub Co', registrationNumber: '2', country: '702', holding: { of: 'hold', percent: 50 } },
    ],
  },
  beneficialOwner: {
    owners: [
      { key: 'a', name: 'A', holdings: [{ of: 'sub', percent: 100 }] },
      { key: 'b', name: 'B', holdings: [{ of: 'hold', percent: 25 }, { of: 'applicant', percent: 20 }] },
      { key: 'c', name: 'C', holdings: [{ of: 'hold', percent: 25 }] },
    ],
  },
};

describe('beneficial ownership', () => {
  it('multiplies along the chain and adds the paths', () => {
    expect(beneficialOwnership(chain)).toEqual([
      { key: 'a', percent: 40, beneficial: true },
      { key: 'b', percent: 40, beneficial: true },
      { key: 'c', percent: 20, beneficial: false },
    ]);
  });

  it('counts 25 % exactly as beneficial', () => {
    const d: ApplicationData = { beneficialOwner: { owners: [{ key: 'x', holdings: [{ of: 'applicant', percent: 25 }] }] } };
    expect(beneficialOwnership(d)[0]).toMatchObject({ percent: 25, beneficial: true });
  });

  it('gives nothing through a loop and says so', () => {
    const d: ApplicationData = {
      corporateShareholder: {
        shareholders: [
          { key: 'p', name: 'P', registrationNumber: '1', country: '360', holding: { of: 'q', percent: 100 } },
          { key: 'q', name: 'Q', registrationNumber: '2', country: '360', holding: { of: 'p', percent: 100 } },
        ],
      },
      beneficialOwner: { owners: [{ key: 'x', holdings: [{ of: 'p', percent: 100 }] }] },
    };
    expect(beneficialOwnership(d)[0]!.percent).toBe(0);
    expect(missingItems(d).filter((m) => m.reason === 'ownershipLoop').map((m) => m.field)).toEqual(['shareholders.p.holding', 'shareholders.q.holding']);
  });
});

describe('what is missing', () => {
  it('names the fields, the documents of beneficial owners only, and holdings over 100 %', () => {
    const missing = missingItems(chain);
    expect(missing).toContainEqual(expect.objectContaining({ section: 'companyInfo', field: 'legalName', reason: 'required', messageKey: 'onboarding.missing.required' }));
    expect(missing).toContainEqual(expect.objectContaining({ section: 'companyDoc', field: 'documents.articles', reason: 'document' }));
    expect(missing.filter((m) => m.field.endsWith('idDocuments')).map((m) => m.field)).toEqual(['owners.a.idDocuments', 'owners.b.idDocuments']);
    // Hold Co is held 50 % by Sub Co and 25 + 25 % by B and C: 100 %, allowed; one more point is not.
    expect(missing.some((m) => m.reason === 'overHundred')).toBe(false);
    const over: ApplicationData = { ...chain, beneficialOwner: { owners: [...chain.beneficialOwner!.owners!, { key: 'd', name: 'D', holdings: [{ of: 'hold', percent: 1 }] }] } };
    expect(missingItems(over)).toContainEqual(expect.objectContaining({ section: 'corporateShareholder', field: 'shareholders.hold', reason: 'overHundred' }));
  });

  it('refuses a holding of something that is not in the application', () => {
    const d: ApplicationData = { beneficialOwner: { owners: [{ key: 'x', name: 'X', holdings: [{ of: 'ghost', percent: 10 }] }] } };
    expect(missingItems(d)).toContainEqual(expect.objectContaining({ field: 'owners.x.holdings', reason: 'unknownHolding' }));
  });

  it('counts progress by sections saved and complete, and lists every file referred to once', () => {
    expect(completionPercent({})).toBe(0);
    const d: ApplicationData = { director: { directors: [{ key: 'd', name: 'D', dateOfBirth: '1980-01-01', nationality: '360', idDocuments: ['11111111-1111-4111-8111-111111111111'] }] } };
    expect(completionPercent(d)).toBe(14);
    expect(fileIdsOf({ ...d, authorizedPerson: { persons: [{ key: 'p', idDocuments: ['11111111-1111-4111-8111-111111111111'] }] } })).toEqual(['11111111-1111-4111-8111-111111111111']);
  });
});

describe('what a resubmission keeps (issue 40)', () => {
  const data: ApplicationData = {
    companyInfo: { legalName: 'Acme', website: '' },
    companyDoc: { documents: { articles: ['11111111-1111-4111-8111-111111111111'] } },
    director: { directors: [{ key: 'd1', name: 'Dana', idDocuments: ['22222222-2222-4222-8222-222222222222'] }] },
  };
  const digest = (id: string) => `sha-of-${id.slice(0, 1)}`;

  it('names the sections and each document with files as review items', () => {
    expect(reviewKeys(data)).toEqual([...ONBOARDING_SECTIONS, 'companyDoc:documents.articles', 'director:directors.d1.idDocuments']);
  });

  it('reads content canonically: key order and blanks do not matter, files by their bytes', () => {
    const reordered: ApplicationData = { ...data, companyInfo: { website: '  ', legalName: 'Acme' } };
    expect(reviewContent(reordered, 'companyInfo', digest)).toBe(reviewContent(data, 'companyInfo', digest));
    expect(reviewContent({ companyInfo: { legalName: 'Acme' } }, 'companyInfo', digest)).toBe(reviewContent(data, 'companyInfo', digest));
    expect(reviewContent(data, 'companyDoc:documents.articles', digest)).toBe('{"document":["file:sha-of-1"]}');
    // Another upload of the same bytes (another id, the same digest) is the same content.
    const again: ApplicationData = { ...data, companyDoc: { documents: { articles: ['13333333-1111-4111-8111-111111111111'] } } };
    expect(reviewContent(again, 'companyDoc', digest)).toBe(reviewContent(data, 'companyDoc', digest));
    expect(reviewContent(data, 'director:directors.d1.idDocuments', digest)).toBe('{"document":["file:sha-of-2"]}');
  });

  it('keeps an acceptance of the same content only; refusals and acceptances without a hash are decided again', () => {
    const d = (decision: string, hash?: string) => ({ decision, reason: null, by: 'r', at: '2026-01-01T00:00:00Z', ...(hash ? { hash } : {}) });
    const kept = keptOnResubmission({ companyInfo: d('accepted', 'h1'), companyDoc: d('accepted', 'h2'), director: d('rejected', 'h3'), beneficialOwner: d('accepted') }, { companyInfo: 'h1', companyDoc: 'h2x', director: 'h3', beneficialOwner: 'h4' });
    expect(Object.keys(kept)).toEqual(['companyInfo']);
  });

  it('offers to accept the sections unchanged, undecided, complete and asked nothing about', () => {
    const now = Object.fromEntries(ONBOARDING_SECTIONS.map((s) => [s, `h-${s}`]));
    const previous = {
      hashes: { ...now, companyInfo: 'old' },
      decisions: { 'director:directors.d1.idDocuments': { decision: 'rejected', reason: 'Blurred', by: 'r', at: 'x' } },
      asked: ['authorizedPerson'],
    };
    const decisions = { corporateShareholder: { decision: 'accepted' } };
    const missing = [{ section: 'videoIdentification' as const, field: '', reason: 'video' as const, messageKey: 'onboarding.missing.video' }];
    expect(unchangedSections(previous, now, decisions, missing)).toEqual(['companyDoc', 'beneficialOwner']);
    expect(unchangedSections(null, now, {}, [])).toEqual([]);
  });

  it('says what holds an approval back', () => {
    const b = approvalBlockers({
      decisions: { companyInfo: { decision: 'accepted' }, director: { decision: 'rejected' }, 'companyDoc:documents.articles': { decision: 'rejected' } },
      missing: [],
    });
    expect(b.undecided).toEqual(['companyDoc', 'corporateShareholder', 'beneficialOwner', 'authorizedPerson', 'videoIdentification']);
    expect(b.refused).toEqual(['director']);
    expect(b.refusedDocuments).toEqual([{ section: 'companyDoc', field: 'documents.articles' }]);
    expect(isApprovable(b)).toBe(false);
    expect(isApprovable(approvalBlockers({ decisions: Object.fromEntries(ONBOARDING_SECTIONS.map((s) => [s, { decision: 'accepted' }])), missing: [] }))).toBe(true);
  });
});
