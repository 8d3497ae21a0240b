/** The idempotency module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { idempotencyRecords } from './idempotency.table.ts';
