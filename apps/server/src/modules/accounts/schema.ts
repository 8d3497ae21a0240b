/** The accounts module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { loginAttempts, members, sessions } from './accounts.table.ts';
