/**
 * Merchant onboarding (KYB, issue 14; spec §2 `/company`, `/shareholderAndDirector`, `/overview`,
 * `/authentication`): the application's statuses, its sections in the order the flow walks them, the documents it
 * asks for and the limits of video identification.
 */

/** A merchant's lifecycle: registered (onboarding), approved (active: live keys and payments), frozen. */
export const MerchantStatus = { ONBOARDING: 'onboarding', ACTIVE: 'active', FROZEN: 'frozen' } as const;
export type MerchantStatusValue = (typeof MerchantStatus)[keyof typeof MerchantStatus];
export const MERCHANT_STATUSES = Object.values(MerchantStatus);

export const ApplicationStatus = {
  DRAFT: 'draft',
  SUBMITTED: 'submitted',
  IN_REVIEW: 'in_review',
  CHANGES_REQUESTED: 'changes_requested',
  APPROVED: 'approved',
  REJECTED: 'rejected',
} as const;
export type ApplicationStatusValue = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];
export const APPLICATION_STATUSES = Object.values(ApplicationStatus);

/** The applicant may edit (autosave) only in these; otherwise a write answers 409. */
export const EDITABLE_STATUSES: readonly ApplicationStatusValue[] = [ApplicationStatus.DRAFT, ApplicationStatus.CHANGES_REQUESTED];
/** Staff may decide (sections, approve, reject, ask for changes) only in these. */
export const REVIEWABLE_STATUSES: readonly ApplicationStatusValue[] = [ApplicationStatus.SUBMITTED, ApplicationStatus.IN_REVIEW];

/** Sections, in flow order: each is one page of the flow (spec §2 route children). */
export const OnboardingSection = {
  COMPANY_INFO: 'companyInfo',
  COMPANY_DOC: 'companyDoc',
  CORPORATE_SHAREHOLDER: 'corporateShareholder',
  DIRECTOR: 'director',
  BENEFICIAL_OWNER: 'beneficialOwner',
  AUTHORIZED_PERSON: 'authorizedPerson',
  VIDEO_IDENTIFICATION: 'videoIdentification',
} as const;
export type OnboardingSectionValue = (typeof OnboardingSection)[keyof typeof OnboardingSection];
export const ONBOARDING_SECTIONS = Object.values(OnboardingSection);

/** Spec §2 route groups and their children (the child's last path segment is the section, or an overview page). */
export const ONBOARDING_ROUTES = [
  { group: '/company', children: ['companyInfo', 'companyDoc'] },
  { group: '/shareholderAndDirector', children: ['corporateShareholder', 'director', 'beneficialOwner', 'authorizedPerson'] },
  { group: '/overview', children: ['OverviewData', 'AgreeAndSubmit'] },
  { group: '/authentication', children: ['VideoIdentification'] },
] as const;

/** The flow's steps in order, with the path of each (the progress indicator and next / back). */
export const ONBOARDING_STEPS: readonly { key: string; path: string; section?: OnboardingSectionValue }[] = [
  { key: 'companyInfo', path: '/company/companyInfo', section: OnboardingSection.COMPANY_INFO },
  { key: 'companyDoc', path: '/company/companyDoc', section: OnboardingSection.COMPANY_DOC },
  { key: 'corporateShareholder', path: '/shareholderAndDirector/corporateShareholder', section: OnboardingSection.CORPORATE_SHAREHOLDER },
  { key: 'director', path: '/shareholderAndDirector/director', section: OnboardingSection.DIRECTOR },
  { key: 'beneficialOwner', path: '/shareholderAndDirector/beneficialOwner', section: OnboardingSection.BENEFICIAL_OWNER },
  { key: 'authorizedPerson', path: '/shareholderAndDirector/authorizedPerson', section: OnboardingSection.AUTHORIZED_PERSON },
  { key: 'videoIdentification', path: '/authentication/VideoIdentification', section: OnboardingSection.VIDEO_IDENTIFICATION },
  { key: 'overview', path: '/overview/OverviewData' },
  { key: 'submit', path: '/overview/AgreeAndSubmit' },
];

export const CompanyDocType = {
  CERTIFICATE_OF_INCORPORATION: 'certificateOfIncorporation',
  ARTICLES: 'articles',
  PROOF_OF_ADDRESS: 'proofOfAddress',
  BANK_STATEMENT: 'bankStatement',
} as const;
export type CompanyDocTypeValue = (typeof CompanyDocType)[keyof typeof CompanyDocType];
export const COMPANY_DOC_TYPES = Object.values(CompanyDocType);
/** Files per document type (the upload widget's max count: a new file replaces the oldest). */
export const COMPANY_DOC_MAX_FILES = 3;

/** A natural person or a legal entity owning (part of) the applicant or of one of its corporate shareholders. */
export const BENEFICIAL_OWNER_THRESHOLD_PERCENT = 25;
/** The applicant itself as an owned entity in the ownership graph. */
export const APPLICANT_KEY = 'applicant';

export const VIDEO_MAX_SECONDS = 30;
/** A shorter recording cannot hold the phrase read aloud. */
export const VIDEO_MIN_SECONDS = 3;
export const VIDEO_MAX_ATTEMPTS = 3;
/** Words of the phrase the person reads aloud (random, shown on screen). */
export const VIDEO_PHRASE_WORDS = 4;

/** The timeline notes a section's saves once per this many minutes of editing it (autosave writes far more often). */
export const SAVED_EVENT_MINUTES = 30;
/** Autosave waits this long after the last keystroke. */
export const AUTOSAVE_DEBOUNCE_MS = 800;
/** Days a request for information gives the applicant by default. */
export const INFO_REQUEST_DEFAULT_DAYS = 7;
export const REVIEW_REASON_MAX_LENGTH = 500;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

export const SectionDecision = { ACCEPTED: 'accepted', REJECTED: 'rejected' } as const;
export type SectionDecisionValue = (typeof SectionDecision)[keyof typeof SectionDecision];

/**
 * Where a decision is kept in the application's `decisions`: a section by its name, a document of it by
 * `<section>:<field>` (`companyDoc:documents.bankStatement`, `director:directors.d1.idDocuments`).
 */
export function decisionKey(section: OnboardingSectionValue, field?: string | null): string {
  return field ? `${section}:${field}` : section;
}

/** Timeline entries of an application. */
export const OnboardingEventKind = {
  CREATED: 'created',
  SAVED: 'saved',
  SUBMITTED: 'submitted',
  REVIEW_STARTED: 'review_started',
  SECTION_DECIDED: 'section_decided',
  DOCUMENT_ACCEPTED: 'document_accepted',
  DOCUMENT_REJECTED: 'document_rejected',
  /** A section accepted by "accept the unchanged sections" (one entry per section). */
  UNCHANGED_ACCEPTED: 'unchanged_accepted',
  INFO_REQUESTED: 'info_requested',
  CHANGES_REQUESTED: 'changes_requested',
  COMMENT: 'comment',
  NOTE: 'note',
  VIDEO_RECORDED: 'video_recorded',
  APPROVED: 'approved',
  REJECTED: 'rejected',
} as const;
export type OnboardingEventKindValue = (typeof OnboardingEventKind)[keyof typeof OnboardingEventKind];
export const ONBOARDING_EVENT_KINDS = Object.values(OnboardingEventKind);
