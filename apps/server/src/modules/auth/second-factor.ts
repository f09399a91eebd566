/** The Google code gate of sensitive actions (developer parameters, payout review and policy). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../lib/errors';
import { AuthError } from './errors';
import { requireAuth } from './index';
import { findUserById } from './queries';
import { verifySecondFactor } from './totp';

/**
 * The Google code gate: when the user has 2FA on, a code is required (400 naming `googleCode` when missing) and must
 * be right (400 GOOGLE_CODE_ERROR, like the account calls: a 401 would sign the user out).
 */
export async function requireSecondFactor(app: FastifyInstance, req: FastifyRequest, googleCode: string | undefined): Promise<void> {
  const auth = requireAuth(req);
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AuthError('UNAUTHORIZED');
  if (!user.totpEnabled) return;
  const code = googleCode?.trim();
  if (!code) throw fieldError('googleCode', 'developer.googleCodeRequired');
  if (!(await verifySecondFactor(app.db, user, code))) throw new AuthError('GOOGLE_CODE_ERROR', { status: 400 });
}
