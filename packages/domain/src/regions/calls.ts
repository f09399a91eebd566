/**
 * The regional map call (docs/operations.md "Regional servers") declared once (calls/define.ts): the brand's part of
 * this deployment's API_BASES, which the web app reads at start to send each call to the base of the session's
 * country. Public: the sign-in page needs it before anyone signs in; it names hosts, nothing of anyone's data.
 */
import { z } from 'zod';
import { BRAND_API_BASES_PATH, type ApiBasesAnswer } from '../api-bases';
import { findBrand } from '../brands';
import { defineCall } from '../calls/define';
import { CURRENCY_CODES } from '../currencies';

export const regionApiBasesSchema = z.object({
  default: z.string(),
  brand: z.object({
    default: z.string().optional(),
    currencies: z.partialRecord(z.enum(CURRENCY_CODES), z.string()),
  }),
}) satisfies z.ZodType<ApiBasesAnswer>;

export const regionCalls = {
  apiBases: defineCall({
    method: 'GET',
    path: BRAND_API_BASES_PATH,
    public: true,
    summary: "API bases of a brand's countries in this deployment (API_BASES); without a map every base is /api",
    query: z.object({
      brand: z.string().max(32).refine((v) => Boolean(findBrand(v)), 'unknown brand').describe('a brand value, e.g. tikipay'),
    }),
    answer: regionApiBasesSchema,
  }),
};
