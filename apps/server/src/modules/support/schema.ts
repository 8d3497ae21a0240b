/** The support module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { supportConversations } from './support.table.ts';
