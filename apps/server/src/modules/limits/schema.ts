/** The limits module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { rateCounters } from './limits.table.ts';
