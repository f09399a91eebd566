/**
 * The screen registry (DESIGN §8): a menu item's `component` key -> a lazily loaded screen. Keys only; nothing the
 * server sends is ever imported or evaluated. Every `component` of the domain MENU has an entry (tested).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/Home': lazy(() => import('./dashboard/Home')),
  'system/Users': lazy(() => import('./system/Users')),
  'system/Roles': lazy(() => import('./system/Roles')),
  'system/Departments': lazy(() => import('./system/Departments')),
  'system/Audit': lazy(() => import('./system/Audit')),
  'system/Announcements': lazy(() => import('./system/Announcements')),
  'system/Permissions': lazy(() => import('./system/Permissions')),
  'system/Dictionaries': lazy(() => import('./system/Dictionaries')),
  'system/MailOutbox': lazy(() => import('./system/MailOutbox')),
  'account/Security': lazy(() => import('./account/Security')),
  'payments/Transactions': lazy(() => import('./payments/Transactions')),
  'payments/Refunds': lazy(() => import('./payments/Refunds')),
  'payments/PaymentLinks': lazy(() => import('./payments/PaymentLinks')),
  'funds/Balances': lazy(() => import('./funds/Balances')),
  'funds/BalanceRecords': lazy(() => import('./funds/BalanceRecords')),
  'funds/Settlements': lazy(() => import('./funds/Settlements')),
  'products/ProductList': lazy(() => import('./products/ProductList')),
  'products/ProductSummary': lazy(() => import('./products/ProductSummary')),
  'developer/Parameters': lazy(() => import('./developer/Parameters')),
  /** Not a menu item: the header bell widget the shell renders. */
  'system/AnnouncementBell': lazy(() => import('./system/AnnouncementBell')),
};
