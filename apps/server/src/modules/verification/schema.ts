/** The verification module's tables, for other modules' tables and repositories: never for services. */
export { smsCodes } from './verification.table.ts';
