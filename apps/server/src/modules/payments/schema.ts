/** The payments module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { paymentCallbacks, paymentOrders, usdtDepositAddresses } from './payments.table.ts';
