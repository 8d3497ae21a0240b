/**
 * The ledger (docs/decisions/001): the only place a balance changes. Other modules post through
 * `LedgerService` in their own transaction and read wallets and entries through what is here.
 */
export { createLedger } from './ledger.module.ts';
export { LedgerService } from './ledger.service.ts';
export type { PostEntryInput, PostedEntry } from './ledger.service.ts';
export { createWallets, walletsOf } from './ledger.repo.ts';
export { bookSizes, findInvariantViolations, lockWallet } from './ledger.repo.ts';
export type { LedgerEntryRow } from './ledger.repo.ts';
/** Retention of the ledger's months: archived to checked files, then dropped (decision 042). */
export { LedgerArchiveService } from './archive.service.ts';
/** The console's manual adjustments (maker–checker) and their /admin/v1 routes. */
export { AdjustmentsService } from './adjustments.service.ts';
export { ledgerAdminRoutes } from './admin.routes.ts';
