/** The ledger module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { ledgerEntries, wallets } from './ledger.table.ts';
export { ledgerArchivedMembers, ledgerArchivedWallets } from './archive.table.ts';
