/** The sports module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { matches } from './sports.table.ts';
