/** Onboarding's rules (issue 14): beneficial ownership through the chain, and what an application still lacks. */
import { describe, expect, it } from 'vitest';
import { beneficialOwnership, completionPercent, fileIdsOf, missingItems, type ApplicationData } from '../src';

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
