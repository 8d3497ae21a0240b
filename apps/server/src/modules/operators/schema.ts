/** The operators module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { operatorSessions, operators } from './operators.table.ts';
