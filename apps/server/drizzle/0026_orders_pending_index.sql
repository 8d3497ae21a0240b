-- Open orders only (sports.table.ts): settling an order no longer adds an index entry for its new status.
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("id") WHERE "orders"."status" = 'pending';