CREATE TABLE "book_backfill_queue" (
	"order_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Orders open before the book booked liability at submit (0022) have no shares yet; the leader's
-- job sports-book-backfill books them with the engine's rule (book.service.ts outcomeShares).
INSERT INTO "book_backfill_queue" ("order_id")
SELECT o.id FROM "orders" o
WHERE o.status IN ('pending', 'confirming')
  AND NOT EXISTS (SELECT 1 FROM "book_order_exposure" e WHERE e.order_id = o.id);
