/**
 * The review of payouts from the dashboard (domain payoutCalls.review, approve, reject): each payout of the
 * request's scope approved or rejected in turn (maker-checker in the service), each change audited; a refused one
 * is skipped with its message in the caller's language, or, for one payout by its path, answered as the error it is.
 */
import { DomainError, type CallAnswer, type CallBody, type payoutCalls } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { notFound } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { selectScopedPayout, toPayoutRecord } from './queries';
import { approvePayout, rejectPayout } from './service';

type ReviewBody = CallBody<typeof payoutCalls.review>;
type ReviewResult = CallAnswer<typeof payoutCalls.review>;

/** A rejection names its reason (400 on `reason`). */
export function assertRejectReason(action: ReviewBody['action'], reason: string | undefined): void {
  if (action === 'reject' && !reason) throw fieldError('reason', 'payouts.rejectReasonRequired');
}

/** Approves or rejects each payout once; a refused one is skipped with its message (thrown with `throwSkipped`). */
export async function reviewPayouts(db: Db, req: FastifyRequest, b: ReviewBody, opts: { throwSkipped?: boolean } = {}): Promise<ReviewResult> {
  const auth = requireAuth(req);
  assertRejectReason(b.action, b.reason);
  const changed: ReviewResult['changed'] = [];
  const skipped: ReviewResult['skipped'] = [];
  for (const id of [...new Set(b.ids)]) {
    const found = await selectScopedPayout(db, req, id);
    try {
      if (!found) throw notFound();
      const a = { merchantId: found.merchantId, id, approver: auth.username };
      const row = b.action === 'approve' ? await approvePayout(db, a) : await rejectPayout(db, { ...a, reason: b.reason ?? '' });
      changed.push(toPayoutRecord(row));
      await audit(db, req, b.action === 'approve' ? 'payout_approved' : 'payout_rejected', { success: true, merchantId: row.merchantId, detail: { payoutId: id, reason: b.reason ?? null } });
    } catch (e) {
      if (!(e instanceof DomainError) || opts.throwSkipped) throw e;
      skipped.push({ id, message: t(req.lang, e.messageKey, e.params) });
    }
  }
  return { changed, skipped };
}
