/** The sign-in form's field checks, loaded when the form first validates (see lazyRule). */
import { googleCodeSchema, usernameSchema } from '@mg/domain';
import { zodMessage } from '../../components/zodRule';
import type { FieldCheck } from '../../components/lazyRule';

export const checkUsername: FieldCheck = (value, t) => zodMessage(usernameSchema, value, t);
export const checkGoogleCode: FieldCheck = (value, t) => zodMessage(googleCodeSchema, value, t);
