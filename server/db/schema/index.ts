export * from './users';
export * from './sessions';
export * from './settings';
export * from './auth';
export * from './activity';
export * from './ledger';
export * from './transactions';
