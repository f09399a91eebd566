/**
 * What the staff review decides, and what carries over when the applicant submits again (issue 40).
 *
 * A decision is about one review item: a section (its key is the section's name) or one of its documents with files
 * (`<section>:<field>`, domain decisionKey). Each item has a content, the item's fields and the bytes of its files;
 * the server hashes it (`reviewContent` gives the canonical text, the server its SHA-256) when a decision is taken
 * and at every submission. On a resubmission an acceptance stays only while its item's content is the one accepted;
 * everything else is decided again. The browser never decides this: it shows what the server answered.
 */
import { fileIdsOf, type MissingItem } from './completeness';
import { beneficialOwnership } from './ownership';
import type { ApplicationData } from './sections';
import { ONBOARDING_SECTIONS, SectionDecision, decisionKey, type OnboardingSectionValue } from './vocabulary';

/** A decision as stored: the view's fields and the hash of the content it was taken on (absent before issue 40). */
export interface StoredDecision {
  decision: string;
  reason: string | null;
  by: string;
  at: string;
  hash?: string;
}

/** Whether an item's content is the one of the submission before (a new item, a new director's ID, is changed). */
export const ReviewChange = { CHANGED: 'changed', UNCHANGED: 'unchanged' } as const;
export type ReviewChangeValue = (typeof ReviewChange)[keyof typeof ReviewChange];

/**
 * The round before the current submission, as the server keeps it at a resubmission: the content hashes of the
 * submission before, the decisions the reviewer had taken on it, and the sections that had open requests.
 */
export interface PreviousRound {
  hashes: Record<string, string>;
  decisions: Record<string, StoredDecision>;
  asked: string[];
}

/** The documents of a section that can be decided: each document field with at least one file, in display order. */
function documentFields(data: ApplicationData, section: OnboardingSectionValue): string[] {
  const withFiles = (ids: readonly string[] | undefined) => Boolean(ids?.length);
  switch (section) {
    case 'companyDoc':
      return Object.entries(data.companyDoc?.documents ?? {})
        .filter(([, ids]) => withFiles(ids))
        .map(([type]) => `documents.${type}`)
        .sort();
    case 'corporateShareholder':
      return (data.corporateShareholder?.shareholders ?? []).filter((c) => withFiles(c.documents)).map((c) => `shareholders.${c.key}.documents`);
    case 'director':
      return (data.director?.directors ?? []).filter((d) => withFiles(d.idDocuments)).map((d) => `directors.${d.key}.idDocuments`);
    case 'beneficialOwner':
      return (data.beneficialOwner?.owners ?? []).filter((o) => withFiles(o.idDocuments)).map((o) => `owners.${o.key}.idDocuments`);
    case 'authorizedPerson':
      return (data.authorizedPerson?.persons ?? []).filter((p) => withFiles(p.idDocuments)).map((p) => `persons.${p.key}.idDocuments`);
    default:
      return [];
  }
}

/** Every review item of the data: the seven sections, then each section's documents with files. */
export function reviewKeys(data: ApplicationData): string[] {
  return [...ONBOARDING_SECTIONS, ...ONBOARDING_SECTIONS.flatMap((s) => documentFields(data, s).map((f) => decisionKey(s, f)))];
}

/** The value at a dotted path whose list segments are entry keys (`directors.d1.idDocuments`). */
function valueAt(root: unknown, path: string): unknown {
  let at: unknown = root;
  for (const part of path.split('.')) {
    if (Array.isArray(at)) at = at.find((e) => (e as { key?: unknown })?.key === part);
    else if (at && typeof at === 'object') at = (at as Record<string, unknown>)[part];
    else return undefined;
  }
  return at;
}

/**
 * JSON with object keys sorted and blanks dropped, so the same content always gives the same text: a field typed
 * and cleared again ('') is the field never filled. List order is kept (moving a director is a change).
 */
function canonical(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) {
        const x = walk((v as Record<string, unknown>)[k]);
        if (x !== undefined) out[k] = x;
      }
      return out;
    }
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
    return v;
  };
  return JSON.stringify(walk(value) ?? null);
}

/**
 * The canonical text of one review item's content, for the server to hash. Files are named by `digest(id)` (the
 * server gives the SHA-256 of the stored bytes), so the same document uploaded again is unchanged and a replaced one
 * is changed. The beneficial owners' content includes their computed shares: a change of a corporate shareholder
 * that changes who is a beneficial owner changes that section too.
 */
export function reviewContent(data: ApplicationData, key: string, digest: (fileId: string) => string): string {
  const files = new Set(fileIdsOf(data));
  const named = (v: unknown): unknown => {
    if (typeof v === 'string') return files.has(v) ? `file:${digest(v)}` : v;
    if (Array.isArray(v)) return v.map(named);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, named(x)]));
    return v;
  };
  const colon = key.indexOf(':');
  const section = (colon < 0 ? key : key.slice(0, colon)) as OnboardingSectionValue;
  const part = data[section];
  if (colon >= 0) return canonical({ document: named(valueAt(part, key.slice(colon + 1))) });
  const content: Record<string, unknown> = { section: named(part) };
  if (section === 'beneficialOwner') content.ownership = beneficialOwnership(data);
  return canonical(content);
}

/**
 * The decisions a resubmission keeps: an acceptance whose item's content is still the one it was taken on. A refusal
 * is answered by the resubmission (decided again), and so is an acceptance of changed content or one taken before
 * hashes were kept (its content is not known).
 */
export function keptOnResubmission(decisions: Readonly<Record<string, StoredDecision>>, hashesNow: Readonly<Record<string, string>>): Record<string, StoredDecision> {
  return Object.fromEntries(Object.entries(decisions).filter(([key, d]) => d.decision === SectionDecision.ACCEPTED && d.hash !== undefined && d.hash === hashesNow[key]));
}

/** Each item of the current submission compared with the submission before. */
export function reviewChanges(previous: Pick<PreviousRound, 'hashes'>, hashesNow: Readonly<Record<string, string>>): Record<string, ReviewChangeValue> {
  return Object.fromEntries(Object.entries(hashesNow).map(([key, h]) => [key, previous.hashes[key] === h ? ReviewChange.UNCHANGED : ReviewChange.CHANGED]));
}

/**
 * The sections "accept the unchanged sections" accepts: not decided now, complete, with the content the reviewer saw
 * on the submission before, and about which the reviewer asked nothing then (no refusal of it or of one of its
 * documents, no request): a section they asked to change that did not change is theirs to look at again.
 */
export function unchangedSections(
  previous: PreviousRound | null,
  hashesNow: Readonly<Record<string, string>>,
  decisions: Readonly<Record<string, { decision: string }>>,
  missing: readonly Pick<MissingItem, 'section'>[],
): OnboardingSectionValue[] {
  if (!previous) return [];
  const incomplete = new Set(missing.map((m) => m.section));
  const asked = new Set(previous.asked);
  const refusedBefore = (s: string) => Object.entries(previous.decisions).some(([key, d]) => (key === s || key.startsWith(`${s}:`)) && d.decision === SectionDecision.REJECTED);
  return ONBOARDING_SECTIONS.filter(
    (s) => !decisions[s] && !incomplete.has(s) && hashesNow[s] !== undefined && previous.hashes[s] === hashesNow[s] && !asked.has(s) && !refusedBefore(s),
  );
}

/** What holds an approval back, each list in flow order; all empty: the application may be approved. */
export interface ApprovalBlockers {
  /** Sections nobody decided yet (on a resubmission: whose acceptance the change of their content reset). */
  undecided: OnboardingSectionValue[];
  /** Sections refused (needs changes). */
  refused: OnboardingSectionValue[];
  /** Documents refused, by section and dotted path. */
  refusedDocuments: { section: OnboardingSectionValue; field: string }[];
  /** What the application still lacks (domain missingItems; the view's items name their section as a string). */
  missing: readonly MissingLike[];
}

type MissingLike = Pick<MissingItem, 'field' | 'messageKey'> & { section: string };

/** Every section accepted, no document refused and nothing missing: what approval needs (the server checks it). */
export function approvalBlockers(view: { decisions: Readonly<Record<string, { decision: string }>>; missing: readonly MissingLike[] }): ApprovalBlockers {
  const refusedDocuments: ApprovalBlockers['refusedDocuments'] = [];
  for (const [key, d] of Object.entries(view.decisions)) {
    const colon = key.indexOf(':');
    if (colon > 0 && d.decision === SectionDecision.REJECTED) refusedDocuments.push({ section: key.slice(0, colon) as OnboardingSectionValue, field: key.slice(colon + 1) });
  }
  const order = (s: string) => ONBOARDING_SECTIONS.indexOf(s as OnboardingSectionValue);
  refusedDocuments.sort((a, b) => order(a.section) - order(b.section) || a.field.localeCompare(b.field));
  return {
    undecided: ONBOARDING_SECTIONS.filter((s) => !view.decisions[s]),
    refused: ONBOARDING_SECTIONS.filter((s) => view.decisions[s]?.decision === SectionDecision.REJECTED),
    refusedDocuments,
    missing: view.missing,
  };
}

export function isApprovable(b: ApprovalBlockers): boolean {
  return b.undecided.length === 0 && b.refused.length === 0 && b.refusedDocuments.length === 0 && b.missing.length === 0;
}
