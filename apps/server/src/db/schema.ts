export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/ledger/ledger.table.ts';
export * from '../modules/idempotency/idempotency.table.ts';
export * from '../modules/app-config/app-config.table.ts';
export * from '../modules/realtime/realtime.table.ts';
export * from '../modules/sports/sports.table.ts';
export * from '../modules/lottery/lottery.table.ts';
