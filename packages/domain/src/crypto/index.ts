/** Crypto assets (issue 13): networks, the token, and address checks shared by forms, the open API and the server. */
export * from './networks';
export * from './address';
