export * from './languages';
export * from './currencies';
export * from './brands';
export * from './constants';
export * from './errors';
export * from './enums';
export * from './channels';
export * from './state-machine';
export * from './statuses';
export * from './money';
export * from './time';
export * from './validation';
export * from './ids';
export * from './identity';
export * from './ledger';
export * from './dashboard/statistics';
export * from './i18n/index';
export * from './i18n/loaders';
// The area and list kits, the registry of areas and what is derived from it.
export * from './areas/define';
export * from './lists/define';
export * from './lists/rules';
export * from './lists/constants';
export * from './permission-codes';
// The areas (declarations, vocabulary and answer shapes) are exported by the registry, one entry each.
export * from './registry';
export * from './permissions/catalogue';
export * from './routes';
