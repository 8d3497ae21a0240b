import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Orders the book has yet to carry: those left open when the book's tables were created
 * (migration 0022 began booking liability at submit; the orders already open then had none).
 * Filled once by migration 0024, emptied by `BookBackfillService`; a fresh database never has a row.
 */
export const bookBackfillQueue = pgTable('book_backfill_queue', {
  orderId: integer('order_id').primaryKey(),
});
