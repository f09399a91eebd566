/**
 * The route plugins of the areas, each registered under /api by app.ts: one line per area (docs/adding-an-area.md).
 * A plugin serves its area's calls (a list through lib/list/route.ts registerList) and registers its jobs.
 */
import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes';
import { balanceRecordRoutes } from './balance-records/routes';
import { balanceRoutes } from './balances/routes';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { callbackRoutes } from './callbacks/routes';
import { cashierRoutes } from './cashier/routes';
import { collectionRoutes } from './collections/routes';
import { developerRoutes } from './developer/routes';
import { exportRoutes } from './exports/routes';
import { healthRoutes } from './health/routes';
import { paymentLinkRoutes } from './payment-links/routes';
import { productRoutes } from './products/routes';
import { refundRoutes } from './refunds/routes';
import { salesRoutes } from './sales/routes';
import { settlementRoutes } from './settlements/routes';
import { statisticsRoutes } from './statistics/routes';

export const AREA_ROUTES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  adminRoutes,
  cashierRoutes,
  collectionRoutes,
  refundRoutes,
  paymentLinkRoutes,
  balanceRoutes,
  balanceRecordRoutes,
  salesRoutes,
  settlementRoutes,
  statisticsRoutes,
  callbackRoutes,
  developerRoutes,
  productRoutes,
  exportRoutes,
];
