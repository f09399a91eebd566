/** The signed open API for merchant integrations (docs/open-api.md). No menu page, no permission. */
export * from './vocabulary';
export * from './calls';
export * from './errors';
export * from './examples';
