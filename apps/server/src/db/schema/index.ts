/**
 * Database schema as code, one file per area (the tables an area owns). `npm run db:generate -w @mg/server` turns
 * changes into a new SQL migration in apps/server/drizzle/; never edit a migration that has been applied.
 */
export * from './columns';
export * from './dictionaries';
export * from './merchants';
export * from './users';
export * from './departments';
export * from './roles';
export * from './permissions';
export * from './auth';
export * from './audit';
export * from './account';
export * from './mail-outbox';
export * from './announcements';
export * from './ledger';
export * from './products';
export * from './fees';
export * from './developer';
export * from './open-api';
export * from './collections';
export * from './refunds';
export * from './settlements';
export * from './payment-links';
export * from './callbacks';
export * from './balances';
export * from './exports';
export * from './payouts';
export * from './balance-transfers';
export * from './top-ups';
export * from './withdrawals';
export * from './auto-deductions';
export * from './crypto';
export * from './files';
export * from './onboarding';
export * from './realtime';
export * from './channel-health';
export * from './saved-views';
export * from './instances';
export * from './api-logs';
