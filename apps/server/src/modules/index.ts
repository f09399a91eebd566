/**
 * The route plugins of the areas, each registered under /api by app.ts: one line per area (docs/adding-an-area.md).
 * A plugin serves its area's calls (a list through lib/list/route.ts registerList) and registers its jobs.
 */
import type { FastifyPluginAsync } from 'fastify';
import { announcementRoutes } from './announcements/routes';
import { apiDocsRoutes } from './api-docs/routes';
import { apiLogRoutes } from './api-logs/routes';
import { auditRoutes } from './audit/routes';
import { checkRuleRoutes, duplicateCheckRoutes } from './checks/routes';
import { departGrantRoutes } from './departments/grant-routes';
import { departPermissionRoutes, departRoutes } from './departments/routes';
import { dictRoutes } from './dictionaries/routes';
import { dictAdminRoutes, dictItemAdminRoutes } from './dictionaries/admin-routes';
import { mailOutboxRoutes } from './mail-outbox/routes';
import { permissionRoutes } from './permissions/routes';
import { roleGrantRoutes } from './roles/grant-routes';
import { roleRoutes } from './roles/routes';
import { userRoutes } from './users/routes';
import { accountRoutes } from './account/routes';
import { balanceRecordRoutes } from './balance-records/routes';
import { balanceRoutes } from './balances/routes';
import { balanceTransferRoutes } from './balance-transfers/routes';
import { topUpRoutes } from './top-ups/routes';
import { withdrawalRoutes } from './withdrawals/routes';
import { autoDeductionRoutes } from './auto-deductions/routes';
import { authRoutes } from './auth/routes';
import { regionRoutes } from './regions/routes';
import { callbackRoutes } from './callbacks/routes';
import { cashierRoutes } from './cashier/routes';
import { channelHealthRoutes } from './channel-health/routes';
import { collectionRoutes } from './collections/routes';
import { cryptoRoutes } from './crypto/routes';
import { fileRoutes } from './files/routes';
import { onboardingRoutes } from './onboarding/routes';
import { developerRoutes } from './developer/routes';
import { exportRoutes } from './exports/routes';
import { healthRoutes } from './health/routes';
import { paymentLinkRoutes } from './payment-links/routes';
import { payoutRoutes } from './payouts/routes';
import { productRoutes } from './products/routes';
import { refundRoutes } from './refunds/routes';
import { reportRoutes } from './reports/routes';
import { realtimeRoutes } from './realtime/routes';
import { salesRoutes } from './sales/routes';
import { searchRoutes } from './search/routes';
import { viewRoutes } from './views/routes';
import { settlementRoutes } from './settlements/routes';
import { statisticsRoutes } from './statistics/routes';

/** A route plugin and the path under /api it serves (the spec's Jeecg paths for the administration calls). */
export interface AreaRoutes {
  routes: FastifyPluginAsync;
  at?: string;
}

export const AREA_ROUTES: readonly AreaRoutes[] = [
  { routes: healthRoutes },
  { routes: authRoutes },
  { routes: regionRoutes },
  { routes: accountRoutes },
  { routes: dictRoutes, at: '/sys/dict' },
  { routes: userRoutes, at: '/sys/user' },
  { routes: roleRoutes, at: '/sys/role' },
  { routes: permissionRoutes, at: '/sys/permission' },
  { routes: roleGrantRoutes, at: '/sys/permission' },
  { routes: departGrantRoutes, at: '/sys/permission' },
  { routes: departRoutes, at: '/sys/sysDepart' },
  { routes: departPermissionRoutes, at: '/sys/sysDepartPermission' },
  { routes: dictAdminRoutes, at: '/sys/dict' },
  { routes: dictItemAdminRoutes, at: '/sys/dictItem' },
  { routes: announcementRoutes, at: '/sys/annountCement' },
  { routes: reportRoutes, at: '/online/cgreport/api' },
  { routes: auditRoutes, at: '/sys/audit' },
  { routes: mailOutboxRoutes, at: '/sys/mail' },
  { routes: duplicateCheckRoutes, at: '/sys/duplicate' },
  { routes: checkRuleRoutes, at: '/sys/checkRule' },
  { routes: fileRoutes, at: '/sys/common' },
  { routes: cashierRoutes },
  { routes: collectionRoutes },
  { routes: refundRoutes },
  { routes: payoutRoutes },
  { routes: paymentLinkRoutes },
  { routes: channelHealthRoutes },
  { routes: searchRoutes },
  { routes: viewRoutes },
  { routes: balanceRoutes },
  { routes: balanceTransferRoutes },
  { routes: topUpRoutes },
  { routes: withdrawalRoutes },
  { routes: cryptoRoutes },
  { routes: onboardingRoutes },
  { routes: autoDeductionRoutes },
  { routes: balanceRecordRoutes },
  { routes: salesRoutes },
  { routes: settlementRoutes },
  { routes: statisticsRoutes },
  { routes: callbackRoutes },
  { routes: developerRoutes },
  { routes: productRoutes },
  { routes: exportRoutes },
  { routes: realtimeRoutes },
  { routes: apiDocsRoutes },
  { routes: apiLogRoutes },
];
