/**
 * Every list source of the app. The areas' routes register them one by one (lib/list/route.ts registerList); an
 * export job's child process, which has no Fastify instance, finds its list here. A test keeps this equal to what the
 * routes register.
 */
import type { ListSource } from '../lib/list/source';
import { announcementsSource } from './announcements/queries';
import { apiLogsSource } from './api-logs/queries';
import { auditSource } from './audit/queries';
import { mandatesSource } from './auto-deductions/queries';
import { balanceRecordsSource } from './balance-records/queries';
import { balanceTransfersSource } from './balance-transfers/queries';
import { collectionsSource } from './collections/queries';
import { dictionariesSource } from './dictionaries/queries';
import { mailOutboxSource } from './mail-outbox/queries';
import { onboardingSource } from './onboarding/queries';
import { paymentLinksSource } from './payment-links/queries';
import { payoutsSource } from './payouts/queries';
import { productsSource } from './products/queries';
import { refundsSource } from './refunds/queries';
import { salesSource } from './sales/queries';
import { settlementsSource } from './settlements/queries';
import { topUpsSource } from './top-ups/queries';
import { usersSource } from './users/queries';
import { withdrawalsSource } from './withdrawals/queries';

export function listSources(publicUrl: string): Map<string, ListSource> {
  const all = [
    announcementsSource,
    apiLogsSource,
    auditSource,
    mandatesSource(publicUrl),
    balanceRecordsSource,
    balanceTransfersSource,
    collectionsSource,
    dictionariesSource,
    mailOutboxSource,
    onboardingSource,
    paymentLinksSource(publicUrl),
    payoutsSource,
    productsSource,
    refundsSource,
    salesSource,
    settlementsSource,
    topUpsSource(publicUrl),
    usersSource,
    withdrawalsSource,
  ] as unknown as ListSource[];
  return new Map(all.map((s) => [s.list.name, s]));
}
