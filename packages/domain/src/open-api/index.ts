/** The signed open API for merchant integrations (docs/open-api.md). No menu page, no permission. */
export * from './vocabulary';
