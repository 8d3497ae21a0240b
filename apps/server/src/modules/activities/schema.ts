/** The activities module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { activities } from './activities.table.ts';
