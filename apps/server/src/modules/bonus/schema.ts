/** The bonus module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { bonusLogs } from './bonus.table.ts';
