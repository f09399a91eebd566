export * from './languages';
export * from './currencies';
export * from './brands';
export * from './constants';
