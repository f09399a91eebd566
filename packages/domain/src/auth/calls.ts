/**
 * The session calls (spec §7, docs/identity-api.md "Session and account") declared once (calls/define.ts), paths
 * kept exactly: the captcha, the sign-in (by username or phone, and its second step), sign-out, the session's user,
 * its menu and codes, switching merchant or country, departments and the own password. Their answers are the shapes
 * of identity.ts, which takes its types from the schemas here.
 *
 * The single sign-on stubs (`/thirdLogin/getLoginUser/:token`, `/cas/client/validateLogin`) are not declared: no
 * identity provider is configured, they only ever answer 422 and no screen calls them.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { dictItemViewSchema } from '../dictionaries/calls';
import { LANGUAGES, type Language } from '../languages';

/** Client-made captcha keys: letters, digits, `_` and `-` (login tickets use a `:` prefix and can never collide). */
export const CAPTCHA_CHECK_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

const opt = (max: number) => z.string().max(max).optional();
const language = z.enum(LANGUAGES);
const permissionFlag = z.enum(['0', '1']);
/** One text per language, each named (a record over the languages would document required keys it never names). */
const authTitlesSchema = z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<Language, z.ZodString>);

/** What every sign-in sends besides the identifier (username or phone). */
const authSignInFields = z.object({
  password: z.string().min(1).max(128),
  captcha: opt(16),
  checkKey: opt(64),
  countryCurrency: opt(8),
  brand: opt(32),
  paymentBrand: opt(32),
});

export const authUserInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  company: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The session's currency code (the web narrows it with isCurrencyCode). */
  currency: z.string(),
  merchantId: z.number(),
  /** Comma-joined role codes. */
  roleCode: z.string(),
  /** "Name(10002),Other(10003)": merchants this user may switch to, own one included. */
  subMerchantInfos: z.string(),
  amountUsdSwitch: z.boolean(),
  orgCode: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  brand: z.string(),
  isPlatform: z.boolean(),
  languages: z.array(language),
  currencies: z.array(z.string()),
});

export const authDepartSchema = z.object({
  id: z.number(),
  orgCode: z.string(),
  departName: z.string(),
});

export const authLoginResultSchema = z.object({
  token: z.string(),
  userInfo: authUserInfoSchema,
  sysAllDictItems: z.record(z.string(), z.array(dictItemViewSchema)),
  /** 0: no department, 1: one (the server picks it), 2: several (the user picks). */
  multi_depart: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  departs: z.array(authDepartSchema),
});

/** What login answers instead of a LoginResult when the user has a second factor. */
export const authTwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  loginTicket: z.string(),
});

/** A permission code: type '2' is a button; status '0' marks an entry disabled for everyone. */
export const authEntrySchema = z.object({
  action: z.string(),
  describe: z.string(),
  type: z.enum(['1', '2']),
  status: permissionFlag,
});

/** Recursive (`children`): its component id names the cycle in the OpenAPI document. */
export const authMenuItemSchema = z
  .object({
    id: z.string(),
    path: z.string(),
    name: z.string(),
    /** Registry key; '' for a group. */
    component: z.string(),
    redirect: z.string().optional(),
    hidden: z.boolean(),
    route: z.enum(['1', '0']),
    alwaysShow: z.boolean(),
    meta: z.object({
      title: z.string(),
      titles: authTitlesSchema,
      icon: z.string().optional(),
      url: z.string().optional(),
      keepAlive: z.boolean(),
      internalOrExternal: z.boolean(),
      /** The menu's own buttons; unlike the auth lists these carry no description. */
      permissionList: z.array(authEntrySchema.omit({ describe: true })),
    }),
    get children(): z.ZodOptional<z.ZodArray<typeof authMenuItemSchema>> {
      return z.array(authMenuItemSchema).optional();
    },
  })
  .meta({ id: 'SessionMenuItem' });

export const authPermissionResultSchema = z.object({
  menu: z.array(authMenuItemSchema),
  /** The codes the user holds. */
  auth: z.array(authEntrySchema),
  /** Every configured code, held or not, with its status. */
  allAuth: z.array(authEntrySchema),
});

export const authCalls = {
  captcha: defineCall({
    method: 'GET',
    path: '/sys/randomImage/:key',
    public: true,
    summary: 'Captcha image for a client-made checkKey (2 minutes, one use)',
    params: z.object({ key: z.string().regex(CAPTCHA_CHECK_KEY_RE, 'validation.invalid') }),
    answer: z.string().describe('the image as a data URL (SVG)'),
  }),
  login: defineCall({
    method: 'POST',
    path: '/sys/login',
    public: true,
    summary: 'Sign in: LoginResult, or a TwoFactorChallenge when 2FA is on',
    body: authSignInFields.extend({ username: z.string().trim().min(1).max(64) }),
    answer: z.union([authLoginResultSchema, authTwoFactorChallengeSchema]),
  }),
  phoneLogin: defineCall({
    method: 'POST',
    path: '/sys/phoneLogin',
    public: true,
    summary: 'Sign in with the phone number instead of the username (same checks, same answers as /sys/login)',
    body: authSignInFields.extend({ phone: z.string().trim().min(1).max(32) }),
    answer: z.union([authLoginResultSchema, authTwoFactorChallengeSchema]),
  }),
  login2fa: defineCall({
    method: 'POST',
    path: '/sys/login/2fa',
    public: true,
    summary: 'Second sign-in step: the Google code (or a recovery code) for a loginTicket',
    body: z.object({ loginTicket: z.string().min(1).max(128), code: z.string().trim().min(1).max(32) }),
    answer: authLoginResultSchema,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/sys/logout',
    public: true,
    summary: 'Revokes the session of X-Access-Token at once',
    answer: z.null(),
  }),
  userInfo: defineCall({
    method: 'GET',
    path: '/user/info',
    summary: 'UserInfo of the session',
    answer: authUserInfoSchema,
  }),
  permissions: defineCall({
    method: 'GET',
    path: '/sys/permission/getUserPermissionByToken',
    summary: 'Menu, granted codes (auth) and every configured code (allAuth)',
    answer: authPermissionResultSchema,
  }),
  switchSubMerchant: defineCall({
    method: 'PUT',
    path: '/sys/switchSubMId',
    summary: 'Switch to a sub-merchant (or back to the own merchant): new token, the old one dies',
    body: z.object({ merchantId: z.coerce.number().int().positive(), username: opt(64) }),
    answer: authLoginResultSchema,
  }),
  switchCountry: defineCall({
    method: 'PUT',
    path: '/sys/switchCountry',
    summary: 'Switch the session country (currency): new token bound to it, the old one dies',
    body: z.object({ countryCurrency: z.string().trim().min(3).max(8) }),
    answer: authLoginResultSchema,
  }),
  departs: defineCall({
    method: 'GET',
    path: '/sys/user/getCurrentUserDeparts',
    summary: "The user's departments and the session's choice",
    answer: z.object({ list: z.array(authDepartSchema), orgCode: z.string().nullable() }),
  }),
  /** PUT per the contract; `selectDepartPost` is the POST the spec's old client sent. */
  selectDepart: defineCall({
    method: 'PUT',
    path: '/sys/selectDepart',
    summary: 'Choose the department of this session',
    body: z.object({ orgCode: z.string().trim().min(1).max(64), username: opt(64) }),
    answer: z.object({ userInfo: authUserInfoSchema }),
  }),
  selectDepartPost: defineCall({
    method: 'POST',
    path: '/sys/selectDepart',
    summary: 'Choose the department of this session',
    body: z.object({ orgCode: z.string().trim().min(1).max(64), username: opt(64) }),
    answer: z.object({ userInfo: authUserInfoSchema }),
  }),
  updatePassword: defineCall({
    method: 'POST',
    path: '/sys/user/updatePassword',
    summary: 'Change the own password (other sessions of the user are revoked)',
    body: z.object({ username: opt(64), oldpassword: opt(128), password: opt(128), confirmpassword: opt(128) }),
    answer: z.null(),
  }),
};
