export * from './errors';
export * from './money';
export * from './pagination';
export * from './settings';
export * from './health';
