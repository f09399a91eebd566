/**
 * The account calls declared once (calls/define.ts): those that need no session (the e-mail code, registration, a
 * forgotten password) and the signed-in user's own Google Authenticator (its state, enrolment, confirmation with
 * the recovery codes, turning it off).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';

const opt = (max: number) => z.string().max(max).optional();
const emailField = z.email('validation.email.invalid').max(191);
const codeBody = z.object({ code: z.string().trim().min(1).max(32) });

export const accountEmailCodeBodySchema = z.object({
  email: emailField,
  purpose: z.enum(['register', 'reset']),
  captcha: opt(16),
  checkKey: opt(64),
  brand: opt(32),
  paymentBrand: opt(32),
});

export const accountRegisterBodySchema = z.object({
  username: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.@-]+$/, 'validation.invalid'),
  password: opt(128),
  confirmpassword: opt(128),
  email: emailField,
  phone: z.string().trim().max(32).regex(/^\+?[0-9 -]{5,32}$/, 'validation.invalid').optional().or(z.literal('')),
  emailCode: z.string().trim().min(1).max(16),
  companyName: z.string().trim().min(1).max(128),
  countryCurrency: opt(8),
  brand: opt(32),
  paymentBrand: opt(32),
});

export const accountForgePasswordBodySchema = z.object({ email: emailField, emailCode: z.string().trim().min(1).max(16), password: opt(128), confirmpassword: opt(128) });

export const accountTwoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().describe('0 while it is off') });

export const accountCalls = {
  emailCode: defineCall({
    method: 'POST',
    path: '/account/sms',
    public: true,
    summary: 'Send a 6-digit e-mail code (register or reset); captcha required; one per minute per address',
    body: accountEmailCodeBodySchema,
    answer: z.null(),
  }),
  register: defineCall({
    method: 'POST',
    path: '/auth/register',
    public: true,
    summary: 'Register a merchant (onboarding) and its admin user; brands with registerSwitch only',
    body: accountRegisterBodySchema,
    answer: z.object({ username: z.string(), merchantId: z.number() }),
  }),
  forgePassword: defineCall({
    method: 'POST',
    path: '/auth/forge-password',
    public: true,
    summary: 'Set a new password with an e-mail code (every session of the user is revoked)',
    body: accountForgePasswordBodySchema,
    answer: z.null(),
  }),
  twoFactor: defineCall({
    method: 'GET',
    path: '/sys/user/2fa',
    summary: 'Google Authenticator state of the caller',
    answer: accountTwoFactorStatusSchema,
  }),
  twoFactorEnrol: defineCall({
    method: 'POST',
    path: '/sys/user/2fa/enrol',
    summary: 'New secret (inactive until confirmed)',
    answer: z.object({ secret: z.string(), otpauthUrl: z.string().describe('otpauth://totp/... for the QR code') }),
  }),
  twoFactorConfirm: defineCall({
    method: 'POST',
    path: '/sys/user/2fa/confirm',
    summary: 'Activate with a code; answers 10 recovery codes, shown once',
    body: codeBody,
    answer: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  twoFactorDisable: defineCall({
    method: 'POST',
    path: '/sys/user/2fa/disable',
    summary: 'Turn 2FA off with a valid code (or a recovery code)',
    body: codeBody,
    answer: z.null(),
  }),
};
