/**
 * The ledger (docs/decisions/001): the only place a balance changes. Other modules post through
 * `LedgerService` in their own transaction and read wallets and entries through what is here.
 */
export { LedgerService } from './ledger.service.ts';
export type { PostEntryInput, PostedEntry } from './ledger.service.ts';
export { createWallets, walletsOf } from './ledger.repo.ts';
export { bookSizes, findInvariantViolations, lockWallet } from './ledger.repo.ts';
export type { LedgerEntryRow } from './ledger.repo.ts';
