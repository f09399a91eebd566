/**
 * The shapes of the identity calls (docs/identity-api.md "Session and account") as the server answers them and
 * the web reads them: one definition, so the two sides cannot drift. Types only: the schemas they come from are
 * those of the session calls (auth/calls.ts).
 */
import type { z } from 'zod';
import type {
  authDepartSchema,
  authEntrySchema,
  authLoginResultSchema,
  authMenuItemSchema,
  authPermissionResultSchema,
  authTwoFactorChallengeSchema,
  authUserInfoSchema,
} from './auth/calls';

export type UserInfo = z.infer<typeof authUserInfoSchema>;

/** One dictionary item in the user's language; title and label repeat text for the old front end. */
export interface DictItemView {
  value: string;
  text: string;
  title: string;
  label: string;
}
export type DictItems = Record<string, DictItemView[]>;

export type Depart = z.infer<typeof authDepartSchema>;
export type LoginResult = z.infer<typeof authLoginResultSchema>;
/** What login answers instead of a LoginResult when the user has a second factor. */
export type TwoFactorChallenge = z.infer<typeof authTwoFactorChallengeSchema>;

export type PermissionFlag = '0' | '1';

/** A permission code: type '2' is a button; status '0' marks an entry disabled for everyone. */
export type AuthEntry = z.infer<typeof authEntrySchema>;
export type MenuItem = z.infer<typeof authMenuItemSchema>;
export type PermissionResult = z.infer<typeof authPermissionResultSchema>;
