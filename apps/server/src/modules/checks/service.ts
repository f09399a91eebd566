/**
 * The generic checks of the forms (spec §3 "Checks"): duplicate check and rule check. The duplicate check only
 * knows the (table, field) pairs registered here, each mapped in code to a real column; the client's strings never
 * reach SQL except as bound values. The rule check maps rule codes to the domain's schemas.
 */
import {
  emailSchema,
  googleCodeSchema,
  issueParams,
  passwordSchema,
  phoneSchema,
  translate,
  usernameSchema,
  walletPhoneSchema,
  type Language,
} from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { ownScope } from '../auth/scope';
import { DUPLICATE_PAIRS, isTaken } from './queries';

function lookup<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** null when the value is free, else the translated "already exists" message. 400 for an unregistered pair. */
export async function duplicateCheck(
  db: Db,
  req: FastifyRequest,
  q: { tableName: string; fieldName: string; fieldVal?: string | undefined; dataId?: number | undefined },
): Promise<string | null> {
  const fields = lookup(DUPLICATE_PAIRS, q.tableName);
  if (!fields)
    throw fieldError('tableName', 'admin.check.notRegistered', {
      params: { value: q.tableName.slice(0, 64) },
    });
  const pair = lookup(fields, q.fieldName);
  if (!pair)
    throw fieldError('fieldName', 'admin.check.notRegistered', {
      params: { value: q.fieldName.slice(0, 64) },
    });
  const value = (q.fieldVal ?? '').trim();
  if (value === '') return null;
  return (await isTaken(db, pair, value, ownScope(req), q.dataId)) ? translate(req.lang, pair.takenKey) : null;
}

/** Rule codes of the rule check -> the domain schema that implements the rule. */
export const CHECK_RULES: Readonly<Record<string, z.ZodType<string>>> = {
  password: passwordSchema,
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema,
  wallet_phone: walletPhoneSchema,
  google_code: googleCodeSchema,
};

/** URL-decodes once more (the screens encode the value); a malformed escape leaves the value as sent. */
export function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** null when the value passes, else the rule's translated message. 400 for an unknown rule code. */
export function ruleCheck(lang: Language, ruleCode: string, rawValue: string): string | null {
  const schema = lookup(CHECK_RULES, ruleCode);
  if (!schema)
    throw fieldError('ruleCode', 'admin.check.notRegistered', { params: { value: ruleCode.slice(0, 64) } });
  const r = schema.safeParse(decodeValue(rawValue));
  if (r.success) return null;
  const issue = r.error.issues[0];
  if (!issue) return translate(lang, 'error.fieldInvalid');
  // The message's placeholders ({{min}} of "at least {{min}} characters") come from the failed check.
  return translate(lang, issue.message, issueParams(issue));
}
