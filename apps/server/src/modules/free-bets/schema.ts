/** The free-bets module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { freeBetGrants, freeBets } from './free-bets.table.ts';
