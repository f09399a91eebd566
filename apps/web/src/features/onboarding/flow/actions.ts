/**
 * What the applicant is asked to change once staff sent the application back (issue 40): every open request for
 * information and every refusal of a section or a document, each with the reviewer's words and where it is. The
 * banner lists them, the stepper marks their steps, the step and the field show each where it applies. Only while
 * changes are requested: before that the application is the reviewers' and nothing is the applicant's to do.
 */
import { ApplicationStatus, ONBOARDING_SECTIONS, SectionDecision, type ApplicationView, type OnboardingSectionValue } from '@mg/domain';

export interface ActionItem {
  /** `request-<id>`, or the decision's key (`companyDoc`, `companyDoc:documents.articles`). */
  key: string;
  section: OnboardingSectionValue;
  /** Dotted path inside the section; '' for the section as a whole. */
  field: string;
  /** The reviewer's words. */
  message: string;
  /** A request's due date (`YYYY-MM-DD`); a refusal has none. */
  dueDate: string | null;
  requestId: number | null;
}

const sectionOf = (s: string): OnboardingSectionValue | null => (ONBOARDING_SECTIONS as readonly string[]).includes(s) ? (s as OnboardingSectionValue) : null;

export function actionItems(view: Pick<ApplicationView, 'status' | 'decisions' | 'requests'>): ActionItem[] {
  if (view.status !== ApplicationStatus.CHANGES_REQUESTED) return [];
  const items: ActionItem[] = [];
  for (const [key, d] of Object.entries(view.decisions)) {
    if (d.decision !== SectionDecision.REJECTED) continue;
    const colon = key.indexOf(':');
    const section = sectionOf(colon < 0 ? key : key.slice(0, colon));
    if (section) items.push({ key, section, field: colon < 0 ? '' : key.slice(colon + 1), message: d.reason ?? '', dueDate: null, requestId: null });
  }
  for (const r of view.requests) {
    const section = sectionOf(r.section);
    if (section && !r.resolvedAt) items.push({ key: `request-${r.id}`, section, field: r.field, message: r.message, dueDate: r.dueDate, requestId: r.id });
  }
  // In flow order, the section's own items before its fields'; requests after refusals of the same place.
  const order = (s: string) => ONBOARDING_SECTIONS.indexOf(s as OnboardingSectionValue);
  return items.sort((a, b) => order(a.section) - order(b.section) || (a.field === '' ? 0 : 1) - (b.field === '' ? 0 : 1) || a.field.localeCompare(b.field) || (a.requestId ?? -1) - (b.requestId ?? -1));
}

/** The sections with something to change (the stepper's marks). */
export function sectionsToChange(items: readonly ActionItem[]): Set<OnboardingSectionValue> {
  return new Set(items.map((i) => i.section));
}
