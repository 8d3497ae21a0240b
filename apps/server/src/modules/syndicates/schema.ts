/** The syndicates module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { syndicatePlans } from './syndicates.table.ts';
