/** The public cashier page (/pay/{token}): what the payer sees and may do. No menu page, no permission. */
export * from './vocabulary';
export * from './calls';
export type * from './views';
