/**
 * The sign-in form's field checks, loaded when the form first validates (LoginPage): the page validates with the
 * domain's zod schemas without putting zod in the bundle that paints it (issue 10). Same messages as zodRule.
 */
import type { TFunction } from 'i18next';
import { googleCodeSchema, usernameSchema } from '@mg/domain';
import { zodMessage } from '../../components/zodRule';

/** The translated message of the first problem, or null when the value passes. */
export type FieldCheck = (value: unknown, t: TFunction) => string | null;

export const checkUsername: FieldCheck = (value, t) => zodMessage(usernameSchema, value, t);
export const checkGoogleCode: FieldCheck = (value, t) => zodMessage(googleCodeSchema, value, t);
