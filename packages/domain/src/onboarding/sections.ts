/**
 * The data of each onboarding section as the applicant saves it. A draft may be incomplete (autosave keeps whatever
 * was typed, within types and lengths); completeness is `missingItems` (./completeness.ts), asked by the overview and
 * enforced by submit. Files are referenced by id: the server checks each belongs to the merchant.
 */
import { z } from 'zod';
import { CURRENCIES } from '../currencies';
import { PRODUCT_TYPES } from '../enums';
import { TEXT_MAX_LENGTH } from '../constants';
import { COMPANY_DOC_MAX_FILES, COMPANY_DOC_TYPES, type CompanyDocTypeValue } from './vocabulary';

const text = z.string().max(TEXT_MAX_LENGTH);
const fileIds = (max: number) => z.array(z.uuid()).max(max);
/** Entries of a list are keyed by the client (stable across autosaves, referenced by ownership). */
const key = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const percent = z.number().min(0).max(100);
const isoDate = z.iso.date();

/** Countries an applicant may be incorporated in / a person be a national of (ISO numeric code of CURRENCIES). */
export const ONBOARDING_COUNTRIES: readonly string[] = [...new Set(Object.values(CURRENCIES).map((c) => c.countryCode).filter((c) => c !== '000'))];

export const companyInfoSchema = z.object({
  legalName: text.optional(),
  registrationNumber: text.optional(),
  country: z.string().max(3).optional(),
  incorporationDate: isoDate.optional(),
  registeredAddress: text.optional(),
  businessAddress: text.optional(),
  industry: z.number().int().refine((v) => PRODUCT_TYPES.some((p) => p.value === v)).optional(),
  website: text.optional(),
  /** In US dollars, whole. */
  expectedMonthlyVolume: z.number().int().min(0).max(1e12).optional(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const companyDocSchema = z.object({
  documents: z.partialRecord(z.enum(COMPANY_DOC_TYPES as [CompanyDocTypeValue, ...CompanyDocTypeValue[]]), fileIds(COMPANY_DOC_MAX_FILES)).optional(),
});
export type CompanyDoc = z.infer<typeof companyDocSchema>;

/** A share held in `of` (the applicant, or a corporate shareholder's key). */
const holding = z.object({ of: key, percent });

export const corporateShareholderSchema = z.object({
  shareholders: z
    .array(
      z.object({
        key,
        name: text.optional(),
        registrationNumber: text.optional(),
        country: z.string().max(3).optional(),
        /** What it holds: directly in the applicant, or in another corporate shareholder (a nested chain). */
        holding: holding.optional(),
        documents: fileIds(COMPANY_DOC_MAX_FILES).optional(),
      }),
    )
    .max(50)
    .optional(),
});
export type CorporateShareholders = z.infer<typeof corporateShareholderSchema>;

const person = {
  key,
  name: text.optional(),
  dateOfBirth: isoDate.optional(),
  nationality: z.string().max(3).optional(),
  idDocuments: fileIds(2).optional(),
};

export const directorSchema = z.object({
  directors: z.array(z.object({ ...person, position: text.optional() })).max(50).optional(),
});
export type Directors = z.infer<typeof directorSchema>;

/** Natural persons holding shares; their beneficial ownership is computed through the chain (./ownership.ts). */
export const beneficialOwnerSchema = z.object({
  owners: z.array(z.object({ ...person, holdings: z.array(holding).max(20).optional() })).max(50).optional(),
});
export type BeneficialOwners = z.infer<typeof beneficialOwnerSchema>;

export const authorizedPersonSchema = z.object({
  persons: z
    .array(z.object({ ...person, email: z.email().max(191).optional().or(z.literal('')), phone: z.string().max(32).optional(), title: text.optional() }))
    .max(10)
    .optional(),
});
export type AuthorizedPersons = z.infer<typeof authorizedPersonSchema>;

/** Not written by the applicant's autosave: the server records each attempt's file. */
export const videoIdentificationSchema = z.object({
  recordings: z.array(z.object({ fileId: z.uuid(), phrase: text, seconds: z.number().min(0), at: z.string() })).optional(),
});
export type VideoIdentification = z.infer<typeof videoIdentificationSchema>;

export const SECTION_SCHEMAS = {
  companyInfo: companyInfoSchema,
  companyDoc: companyDocSchema,
  corporateShareholder: corporateShareholderSchema,
  director: directorSchema,
  beneficialOwner: beneficialOwnerSchema,
  authorizedPerson: authorizedPersonSchema,
  videoIdentification: videoIdentificationSchema,
} as const;

export const applicationDataSchema = z.object({
  companyInfo: companyInfoSchema.optional(),
  companyDoc: companyDocSchema.optional(),
  corporateShareholder: corporateShareholderSchema.optional(),
  director: directorSchema.optional(),
  beneficialOwner: beneficialOwnerSchema.optional(),
  authorizedPerson: authorizedPersonSchema.optional(),
  videoIdentification: videoIdentificationSchema.optional(),
});
export type ApplicationData = z.infer<typeof applicationDataSchema>;
