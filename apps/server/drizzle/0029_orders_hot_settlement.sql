-- Settling an order as a HOT update (sports.table.ts): no index holds status, payout or settled_at,
-- nor has them in its predicate, and half of each page stays free for the settled row (new pages
-- only). Confirming orders are found by confirm_due_at, set while they confirm, cleared once decided
-- (filled here while orders_confirming_idx still finds them).
ALTER TABLE "orders" ADD COLUMN "confirm_due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "confirm_due_at" = "accept_at" WHERE "status" = 'confirming';--> statement-breakpoint
DROP INDEX "orders_pending_idx";--> statement-breakpoint
DROP INDEX "orders_confirming_idx";--> statement-breakpoint
CREATE INDEX "orders_confirm_due_idx" ON "orders" USING btree ("confirm_due_at","id") WHERE "orders"."confirm_due_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirm_due" CHECK (("orders"."status" = 'confirming') = ("orders"."confirm_due_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "orders" SET (fillfactor = 50);
