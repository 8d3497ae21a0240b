/** The lottery module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { lotteryPeriods } from './lottery.table.ts';
